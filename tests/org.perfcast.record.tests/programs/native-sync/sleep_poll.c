/* The token is a flag per thread that the taker polls every 50 us (usleep). No bystander, as yield_poll.c
   (handoff.h). */
#include <unistd.h>
#define BYSTANDER 0
#include "handoff.h"

static int flags[2];

static void setup(void) {
}

static void give(int to) {
	__atomic_store_n(&flags[to], 1, __ATOMIC_SEQ_CST);
}

static void get(int me) {
	while (!__atomic_exchange_n(&flags[me], 0, __ATOMIC_SEQ_CST)) usleep(50);
}
