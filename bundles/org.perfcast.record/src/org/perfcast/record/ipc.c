/*
 * POSIX message queues and System V semaphores and message queues made in the process, as channels between its
 * threads (part of the pthread recorder, with channels.c, which says how a channel's posts and takes are written).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <time.h>

#include "recorder.h"
#include "channels.h"

#define REAL(name) static __typeof__(name) *real_##name
#define FIND(name) do { if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name); } while (0)
REAL(mq_open); REAL(mq_close); REAL(mq_send); REAL(mq_timedsend); REAL(mq_receive); REAL(mq_timedreceive);
REAL(semget); REAL(semop); REAL(semtimedop); REAL(semctl); REAL(msgget); REAL(msgsnd); REAL(msgrcv);

/* ---------------------------------------------------------------- POSIX message queues */

/* A message is a unit; a queue opened here is a channel (another process may use it too: its messages are then
   units of no post, and a message this process sends may be received there, leaving a post no take takes). */
mqd_t mq_open(const char *name, int flags, ...) {
	FIND(mq_open);
	mode_t mode = 0;
	struct mq_attr *attr = NULL;
	if (flags & O_CREAT) {
		va_list list;
		va_start(list, flags);
		mode = va_arg(list, mode_t);
		attr = va_arg(list, struct mq_attr *);
		va_end(list);
	}
	mqd_t q = real_mq_open(name, flags, mode, attr);
	if (q != (mqd_t) -1 && recorder_active()) {
		recorder_lock();
		unsigned c = new_channel("mq", -1, 0);
		bind_descriptor((int) q, c, c);
		recorder_unlock();
	}
	return q;
}

int mq_close(mqd_t q) {
	FIND(mq_close);
	if (ends_of((int) q).read) {
		recorder_lock();
		bind_descriptor((int) q, 0, 0);
		recorder_unlock();
	}
	return real_mq_close(q);
}

static int mq_nonblocking(mqd_t q) {
	struct mq_attr a;
	return mq_getattr(q, &a) == 0 && (a.mq_flags & O_NONBLOCK);
}

#define MQ_SEND(q, call)                                                                          \
	do {                                                                                          \
		unsigned ch = ends_of((int) q).write;                                                     \
		if (!ch || !recorder_active()) return call;                                               \
		void *site = recorder_site(__builtin_return_address(0));                                  \
		int quick = mq_nonblocking(q);                                                            \
		recorder_lock();                                                                          \
		struct channel *c = channel(ch);                                                          \
		long long serial = -1;                                                                    \
		int r;                                                                                    \
		if (quick) {                                                                              \
			r = call;                                                                             \
			if (r == 0 && c) posting(c, 1, site);                                                 \
			recorder_unlock();                                                                    \
			return r;                                                                             \
		}                                                                                         \
		if (c) serial = posting(c, 1, site);                                                      \
		recorder_unlock();                                                                        \
		r = call;                                                                                 \
		int saved = errno;                                                                        \
		if (r != 0 && serial >= 0) {                                                              \
			recorder_lock();                                                                      \
			if (channel(ch) == c) delivered(c, serial, 1);                                        \
			recorder_unlock();                                                                    \
		}                                                                                         \
		errno = saved;                                                                            \
		return r;                                                                                 \
	} while (0)

#define MQ_RECEIVE(q, call)                                                                       \
	do {                                                                                          \
		unsigned ch = ends_of((int) q).read;                                                      \
		if (!ch || !recorder_active()) return call;                                               \
		void *site = recorder_site(__builtin_return_address(0));                                  \
		ssize_t r = call;                                                                         \
		int saved = errno;                                                                        \
		if (r >= 0) {                                                                             \
			recorder_lock();                                                                      \
			struct channel *c = channel(ch);                                                      \
			if (c) consuming(c, 1, site);                                                         \
			recorder_unlock();                                                                    \
		}                                                                                         \
		errno = saved;                                                                            \
		return r;                                                                                 \
	} while (0)

int mq_send(mqd_t q, const char *message, size_t n, unsigned priority) {
	FIND(mq_send);
	MQ_SEND(q, real_mq_send(q, message, n, priority));
}

int mq_timedsend(mqd_t q, const char *message, size_t n, unsigned priority, const struct timespec *deadline) {
	FIND(mq_timedsend);
	MQ_SEND(q, real_mq_timedsend(q, message, n, priority, deadline));
}

ssize_t mq_receive(mqd_t q, char *message, size_t n, unsigned *priority) {
	FIND(mq_receive);
	MQ_RECEIVE(q, real_mq_receive(q, message, n, priority));
}

ssize_t mq_timedreceive(mqd_t q, char *restrict message, size_t n, unsigned *restrict priority,
		const struct timespec *restrict deadline) {
	FIND(mq_timedreceive);
	MQ_RECEIVE(q, real_mq_timedreceive(q, message, n, priority, deadline));
}

/* ---------------------------------------------------------------- System V semaphores and message queues */

/* The ids this process made (semget, msgget with IPC_CREAT or IPC_PRIVATE): a semaphore's units and a queue's
   messages of one type are channels named sem.ID.N and msg.ID.TYPE. */
static int *own_ids;
static size_t own_count, own_capacity;

static int own(int id) {
	for (size_t i = 0; i < own_count; i++) if (own_ids[i] == id) return 1;
	return 0;
}

static void made_id(int id) {
	recorder_lock();
	if (!own(id)) {
		if (own_count == own_capacity) {
			own_capacity = own_capacity ? own_capacity * 2 : 16;
			own_ids = realloc(own_ids, own_capacity * sizeof *own_ids);
		}
		own_ids[own_count++] = id;
	}
	recorder_unlock();
}

int semget(key_t key, int count, int flags) {
	FIND(semget);
	int id = real_semget(key, count, flags);
	if (id >= 0 && recorder_active() && (key == IPC_PRIVATE || (flags & IPC_CREAT))) made_id(id);
	return id;
}

/* A semaphore's value set is the units of one post (as sem_init's value is posts). */
static void set_value(int id, int number, long long value, void *site) {
	struct channel *c = channel_keyed("sem", id, number);
	c->count = c->head = 0;
	posting(c, value, site);
}

int semctl(int id, int number, int command, ...) {
	FIND(semctl);
	va_list list;
	va_start(list, command);
	union { int val; struct semid_ds *buf; unsigned short *array; void *any; } argument;
	argument.any = va_arg(list, void *);
	va_end(list);
	int r = real_semctl(id, number, command, argument.any);
	if (r < 0 || !recorder_active()) return r;
	void *site = recorder_site(__builtin_return_address(0));
	if (command == SETVAL && own(id)) {
		recorder_lock();
		set_value(id, number, argument.val, site);
		recorder_unlock();
	} else if (command == SETALL && own(id)) {
		struct semid_ds info;
		if (real_semctl(id, 0, IPC_STAT, &info) == 0) {
			recorder_lock();
			for (unsigned long i = 0; i < info.sem_nsems; i++) set_value(id, (int) i, argument.array[i], site);
			recorder_unlock();
		}
	} else if (command == IPC_RMID) {
		recorder_lock();
		channels_release_key(id);
		recorder_unlock();
	}
	return r;
}

/* Increments are posts and decrements takes of the semaphore's units; an operation that only increments cannot block
   and is done under the lock, one that decrements is written once done. */
static int semaphore_operation(int id, struct sembuf *ops, size_t n, const struct timespec *timeout, void *caller) {
	FIND(semop);
	FIND(semtimedop);
	if (!recorder_active() || !own(id)) return timeout ? real_semtimedop(id, ops, n, timeout) : real_semop(id, ops, n);
	void *site = recorder_site(caller);
	int decrements = 0;
	for (size_t i = 0; i < n; i++) if (ops[i].sem_op < 0) decrements = 1;
	if (!decrements) recorder_lock();
	int r = timeout ? real_semtimedop(id, ops, n, timeout) : real_semop(id, ops, n);
	int saved = errno;
	if (decrements && r == 0) recorder_lock();
	if (r == 0) {
		for (size_t i = 0; i < n; i++) {
			if (ops[i].sem_op < 0) consuming(channel_keyed("sem", id, ops[i].sem_num), -ops[i].sem_op, site);
		}
		for (size_t i = 0; i < n; i++) {
			if (ops[i].sem_op > 0) posting(channel_keyed("sem", id, ops[i].sem_num), ops[i].sem_op, site);
		}
	}
	if (!decrements || r == 0) recorder_unlock();
	errno = saved;
	return r;
}

int semop(int id, struct sembuf *ops, size_t n) {
	return semaphore_operation(id, ops, n, NULL, __builtin_return_address(0));
}

int semtimedop(int id, struct sembuf *ops, size_t n, const struct timespec *timeout) {
	return semaphore_operation(id, ops, n, timeout, __builtin_return_address(0));
}

int msgget(key_t key, int flags) {
	FIND(msgget);
	int id = real_msgget(key, flags);
	if (id >= 0 && recorder_active() && (key == IPC_PRIVATE || (flags & IPC_CREAT))) made_id(id);
	return id;
}

int msgsnd(int id, const void *message, size_t n, int flags) {
	FIND(msgsnd);
	if (!recorder_active() || !own(id)) return real_msgsnd(id, message, n, flags);
	void *site = recorder_site(__builtin_return_address(0));
	int type = (int) *(const long *) message;
	recorder_lock();
	struct channel *c = channel_keyed("msg", id, type);
	if (flags & IPC_NOWAIT) {
		int r = real_msgsnd(id, message, n, flags);
		if (r == 0) posting(c, 1, site);
		recorder_unlock();
		return r;
	}
	long long serial = posting(c, 1, site);
	recorder_unlock();
	int r = real_msgsnd(id, message, n, flags);
	int saved = errno;
	if (r != 0 && serial >= 0) {
		recorder_lock();
		delivered(channel_keyed("msg", id, type), serial, 1);
		recorder_unlock();
	}
	errno = saved;
	return r;
}

ssize_t msgrcv(int id, void *message, size_t n, long type, int flags) {
	FIND(msgrcv);
	if (!recorder_active() || !own(id)) return real_msgrcv(id, message, n, type, flags);
	void *site = recorder_site(__builtin_return_address(0));
	ssize_t r = real_msgrcv(id, message, n, type, flags);
	int saved = errno;
	if (r >= 0) {
		recorder_lock();
		consuming(channel_keyed("msg", id, (int) *(long *) message), 1, site);
		recorder_unlock();
	}
	errno = saved;
	return r;
}
