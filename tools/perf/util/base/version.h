/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The version perf prints (perf --version) and perf record writes into
 * the VERSION feature of every file: one spelling for both.
 */
#ifndef __PERF_VERSION_H
#define __PERF_VERSION_H

#define PERF_VERSION "6.1.mmap3"

#endif
