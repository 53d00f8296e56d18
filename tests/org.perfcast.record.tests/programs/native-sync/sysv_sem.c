/* The token is a unit of a System V semaphore, one per thread in one set (handoff.h). */
#include <sys/ipc.h>
#include <sys/sem.h>
#include <unistd.h>
#include "handoff.h"

static int set;

static void done(void) {
	semctl(set, 0, IPC_RMID);
}

static void setup(void) {
	set = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
	if (set < 0) exit(1);
	atexit(done);
	for (int t = 0; t < 2; t++) semctl(set, t, SETVAL, 0);
}

static void give(int to) {
	struct sembuf op = { (unsigned short) to, 1, 0 };
	if (semop(set, &op, 1)) exit(1);
}

static void get(int me) {
	struct sembuf op = { (unsigned short) me, -1, 0 };
	if (semop(set, &op, 1)) exit(1);
}
