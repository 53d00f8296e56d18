/*
 * Wake-ups on one processor as they go on more (part of the pthread recorder, compiled with recorder.c).
 *
 * A condition signalled on a machine with an idle processor wakes its waiter at once: the waiter takes the mutex
 * back, updates what it shares (a pool's count of waiting workers, the worker it will signal next, the job it takes)
 * and lets the mutex go while the signaller runs on. Recorded on one processor as SCHED_BATCH (waits.c), the waiter
 * runs only once the signaller blocks or its slice ends, and until then the program decides on stale state: htslib's
 * pool signals the same sleeping worker again for each new job, so one worker does all of them; a writer thread that
 * never gets the processor leaves the output queue full, so workers that would have found work wait for it. The
 * recording then holds waits and shares of work that the program would not have on two processors, and the
 * simulation can only replay them.
 *
 * So a thread whose signal woke a recorded waiter gives the processor up once the waiter can run (when it releases
 * the condition's mutex, or at once when it does not hold it), and the woken thread gives it back when it first
 * releases a mutex after its wait: the waiter's bookkeeping happens where it would on an idle processor, and the rest
 * of both threads' work goes on as before. Every wait and wake is still recorded as it happened; only the order of
 * the threads' turns on the processor changes. PERFCAST_HANDOFFS=0 turns it off.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "recorder.h"

static int off = -1; /* PERFCAST_HANDOFFS=0; read on first use */
static __thread int owed; /* this thread gives the processor up at its next release of a mutex */

static int enabled(void) {
	if (off < 0) {
		const char *v = getenv("PERFCAST_HANDOFFS");
		off = v && v[0] == '0' && !v[1];
	}
	return !off;
}

/* The real sched_yield, without the wrapper that records polling (waits.c). */
static void give_up(void) {
	syscall(SYS_sched_yield);
}

void handoff_signalled(int holding) {
	if (!enabled()) return;
	if (holding) owed = 1;
	else give_up();
}

void handoff_woken(void) {
	if (enabled()) owed = 1;
}

void handoff_released(void) {
	if (owed) {
		owed = 0;
		give_up();
	}
}

void handoff_blocking(void) {
	owed = 0;
}
