// SPDX-License-Identifier: GPL-2.0
/*
 * A module for the guest tests: writing N to
 * /sys/module/mmap3_testmod/parameters/spin_ms keeps the CPU in
 * mmap3_testmod_spin() for N ms, so a recording has kernel samples whose
 * addresses only the module's map (synthesized by perf record at start-up,
 * with the build-id from /sys/module/mmap3_testmod/notes) can resolve.
 */
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

static unsigned int spin_ms;

/* noinline: the samples must land in a symbol of the module's own .text. */
static noinline u64 mmap3_testmod_spin(unsigned int ms)
{
	u64 end = ktime_get_ns() + (u64)ms * NSEC_PER_MSEC, n = 1;
	unsigned int i;

	/*
	 * Mostly our own arithmetic: under QEMU's TCG reading the clock
	 * costs more than thousands of multiplications, and its samples
	 * would land in the timekeeping code.
	 */
	while (ktime_get_ns() < end) {
		for (i = 0; i < 100000; i++) {
			n = n * 6364136223846793005ULL + 1442695040888963407ULL;
			barrier();
		}
	}
	return n;
}

static int spin_ms_set(const char *val, const struct kernel_param *kp)
{
	int err = param_set_uint(val, kp);

	if (!err && spin_ms)
		pr_info("mmap3_testmod: %llu iterations\n", mmap3_testmod_spin(spin_ms));
	return err;
}

static const struct kernel_param_ops spin_ms_ops = {
	.set = spin_ms_set,
	.get = param_get_uint,
};
module_param_cb(spin_ms, &spin_ms_ops, &spin_ms, 0644);
MODULE_PARM_DESC(spin_ms, "spin in the module's text for this many ms");

MODULE_DESCRIPTION("MMAP3 tests: a module with a hot function");
MODULE_LICENSE("GPL");
