/* The token is a message on a POSIX message queue, one queue per thread (handoff.h). */
#include <fcntl.h>
#include <mqueue.h>
#include <unistd.h>
#include "handoff.h"

static mqd_t queues[2];

static void setup(void) {
	struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 8 };
	for (int t = 0; t < 2; t++) {
		char name[64];
		snprintf(name, sizeof name, "/perfcast-handoff-%d-%d", (int) getpid(), t);
		queues[t] = mq_open(name, O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
		if (queues[t] == (mqd_t) -1) {
			perror("mq_open");
			exit(1);
		}
		mq_unlink(name);
	}
}

static void give(int to) {
	if (mq_send(queues[to], "t", 1, 0)) exit(1);
}

static void get(int me) {
	char message[8];
	if (mq_receive(queues[me], message, sizeof message, NULL) < 0) exit(1);
}
