/* The token travels through a socketpair, each thread at one end (handoff.h). */
#include <sys/socket.h>
#include <unistd.h>
#include "handoff.h"

static int ends[2];

static void setup(void) {
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, ends)) exit(1);
}

static void give(int to) {
	char token = 't';
	if (send(ends[1 - to], &token, 1, 0) != 1) exit(1);
}

static void get(int me) {
	char token;
	if (recv(ends[me], &token, 1, 0) != 1) exit(1);
}
