/* The token is a count of tokens per thread, taken without a lock; a thread finding none sleeps on a futex
   (FUTEX_WAIT_PRIVATE, which returns EAGAIN when a token came in the meantime) and the giver wakes it (handoff.h). */
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "handoff.h"

static int tokens[2], sleeping[2];

static void setup(void) {
}

static void give(int to) {
	__atomic_add_fetch(&tokens[to], 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&sleeping[to], __ATOMIC_SEQ_CST)) syscall(SYS_futex, &tokens[to], FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
}

static void get(int me) {
	for (;;) {
		int n = __atomic_load_n(&tokens[me], __ATOMIC_SEQ_CST);
		if (n > 0) {
			if (__atomic_compare_exchange_n(&tokens[me], &n, n - 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
			continue;
		}
		__atomic_store_n(&sleeping[me], 1, __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&tokens[me], __ATOMIC_SEQ_CST) == 0) {
			syscall(SYS_futex, &tokens[me], FUTEX_WAIT_PRIVATE, 0, 0, 0, 0);
		}
		__atomic_store_n(&sleeping[me], 0, __ATOMIC_SEQ_CST);
	}
}
