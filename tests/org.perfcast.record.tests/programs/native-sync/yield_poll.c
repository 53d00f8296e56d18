/* The token is a flag per thread that the taker polls, yielding the processor between looks (sched_yield). No
   bystander: the waits in sched_yield are the other thread's turns, and the chain runs no faster on two processors
   (handoff.h). */
#include <sched.h>
#define BYSTANDER 0
#include "handoff.h"

static int flags[2];

static void setup(void) {
}

static void give(int to) {
	__atomic_store_n(&flags[to], 1, __ATOMIC_SEQ_CST);
}

static void get(int me) {
	while (!__atomic_exchange_n(&flags[me], 0, __ATOMIC_SEQ_CST)) sched_yield();
}
