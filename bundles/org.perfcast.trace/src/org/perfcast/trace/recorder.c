/*
 * Perfcast's pthread recorder (the VPPB Recorder for C): preloaded into a program (LD_PRELOAD) running on one
 * processor, it records each thread's synchronisation events with the wall clock and the thread's CPU clock,
 * and at exit writes them as a *.vtrace file (PERFCAST_TRACE_OUT) for perfcast trace.
 *
 * Mapping: pthread_create -> create, return from the start routine or pthread_exit -> exit, pthread_join ->
 * join, mutex lock/unlock -> lock (logged once acquired)/unlock, cond_wait -> unlock, then take (if a signal woke it) and lock after the wakeup, cond_signal and
 * cond_broadcast -> one post per waiter woken, sem_post -> post, sem_wait -> take (sem_init's value -> posts),
 * barrier_wait -> the last arriving thread posts once for every other, which take.
 * Events are logged under one recorder lock, so their order is the order they happened in.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t recorder = PTHREAD_MUTEX_INITIALIZER;

/* Events are kept as records and written by a thread of the recorder every 100 ms and at exit, so that the cost
   per event stays low and a program that dies leaves the trace of what it did until shortly before (no @end). */
struct event {
	long long wall, cpu; /* nanoseconds */
	char thread[16];
	char kind[8];
	char args[40];
};
static struct event *events;
static size_t count, capacity;
static int next_thread = 1;
static struct timespec start;
static __thread char self[32];

#define MAX_OBJECTS 4096
static struct object { const void *address; int waiters; int posted; int parties; int arrived; unsigned generation; } objects[MAX_OBJECTS];
static int object_count;

static int (*real_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
static int (*real_join)(pthread_t, void **);
static void (*real_exit)(void *) __attribute__((noreturn));
static int (*real_lock)(pthread_mutex_t *);
static int (*real_unlock)(pthread_mutex_t *);
static int (*real_cond_wait)(pthread_cond_t *, pthread_mutex_t *);
static int (*real_signal)(pthread_cond_t *);
static int (*real_broadcast)(pthread_cond_t *);
static int (*real_sem_init)(sem_t *, int, unsigned);
static int (*real_sem_wait)(sem_t *);
static int (*real_sem_post)(sem_t *);
static int (*real_barrier_init)(pthread_barrier_t *, const pthread_barrierattr_t *, unsigned);
static int (*real_barrier_wait)(pthread_barrier_t *);

struct start_arg { void *(*routine)(void *); void *arg; char name[32]; };

#define THREADS 4096
static struct { pthread_t id; char name[32]; } known[THREADS];
static int known_count;

static void resolve(void) {
	if (real_lock) return;
	real_create = dlsym(RTLD_NEXT, "pthread_create");
	real_join = dlsym(RTLD_NEXT, "pthread_join");
	real_exit = dlsym(RTLD_NEXT, "pthread_exit");
	real_lock = dlsym(RTLD_NEXT, "pthread_mutex_lock");
	real_unlock = dlsym(RTLD_NEXT, "pthread_mutex_unlock");
	real_cond_wait = dlvsym(RTLD_NEXT, "pthread_cond_wait", "GLIBC_2.3.2");
	real_signal = dlvsym(RTLD_NEXT, "pthread_cond_signal", "GLIBC_2.3.2");
	real_broadcast = dlvsym(RTLD_NEXT, "pthread_cond_broadcast", "GLIBC_2.3.2");
	real_sem_init = dlsym(RTLD_NEXT, "sem_init");
	real_sem_wait = dlsym(RTLD_NEXT, "sem_wait");
	real_sem_post = dlsym(RTLD_NEXT, "sem_post");
	real_barrier_init = dlsym(RTLD_NEXT, "pthread_barrier_init");
	real_barrier_wait = dlsym(RTLD_NEXT, "pthread_barrier_wait");
}

static const char *me(void) {
	if (!self[0]) strcpy(self, "main");
	return self;
}

static struct object *object(const void *address) {
	for (int i = 0; i < object_count; i++) if (objects[i].address == address) return &objects[i];
	if (object_count == MAX_OBJECTS) return &objects[MAX_OBJECTS - 1];
	objects[object_count].address = address;
	return &objects[object_count++];
}

/* Appends one event; the caller holds the recorder lock. */
static void record(const char *event, const char *args) {
	struct timespec now, cpu;
	clock_gettime(CLOCK_MONOTONIC, &now);
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
	if (count == capacity) {
		capacity = capacity ? capacity * 2 : 65536;
		events = realloc(events, capacity * sizeof *events);
	}
	struct event *e = &events[count++];
	e->wall = (now.tv_sec - start.tv_sec) * 1000000000LL + (now.tv_nsec - start.tv_nsec);
	e->cpu = cpu.tv_sec * 1000000000LL + cpu.tv_nsec;
	strncpy(e->thread, me(), sizeof e->thread - 1);
	e->thread[sizeof e->thread - 1] = 0;
	strncpy(e->kind, event, sizeof e->kind - 1);
	e->kind[sizeof e->kind - 1] = 0;
	strncpy(e->args, args, sizeof e->args - 1);
	e->args[sizeof e->args - 1] = 0;
}

static FILE *trace_file;
static int finished;

/* Writes the events recorded since the last call; the caller holds the recorder lock. */
static void flush_events(void) {
	if (!trace_file || finished) return;
	for (size_t i = 0; i < count; i++) {
		struct event *e = &events[i];
		fprintf(trace_file, "%lld.%09lld %s %s%s%s cpu=%lld.%09lld\n", e->wall / 1000000000LL, e->wall % 1000000000LL,
				e->thread, e->kind, e->args[0] ? " " : "", e->args, e->cpu / 1000000000LL, e->cpu % 1000000000LL);
	}
	count = 0;
	fflush(trace_file);
}

static void *flusher(void *p) {
	(void) p;
	for (;;) {
		struct timespec pause = { 0, 100 * 1000 * 1000 };
		nanosleep(&pause, NULL);
		real_lock(&recorder);
		flush_events();
		real_unlock(&recorder);
	}
	return NULL;
}

static void write_trace(void) {
	real_lock(&recorder);
	if (trace_file && !finished) {
		if (strcmp(me(), "main") == 0) record("exit", "");
		flush_events();
		fprintf(trace_file, "@end\n");
		fclose(trace_file);
		finished = 1;
	}
	real_unlock(&recorder);
}

__attribute__((constructor)) static void begin(void) {
	resolve();
	clock_gettime(CLOCK_MONOTONIC, &start);
	const char *out = getenv("PERFCAST_TRACE_OUT");
	trace_file = out ? fopen(out, "w") : NULL;
	if (!trace_file) return;
	fprintf(trace_file, "@recorded pthreads\n@unit s\n");
	fflush(trace_file);
	pthread_t writer;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	real_create(&writer, &attr, flusher, NULL);
	pthread_attr_destroy(&attr);
	atexit(write_trace);
}

static void *trampoline(void *p) {
	struct start_arg a = *(struct start_arg *) p;
	free(p);
	strcpy(self, a.name);
	void *result = a.routine(a.arg);
	real_lock(&recorder);
	record("exit", "");
	real_unlock(&recorder);
	return result;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *), void *arg) {
	resolve();
	struct start_arg *a = malloc(sizeof *a);
	a->routine = routine;
	a->arg = arg;
	real_lock(&recorder);
	snprintf(a->name, sizeof a->name, "T%d", next_thread++);
	record("create", a->name);
	int r = real_create(thread, attr, trampoline, a);
	if (r == 0 && known_count < THREADS) {
		known[known_count].id = *thread;
		strcpy(known[known_count++].name, a->name);
	}
	real_unlock(&recorder);
	return r;
}

int pthread_join(pthread_t thread, void **result) {
	resolve();
	real_lock(&recorder);
	const char *name = "unknown";
	for (int i = 0; i < known_count; i++) if (pthread_equal(known[i].id, thread)) name = known[i].name;
	record("join", name);
	real_unlock(&recorder);
	return real_join(thread, result);
}

void pthread_exit(void *result) {
	resolve();
	real_lock(&recorder);
	record("exit", "");
	real_unlock(&recorder);
	real_exit(result);
}

int pthread_mutex_lock(pthread_mutex_t *m) {
	resolve();
	char name[32];
	snprintf(name, sizeof name, "m%lx", (unsigned long) (uintptr_t) m);
	/* logged once acquired: the replay sees the mutex free then, and the simulation finds the contention */
	int r = real_lock(m);
	real_lock(&recorder);
	record("lock", name);
	real_unlock(&recorder);
	return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m) {
	resolve();
	char name[32];
	snprintf(name, sizeof name, "m%lx", (unsigned long) (uintptr_t) m);
	real_lock(&recorder);
	int r = real_unlock(m);
	record("unlock", name);
	real_unlock(&recorder);
	return r;
}

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
	resolve();
	char mutex[32], cond[32];
	snprintf(mutex, sizeof mutex, "m%lx", (unsigned long) (uintptr_t) m);
	snprintf(cond, sizeof cond, "c%lx", (unsigned long) (uintptr_t) c);
	real_lock(&recorder);
	object(c)->waiters++;
	record("unlock", mutex);
	real_unlock(&recorder);
	int r = real_cond_wait(c, m);
	/* the take is logged by the thread that really woke, after the post that woke it; a spurious wakeup takes
	   nothing */
	real_lock(&recorder);
	struct object *o = object(c);
	if (o->posted > 0) {
		o->posted--;
		record("take", cond);
	} else if (o->waiters > 0) {
		o->waiters--;
	}
	record("lock", mutex);
	real_unlock(&recorder);
	return r;
}

static int wake(pthread_cond_t *c, int all) {
	char cond[32];
	snprintf(cond, sizeof cond, "c%lx", (unsigned long) (uintptr_t) c);
	real_lock(&recorder);
	struct object *o = object(c);
	int n = all ? o->waiters : o->waiters > 0;
	for (int i = 0; i < n; i++) record("post", cond);
	o->waiters -= n;
	o->posted += n;
	int r = all ? real_broadcast(c) : real_signal(c);
	real_unlock(&recorder);
	return r;
}

int pthread_cond_signal(pthread_cond_t *c) {
	resolve();
	return wake(c, 0);
}

int pthread_cond_broadcast(pthread_cond_t *c) {
	resolve();
	return wake(c, 1);
}

int sem_init(sem_t *s, int shared, unsigned value) {
	resolve();
	char name[32];
	snprintf(name, sizeof name, "s%lx", (unsigned long) (uintptr_t) s);
	real_lock(&recorder);
	for (unsigned i = 0; i < value; i++) record("post", name);
	real_unlock(&recorder);
	return real_sem_init(s, shared, value);
}

int sem_post(sem_t *s) {
	resolve();
	char name[32];
	snprintf(name, sizeof name, "s%lx", (unsigned long) (uintptr_t) s);
	real_lock(&recorder);
	record("post", name);
	int r = real_sem_post(s);
	real_unlock(&recorder);
	return r;
}

int sem_wait(sem_t *s) {
	resolve();
	char name[32];
	snprintf(name, sizeof name, "s%lx", (unsigned long) (uintptr_t) s);
	int r = real_sem_wait(s);
	/* logged once the permit is had: the thread that got it, after the post that gave it */
	real_lock(&recorder);
	record("take", name);
	real_unlock(&recorder);
	return r;
}

int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned parties) {
	resolve();
	real_lock(&recorder);
	object(b)->parties = (int) parties;
	real_unlock(&recorder);
	return real_barrier_init(b, attr, parties);
}

int pthread_barrier_wait(pthread_barrier_t *b) {
	resolve();
	char name[48];
	real_lock(&recorder);
	struct object *o = object(b);
	snprintf(name, sizeof name, "b%lx.%u", (unsigned long) (uintptr_t) b, o->generation);
	if (++o->arrived == o->parties) {
		for (int i = 1; i < o->parties; i++) record("post", name);
		o->arrived = 0;
		o->generation++;
	} else {
		record("take", name);
	}
	real_unlock(&recorder);
	return real_barrier_wait(b);
}
