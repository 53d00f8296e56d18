/*
 * Semaphores, barriers and once (part of the pthread recorder, compiled with recorder.c): sem_post -> post, sem_wait
 * and successful trywait/timedwait -> take (a semaphore's value at init/open -> posts); barrier_wait -> the last
 * arriving thread posts once for every other, which take; pthread_once, call_once -> lock and unlock of the once by
 * the thread that runs it and by those it held up.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "recorder.h"

/* ---------------------------------------------------------------- the real functions */

#define REAL(name) static __typeof__(name) *real_##name
REAL(pthread_barrier_init); REAL(pthread_barrier_wait); REAL(pthread_barrier_destroy);
REAL(pthread_once); REAL(call_once);
REAL(sem_init); REAL(sem_open); REAL(sem_wait); REAL(sem_trywait); REAL(sem_timedwait); REAL(sem_clockwait);
REAL(sem_post); REAL(sem_destroy);
static int resolved;

#define FIND(name) real_##name = dlsym(RTLD_NEXT, #name)

/* The recorder's functions, and these. */
static void resolve(void) {
	recorder_resolve();
	if (__atomic_load_n(&resolved, __ATOMIC_ACQUIRE)) return;
	FIND(pthread_barrier_init); FIND(pthread_barrier_wait); FIND(pthread_barrier_destroy);
	FIND(pthread_once); FIND(call_once);
	FIND(sem_init); FIND(sem_open); FIND(sem_wait); FIND(sem_trywait); FIND(sem_timedwait); FIND(sem_clockwait);
	FIND(sem_post); FIND(sem_destroy);
	__atomic_store_n(&resolved, 1, __ATOMIC_RELEASE);
}

/* ---------------------------------------------------------------- semaphores */

static void posted(const void *s, long n, void *site) {
	recorder_lock();
	struct object *o = recorder_object(s);
	char name[48];
	recorder_object_name(name, sizeof name, 's', s, o->incarnation);
	for (long i = 0; i < n; i++) recorder_record(POST, name, site);
	recorder_unlock();
}

static void taken(const void *s, void *caller) {
	if (!recorder_started()) return;
	void *site = recorder_site(caller);
	recorder_lock();
	struct object *o = recorder_object(s);
	char name[48];
	recorder_object_name(name, sizeof name, 's', s, o->incarnation);
	recorder_record(TAKE, name, site);
	recorder_unlock();
}

int sem_init(sem_t *s, int shared, unsigned value) {
	resolve();
	recorder_renewed(s);
	int r = real_sem_init(s, shared, value);
	if (r == 0 && recorder_started()) posted(s, value, recorder_site(__builtin_return_address(0)));
	return r;
}

sem_t *sem_open(const char *name, int flags, ...) {
	resolve();
	va_list list;
	va_start(list, flags);
	mode_t mode = va_arg(list, mode_t);
	unsigned value = va_arg(list, unsigned);
	va_end(list);
	sem_t *s = real_sem_open(name, flags, mode, value);
	int now;
	if (s != SEM_FAILED && recorder_started() && sem_getvalue(s, &now) == 0) {
		recorder_renewed(s);
		posted(s, now, recorder_site(__builtin_return_address(0)));
	}
	return s;
}

int sem_post(sem_t *s) {
	resolve();
	if (!recorder_started()) return real_sem_post(s);
	void *site = recorder_site(__builtin_return_address(0));
	recorder_lock();
	struct object *o = recorder_object(s);
	char name[48];
	recorder_object_name(name, sizeof name, 's', s, o->incarnation);
	recorder_record(POST, name, site);
	int r = real_sem_post(s);
	recorder_unlock();
	return r;
}

int sem_wait(sem_t *s) {
	resolve();
	int r = real_sem_wait(s);
	if (r == 0) taken(s, __builtin_return_address(0));
	return r;
}

int sem_trywait(sem_t *s) {
	resolve();
	int r = real_sem_trywait(s);
	if (r == 0) taken(s, __builtin_return_address(0));
	return r;
}

int sem_timedwait(sem_t *restrict s, const struct timespec *restrict deadline) {
	resolve();
	struct span span;
	recorder_span_begin(&span);
	int r = real_sem_timedwait(s, deadline);
	if (r == 0) taken(s, __builtin_return_address(0));
	else if (errno == ETIMEDOUT) recorder_span_end(&span, SLEEP, __builtin_return_address(0));
	return r;
}

int sem_clockwait(sem_t *restrict s, clockid_t clock, const struct timespec *restrict deadline) {
	resolve();
	struct span span;
	recorder_span_begin(&span);
	int r = real_sem_clockwait(s, clock, deadline);
	if (r == 0) taken(s, __builtin_return_address(0));
	else if (errno == ETIMEDOUT) recorder_span_end(&span, SLEEP, __builtin_return_address(0));
	return r;
}

int sem_destroy(sem_t *s) {
	resolve();
	recorder_renewed(s);
	return real_sem_destroy(s);
}

/* ---------------------------------------------------------------- barriers and once */

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned parties) {
	resolve();
	recorder_renewed(b);
	if (recorder_started()) {
		recorder_lock();
		recorder_object(b)->parties = (int) parties;
		recorder_unlock();
	}
	return real_pthread_barrier_init(b, attr, parties);
}

int pthread_barrier_destroy(pthread_barrier_t *b) {
	resolve();
	recorder_renewed(b);
	return real_pthread_barrier_destroy(b);
}

int pthread_barrier_wait(pthread_barrier_t *b) {
	resolve();
	if (recorder_started()) {
		void *site = recorder_site(__builtin_return_address(0));
		recorder_lock();
		struct object *o = recorder_object(b);
		char name[64], base[48];
		recorder_object_name(base, sizeof base, 'b', b, o->incarnation);
		snprintf(name, sizeof name, "%s.%u", base, o->round);
		if (++o->arrived >= o->parties) {
			for (int i = 1; i < o->parties; i++) recorder_record(POST, name, site);
			o->arrived = 0;
			o->round++;
		} else {
			recorder_record(TAKE, name, site);
		}
		recorder_unlock();
	}
	return real_pthread_barrier_wait(b);
}

/* pthread_once: the thread that runs the routine holds the once as a mutex; a thread that found it running waits
   for it, which the trace says as a lock and unlock after the routine's unlock. */
static __thread void (*once_routine)(void);
static __thread const void *once_address;
static __thread void *once_site;
static __thread int once_ran;

static void once_trampoline(void) {
	void (*routine)(void) = once_routine;
	const void *address = once_address;
	void *site = once_site;
	once_ran = 1;
	recorder_lock();
	recorder_object(address)->once = 1;
	char name[48];
	recorder_object_name(name, sizeof name, 'o', address, 0);
	recorder_record(LOCK, name, site);
	recorder_unlock();
	routine();
	recorder_lock();
	recorder_object(address)->once = 2;
	recorder_record(UNLOCK, name, site);
	recorder_unlock();
}

static int once(const void *address, void (*routine)(void), int (*call)(const void *, void (*)(void)), void *caller) {
	if (!recorder_started() || recorder_inside()) return call(address, routine);
	recorder_lock();
	int state = recorder_object(address)->once;
	recorder_unlock();
	if (state == 2) return call(address, routine);
	void (*outer_routine)(void) = once_routine;
	const void *outer_address = once_address;
	void *outer_site = once_site;
	int outer_ran = once_ran;
	once_routine = routine;
	once_address = address;
	once_site = recorder_site(caller);
	once_ran = 0;
	int r = call(address, once_trampoline);
	int ran = once_ran;
	once_ran = outer_ran;
	if (!ran && r == 0) {
		recorder_lock();
		char name[48];
		recorder_object_name(name, sizeof name, 'o', address, 0);
		recorder_record(LOCK, name, once_site);
		recorder_record(UNLOCK, name, once_site);
		recorder_unlock();
	}
	once_routine = outer_routine;
	once_address = outer_address;
	once_site = outer_site;
	return r;
}

static int call_pthread_once(const void *address, void (*routine)(void)) {
	return real_pthread_once((pthread_once_t *) address, routine);
}

static int call_c11_once(const void *address, void (*routine)(void)) {
	real_call_once((once_flag *) address, routine);
	return 0;
}

int pthread_once(pthread_once_t *control, void (*routine)(void)) {
	resolve();
	if (recorder_own_once(control)) return real_pthread_once(control, routine);
	return once(control, routine, call_pthread_once, __builtin_return_address(0));
}

void call_once(once_flag *flag, void (*routine)(void)) {
	resolve();
	once(flag, routine, call_c11_once, __builtin_return_address(0));
}
