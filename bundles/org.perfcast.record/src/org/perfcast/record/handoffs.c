/*
 * Wake-ups on one processor as they go on more (part of the pthread recorder, compiled with recorder.c).
 *
 * A condition signalled on a machine with an idle processor wakes its waiter within a wake-up latency: the waiter
 * takes the mutex back, updates what it shares (a pool's count of sleeping workers, the worker to signal next, the
 * job it takes) and lets the mutex go while the signaller runs on. Recorded on one processor as SCHED_BATCH (waits.c),
 * the waiter runs only once the signaller blocks or its slice ends, and until then the signaller decides on stale
 * state: htslib's pool (bgzip, samtools) signals the same sleeping worker again for each job it queues, so that one
 * worker does them all and the other sleeps. The recording then holds a share of the work, and waits, that the
 * program does not have on two processors, and the simulation can only replay them.
 *
 * So a thread whose signal woke a recorded waiter, when it next takes a mutex at least the wake-up latency of its own
 * processor time later (the waiter would have run by then), first gives the processor up; the woken thread gives it
 * back when it first releases a mutex after its wait. A signaller that takes the mutex again sooner (a burst of
 * signals) decides on the same stale state as on more processors, and keeps the processor. Every wait and wake is
 * recorded as it happened; only the order of the threads' turns on the one processor changes.
 * PERFCAST_HANDOFFS=0 turns it off; PERFCAST_WAKE_LATENCY_US sets the latency (default 20 us).
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "recorder.h"

static int off = -1;              /* PERFCAST_HANDOFFS=0; read on first use */
static long long latency = 20000; /* ns of the signaller's processor time */
static __thread long long owed_since = -1; /* the signaller's CPU clock at its latest signal, -1 when none is owed */
static __thread int owed_back;    /* woken: gives the processor back at its next release of a mutex */

static int enabled(void) {
	if (off < 0) {
		const char *v = getenv("PERFCAST_HANDOFFS");
		const char *l = getenv("PERFCAST_WAKE_LATENCY_US");
		if (l && *l) latency = atoll(l) * 1000;
		off = v && v[0] == '0' && !v[1];
	}
	return !off;
}

/* The real sched_yield, without the wrapper that records polling (waits.c). */
static void give_up(void) {
	syscall(SYS_sched_yield);
}

void handoff_signalled(void) {
	if (enabled() && owed_since < 0) owed_since = recorder_cpu();
}

void handoff_woken(void) {
	if (enabled()) owed_back = 1;
}

void handoff_acquiring(void) {
	if (owed_since >= 0 && recorder_cpu() - owed_since >= latency) {
		owed_since = -1;
		give_up();
	}
}

void handoff_released(void) {
	if (owed_back) {
		owed_back = 0;
		give_up();
	}
}

void handoff_blocking(void) {
	owed_since = -1;
	owed_back = 0;
}
