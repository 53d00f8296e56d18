/*
 * Waits that are not a call the recorder pairs with a waker (part of the pthread recorder, compiled with recorder.c):
 *
 * - the run-queue delay of a thread (run_delay in /proc/thread-self/schedstat), so that an I/O call's time off the
 *   processor leaves out the time the thread waited for the processor after the I/O was done: on one processor that
 *   is other threads' time slices, not I/O;
 * - sched_yield, which a thread calls in a loop while it polls a flag another thread sets (spin-then-yield locks,
 *   hand-written queues): on one processor the time it is away is what the thread that sets the flag ran, and no
 *   call says which thread that is, so the wait is written as a sleep of the length it had (wall minus CPU time),
 *   and the trace's end says how much of the recording such polling waits are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "recorder.h"

/* ---------------------------------------------------------------- run-queue delay */

static __thread int schedstat = -1; /* this thread's /proc/thread-self/schedstat, opened on first use */
static __thread int schedstat_failed;

long long waits_run_delay(void) {
	if (schedstat < 0) {
		if (schedstat_failed) return -1;
		int fd = (int) syscall(SYS_openat, AT_FDCWD, "/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			schedstat_failed = 1;
			return -1;
		}
		/* out of the way of the program's own descriptor numbers */
		int high = fcntl(fd, F_DUPFD_CLOEXEC, 900);
		if (high >= 0) {
			syscall(SYS_close, fd);
			fd = high;
		}
		schedstat = fd;
	}
	char text[96];
	long n = syscall(SYS_pread64, schedstat, text, sizeof text - 1, 0L);
	if (n <= 0) return -1;
	text[n] = 0;
	/* "time-on-cpu run-delay timeslices", in ns */
	char *end;
	strtoll(text, &end, 10);
	long long delay = strtoll(end, &end, 10);
	return delay;
}

void waits_thread_ended(void) {
	if (schedstat >= 0) {
		syscall(SYS_close, schedstat);
		schedstat = -1;
	}
}

int waits_own_descriptor(int fd) {
	return fd >= 0 && fd == schedstat;
}

/* ---------------------------------------------------------------- the recorded run's schedule */

/* On one processor a thread woken by another preempts it at once (wakeup preemption): a waker that is about to wait
   itself (a handoff through a flag and a futex, a lock-free queue whose consumer sleeps only when it is empty) then
   finds the next token already there when it runs again, without a call the recorder sees, and the recording loses
   that handoff. As SCHED_BATCH (inherited by the threads and processes it starts), a woken thread waits for the
   running one to block or to use up its time slice, as the simulation's schedule does: the waker reaches its wait,
   and the handoff is a wake and a wait. The slice is made 20 ms where the kernel lets a thread choose it (Linux 6.12
   and later; else 3 ms or so), so that the end of a slice seldom falls between a wake and the wait after it. A
   policy other than the default one is kept. */
struct slice_attr { uint32_t size, policy; uint64_t flags; int32_t nice; uint32_t priority; uint64_t runtime, deadline,
	period; uint32_t util_min, util_max; };

void waits_begin(void) {
	if (sched_getscheduler(0) != SCHED_OTHER) return;
	struct slice_attr batch = { .size = sizeof batch, .policy = SCHED_BATCH, .nice = getpriority(PRIO_PROCESS, 0),
		.runtime = 20000000ULL };
	if (syscall(SYS_sched_setattr, 0, &batch, 0) != 0) {
		struct sched_param none = { 0 };
		sched_setscheduler(0, SCHED_BATCH, &none);
	}
}

/* ---------------------------------------------------------------- polling */

static long long polls, polled_ns; /* polling waits written as sleeps, and their total; under the recorder's lock */

void waits_polled(long long off) {
	polls++;
	polled_ns += off;
}

void waits_notes(FILE *trace) {
	if (polls) {
		fprintf(trace, "# %lld waits polling in sched_yield (%lld.%09lld s) are sleeps of their recorded length: no call "
				"says which thread they waited for\n", polls, polled_ns / 1000000000LL, polled_ns % 1000000000LL);
	}
}

int sched_yield(void) {
	static __typeof__(sched_yield) *real;
	if (!real) real = dlsym(RTLD_NEXT, "sched_yield");
	struct span s;
	recorder_span_begin(&s);
	int r = real();
	recorder_span_end(&s, POLLED, __builtin_return_address(0));
	return r;
}
