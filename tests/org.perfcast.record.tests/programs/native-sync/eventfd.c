/* The token is an eventfd's count, one eventfd per thread (handoff.h). */
#include <sys/eventfd.h>
#include <unistd.h>
#include "handoff.h"

static int counters[2];

static void setup(void) {
	counters[0] = eventfd(0, 0);
	counters[1] = eventfd(0, 0);
	if (counters[0] < 0 || counters[1] < 0) exit(1);
}

static void give(int to) {
	if (eventfd_write(counters[to], 1)) exit(1);
}

static void get(int me) {
	eventfd_t value;
	if (eventfd_read(counters[me], &value)) exit(1);
}
