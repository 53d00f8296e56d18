/* The token travels through two pipes (handoff.h). */
#include <unistd.h>
#include "handoff.h"

static int pipes[2][2]; /* pipes[t]: to thread t */

static void setup(void) {
	if (pipe(pipes[0]) || pipe(pipes[1])) exit(1);
}

static void give(int to) {
	char token = 't';
	if (write(pipes[to][1], &token, 1) != 1) exit(1);
}

static void get(int me) {
	char token;
	if (read(pipes[me][0], &token, 1) != 1) exit(1);
}
