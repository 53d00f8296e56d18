/* The token is a flag per thread; a thread spins a while for it (100 times, as glibc's adaptive mutexes at most), then sleeps on a futex with the bitset variants
   (FUTEX_WAIT_BITSET_PRIVATE, FUTEX_WAKE_BITSET_PRIVATE) until the giver wakes it (handoff.h). */
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "handoff.h"

static int flags[2], sleeping[2];

static void setup(void) {
}

static void give(int to) {
	__atomic_store_n(&flags[to], 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&sleeping[to], __ATOMIC_SEQ_CST)) {
		syscall(SYS_futex, &flags[to], FUTEX_WAKE_BITSET_PRIVATE, 1, 0, 0, FUTEX_BITSET_MATCH_ANY);
	}
}

static void get(int me) {
	for (int spin = 0; spin < 100; spin++) {
		if (__atomic_exchange_n(&flags[me], 0, __ATOMIC_SEQ_CST)) return;
		__builtin_ia32_pause();
	}
	for (;;) {
		__atomic_store_n(&sleeping[me], 1, __ATOMIC_SEQ_CST);
		if (__atomic_exchange_n(&flags[me], 0, __ATOMIC_SEQ_CST)) break;
		syscall(SYS_futex, &flags[me], FUTEX_WAIT_BITSET_PRIVATE, 0, 0, 0, FUTEX_BITSET_MATCH_ANY);
	}
	__atomic_store_n(&sleeping[me], 0, __ATOMIC_SEQ_CST);
}
