/* SPDX-License-Identifier: GPL-2.0 */
/*
 * t0467's program: a loop in main_work() interrupted every 2 ms by
 * SIGALRM, whose handler spins in handler_work(): samples there unwind
 * through the signal frame (libc's __restore_rt, whose CFI is a signal
 * frame of DWARF expressions) back into the interrupted loop.  Built -O2
 * -fomit-frame-pointer: only the CFI unwinds it.  Argument: seconds.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

static volatile unsigned long sink;

__attribute__((noinline, noipa)) static void handler_work(void)
{
	unsigned long i, s = 0;

	for (i = 0; i < 200000; i++)
		s += i * i ^ (s >> 3);
	sink += s;
}

__attribute__((noinline, noipa)) static void on_alarm(int sig)
{
	(void)sig;
	handler_work();
	sink++;
}

__attribute__((noinline, noipa)) static unsigned long main_work(unsigned long n)
{
	unsigned long i, s = 0;

	for (i = 0; i < n; i++)
		s += (i * 7) ^ (s << 1);
	return s;
}

__attribute__((noinline, noipa)) static void loop(double secs)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		sink += main_work(2000000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
}

int main(int argc, char **argv)
{
	struct sigaction sa;
	struct itimerval it = { { 0, 2000 }, { 0, 2000 } };

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	loop(argc > 1 ? atof(argv[1]) : 1.0);
	return 0;
}
