/*
 * Perfcast's pthread recorder (the VPPB Recorder for C and C++): preloaded into a program (LD_PRELOAD) running on
 * one processor, it records each thread's synchronisation events with the wall clock and the thread's CPU clock and
 * writes them as a *.vtrace file (PERFCAST_TRACE_OUT) for perfcast trace.
 *
 * Mapping:
 *   pthread_create, thrd_create -> create; the thread's end (return, pthread_exit, thrd_exit, cancellation) -> exit;
 *   pthread_join, thrd_join (and successful try/timed joins) -> join;
 *   mutex, spinlock and C11 mtx lock (logged once acquired; trylocks and timed locks only when they succeed) -> lock,
 *   their unlock -> unlock; a recursive mutex logs its outermost lock and last unlock;
 *   rwlock read locks -> rlock, write locks -> lock, rwlock unlock -> unlock;
 *   cond (and cnd) wait -> unlock, then take (when a signal woke it) or sleep D (when it timed out), then lock;
 *   signal / broadcast -> one post per waiter woken; futex waits and wakes made through syscall() (libstdc++'s
 *   futures, atomic waits) -> take / post the same way;
 *   sem_post -> post, sem_wait and successful trywait/timedwait -> take (a semaphore's value at init/open -> posts);
 *   barrier_wait -> the last arriving thread posts once for every other, which take;
 *   pthread_once, call_once -> lock and unlock of the once by the thread that runs it and by those it held up
 *   (semaphores.c);
 *   blocking calls that are not synchronisation (read, write, poll, select, epoll, accept, recv, send, fsync,
 *   stdio block reads and writes, waits for child processes, system) -> io D, sleeps -> sleep D: the time the thread
 *   was off its processor in the call (its wall time minus its CPU time), when at least 10 us (channels.c and
 *   blocking.c).
 * Events are logged under one recorder lock, so their order in the trace is the order they happened in.
 *
 * Processes: a child that keeps running the program after fork records into NAME-PID.vtrace; programs a process
 * starts (exec after fork, posix_spawn, system, popen) record into NAME-PID.vtrace too, unless PERFCAST_FOLLOW=0;
 * a process that execs another program keeps its trace file for the new program. The parent's trace says which in a
 * comment. Threads the recorder did not see created (started inside the C library) are not recorded; the trace
 * says how many of their events were left out.
 *
 * Source locations: each event keeps its caller's return address (the program's, not the C or C++ runtime's); the
 * trace lists the modules as "# module N PATH" and writes at=@N+0xOFFSET, which perfcast record turns into file:line.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <link.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <threads.h>
#include <time.h>
#include <unistd.h>

#include "recorder.h"

#define BLOCKED_NS 10000LL /* shorter times off the processor are not worth an event */
#define RUN_DELAY_GAP_NS 100000LL /* the run-queue delay is read at an event after this long off the processor */

static const char *const KEYWORDS[] = { "create", "join", "exit", "lock", "rlock", "unlock", "post", "take", "io",
	"sleep" };

struct event {
	long long wall, cpu, duration; /* nanoseconds */
	long long rq; /* the thread's run-queue delay so far, or -1 when not read at this event */
	void *site, *above; /* the program's code that called, and for calls through the runtime the frame above it */
	int kind;
	char thread[16];
	char arg[48];
};

struct buffer { struct event *e; size_t n, cap; };

static pthread_mutex_t lk = PTHREAD_MUTEX_INITIALIZER; /* events, objects, threads */
static pthread_mutex_t wk = PTHREAD_MUTEX_INITIALIZER; /* the trace file; taken before lk, never after */
static pthread_mutex_t sk = PTHREAD_MUTEX_INITIALIZER; /* the site cache */
static struct buffer current, other;
static struct timespec start;
static FILE *trace_file;
static char trace_path[4096];
static int active, finished, next_thread = 1, next_id = 2;
static pid_t trace_pid; /* the process the open trace belongs to (not a vfork child sharing its memory) */
static long long foreign_events;

static __thread char self[16];
static __thread int my_id;     /* 1 for main, 0 while unknown, -1 for threads the recorder did not create */
static __thread int exited;
static __thread long long spun; /* CPU time spent spinning for spinlocks, left out of the CPU clock */
static __thread int inside;     /* in a wrapper that calls other wrapped functions */
static __thread long long last_cpu; /* the CPU clock of the thread's last event */
static __thread long long last_wall; /* the wall clock of the thread's last event */

/* ---------------------------------------------------------------- the real functions */

#define REAL(name) static __typeof__(name) *real_##name
REAL(pthread_create); REAL(pthread_join); REAL(pthread_tryjoin_np); REAL(pthread_timedjoin_np);
REAL(pthread_clockjoin_np); REAL(pthread_exit);
REAL(pthread_mutex_lock); REAL(pthread_mutex_trylock); REAL(pthread_mutex_timedlock); REAL(pthread_mutex_clocklock);
REAL(pthread_mutex_unlock);
REAL(pthread_cond_wait); REAL(pthread_cond_timedwait); REAL(pthread_cond_clockwait); REAL(pthread_cond_signal);
REAL(pthread_cond_broadcast); REAL(pthread_cond_init); REAL(pthread_cond_destroy);
REAL(pthread_rwlock_rdlock); REAL(pthread_rwlock_tryrdlock); REAL(pthread_rwlock_timedrdlock);
REAL(pthread_rwlock_clockrdlock); REAL(pthread_rwlock_wrlock); REAL(pthread_rwlock_trywrlock);
REAL(pthread_rwlock_timedwrlock); REAL(pthread_rwlock_clockwrlock); REAL(pthread_rwlock_unlock);
REAL(pthread_spin_lock); REAL(pthread_spin_trylock); REAL(pthread_spin_unlock);
REAL(thrd_create); REAL(thrd_join); REAL(mtx_lock); REAL(mtx_trylock); REAL(mtx_timedlock); REAL(mtx_unlock);
REAL(cnd_wait); REAL(cnd_timedwait); REAL(cnd_signal); REAL(cnd_broadcast);
REAL(fork); REAL(posix_spawn); REAL(posix_spawnp); REAL(system); REAL(popen); REAL(_exit); REAL(_Exit);
REAL(syscall); REAL(nanosleep);

#define FIND(name) real_##name = dlsym(RTLD_NEXT, #name)
#define FIND_VERSION(name, version) \
	do { real_##name = dlvsym(RTLD_NEXT, #name, version); if (!real_##name) FIND(name); } while (0)

static void resolve(void) {
	if (real_pthread_mutex_lock) return;
	FIND(pthread_create); FIND(pthread_join); FIND(pthread_tryjoin_np); FIND(pthread_timedjoin_np);
	FIND(pthread_clockjoin_np); FIND(pthread_exit);
	FIND(pthread_mutex_trylock); FIND(pthread_mutex_timedlock); FIND(pthread_mutex_clocklock);
	FIND(pthread_mutex_unlock);
	FIND_VERSION(pthread_cond_wait, "GLIBC_2.3.2"); FIND_VERSION(pthread_cond_timedwait, "GLIBC_2.3.2");
	FIND(pthread_cond_clockwait); FIND_VERSION(pthread_cond_signal, "GLIBC_2.3.2");
	FIND_VERSION(pthread_cond_broadcast, "GLIBC_2.3.2"); FIND_VERSION(pthread_cond_init, "GLIBC_2.3.2");
	FIND_VERSION(pthread_cond_destroy, "GLIBC_2.3.2");
	FIND(pthread_rwlock_rdlock); FIND(pthread_rwlock_tryrdlock); FIND(pthread_rwlock_timedrdlock);
	FIND(pthread_rwlock_clockrdlock); FIND(pthread_rwlock_wrlock); FIND(pthread_rwlock_trywrlock);
	FIND(pthread_rwlock_timedwrlock); FIND(pthread_rwlock_clockwrlock); FIND(pthread_rwlock_unlock);
	FIND(pthread_spin_lock); FIND(pthread_spin_trylock); FIND(pthread_spin_unlock);
	FIND(thrd_create); FIND(thrd_join); FIND(mtx_lock); FIND(mtx_trylock); FIND(mtx_timedlock); FIND(mtx_unlock);
	FIND(cnd_wait); FIND(cnd_timedwait); FIND(cnd_signal); FIND(cnd_broadcast);
	FIND(fork); FIND(posix_spawn); FIND(posix_spawnp); FIND(system); FIND(popen); FIND(_exit); FIND(_Exit);
	FIND(syscall); FIND(nanosleep);
	__atomic_store_n(&real_pthread_mutex_lock, (__typeof__(real_pthread_mutex_lock)) dlsym(RTLD_NEXT,
			"pthread_mutex_lock"), __ATOMIC_RELEASE);
}

static void lock(pthread_mutex_t *m) { real_pthread_mutex_lock(m); }
static void unlock(pthread_mutex_t *m) { real_pthread_mutex_unlock(m); }

/* ---------------------------------------------------------------- clocks */

static long long wall_now(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start.tv_sec) * 1000000000LL + (now.tv_nsec - start.tv_nsec);
}

static long long cpu_now(void) {
	struct timespec cpu;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
	return cpu.tv_sec * 1000000000LL + cpu.tv_nsec - spun;
}

/* The processor the recording is pinned to (-1 when it may run on several), and its busy time when it started. */
static int pinned_cpu = -1;
static long long pinned_busy_start = -1;

/* How long processor cpu has been busy (user, system, interrupts, stolen by the hypervisor), in ns, from /proc/stat's
   ticks; -1 if unknown. Read with raw system calls: it runs inside record_at, under lk. */
static long long busy_ns(int cpu) {
	if (cpu < 0) return -1;
	long fd = real_syscall(SYS_openat, AT_FDCWD, "/proc/stat", O_RDONLY | O_CLOEXEC, 0, 0);
	if (fd < 0) return -1;
	static char text[1 << 16];
	long n = real_syscall(SYS_read, fd, text, sizeof text - 1, 0, 0, 0);
	real_syscall(SYS_close, fd, 0, 0, 0, 0, 0);
	if (n <= 0) return -1;
	text[n] = 0;
	char name[32];
	snprintf(name, sizeof name, "\ncpu%d ", cpu);
	char *line = strstr(text, name);
	if (!line) return -1;
	unsigned long long f[8] = { 0 };
	if (sscanf(line + strlen(name), "%llu %llu %llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2], &f[3], &f[4],
			&f[5], &f[6], &f[7]) < 8) return -1;
	long hz = sysconf(_SC_CLK_TCK);
	if (hz <= 0) return -1;
	unsigned long long busy = f[0] + f[1] + f[2] + f[5] + f[6] + f[7]; /* not idle, not iowait */
	return (long long) (busy * (1000000000ULL / (unsigned long long) hz));
}

/* The one processor this process may run on, or -1. */
static int only_cpu(void) {
	cpu_set_t set;
	CPU_ZERO(&set);
	if (real_syscall(SYS_sched_getaffinity, 0, sizeof set, &set, 0, 0, 0) < 0 || CPU_COUNT(&set) != 1) return -1;
	for (int c = 0; c < CPU_SETSIZE; c++) if (CPU_ISSET(c, &set)) return c;
	return -1;
}

/* ---------------------------------------------------------------- hash tables without limits */

static struct object *objects;
static size_t object_slots, object_count;

static size_t hash(uintptr_t key) {
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return (size_t) key;
}

/* The object at address, created when new; the caller holds lk. */
static struct object *object(const void *address) {
	if (object_count * 2 >= object_slots) {
		size_t slots = object_slots ? object_slots * 2 : 1024;
		struct object *grown = calloc(slots, sizeof *grown);
		for (size_t i = 0; i < object_slots; i++) {
			if (!objects[i].address) continue;
			size_t j = hash((uintptr_t) objects[i].address) & (slots - 1);
			while (grown[j].address) j = (j + 1) & (slots - 1);
			grown[j] = objects[i];
		}
		free(objects);
		objects = grown;
		object_slots = slots;
	}
	size_t j = hash((uintptr_t) address) & (object_slots - 1);
	while (objects[j].address && objects[j].address != address) j = (j + 1) & (object_slots - 1);
	if (!objects[j].address) {
		objects[j].address = address;
		object_count++;
	}
	return &objects[j];
}

/* Threads by pthread_t, for joins. */
struct known { pthread_t id; char name[16]; int used; };
static struct known *threads;
static size_t thread_slots, thread_count;

static struct known *known(pthread_t id, int create) {
	if (create && thread_count * 2 >= thread_slots) {
		size_t slots = thread_slots ? thread_slots * 2 : 256;
		struct known *grown = calloc(slots, sizeof *grown);
		for (size_t i = 0; i < thread_slots; i++) {
			if (!threads[i].used) continue;
			size_t j = hash((uintptr_t) threads[i].id) & (slots - 1);
			while (grown[j].used) j = (j + 1) & (slots - 1);
			grown[j] = threads[i];
		}
		free(threads);
		threads = grown;
		thread_slots = slots;
	}
	if (!thread_slots) return NULL;
	size_t j = hash((uintptr_t) id) & (thread_slots - 1);
	while (threads[j].used && !pthread_equal(threads[j].id, id)) j = (j + 1) & (thread_slots - 1);
	if (!threads[j].used) {
		if (!create) return NULL;
		threads[j].used = 1;
		threads[j].id = id;
		thread_count++;
	}
	return &threads[j];
}

/* ---------------------------------------------------------------- call sites */

/* What the recorder knows of a code address: its module, and whether that is the C or C++ runtime or the recorder. */
struct site { void *address; int module; int runtime; uintptr_t offset; };
static struct site *sites;
static size_t site_slots, site_count;
static char **modules;
static int module_count, module_written;
static void *own_base;

/* 1 for the C and C++ runtime, 3 for the unwinder (whose locks and once are never the program's), 4 for an OpenMP
   runtime (whose own synchronisation ompt.c records as OpenMP's), else 0. */
static int runtime_module(const char *path) {
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (strncmp(base, "libgcc_s", 8) == 0) return 3;
	if (strncmp(base, "libomp.so", 9) == 0 || strncmp(base, "libgomp.so", 10) == 0
			|| strncmp(base, "libiomp5.so", 11) == 0) return 4;
	return strncmp(base, "libc.so", 7) == 0 || strncmp(base, "libstdc++", 9) == 0
			|| strncmp(base, "libpthread", 10) == 0 || strncmp(base, "ld-linux", 8) == 0;
}

#define IGNORED ((void *) 1) /* the site of calls the unwinder or an OpenMP runtime makes: not recorded */

/* The site of address, looked up with dladdr outside every lock (dladdr takes the loader's lock). */
static struct site site_of(void *address) {
	struct site found = { address, -1, 0, 0 };
	lock(&sk);
	if (site_slots) {
		size_t j = hash((uintptr_t) address) & (site_slots - 1);
		while (sites[j].address && sites[j].address != address) j = (j + 1) & (site_slots - 1);
		if (sites[j].address) found = sites[j];
	}
	unlock(&sk);
	if (found.module != -1 || !address) return found;
	Dl_info info;
	int module = -2, runtime = 0;
	uintptr_t offset = 0;
	if (dladdr(address, &info) && info.dli_fbase) {
		char path[4096];
		const char *name = info.dli_fname;
		if (!name || !name[0] || !strchr(name, '/')) {
			ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
			path[n > 0 ? n : 0] = 0;
			name = path;
		}
		const ElfW(Ehdr) *header = info.dli_fbase;
		offset = header->e_type == ET_EXEC ? (uintptr_t) address : (uintptr_t) address - (uintptr_t) info.dli_fbase;
		runtime = info.dli_fbase == own_base ? 2 : runtime_module(name);
		lock(&sk);
		for (module = 0; module < module_count && strcmp(modules[module], name) != 0; module++) {
		}
		if (module == module_count) {
			modules = realloc(modules, (module_count + 1) * sizeof *modules);
			modules[module_count++] = strdup(name);
		}
		unlock(&sk);
	}
	found.module = module;
	found.runtime = runtime;
	found.offset = offset;
	lock(&sk);
	if (site_count * 2 >= site_slots) {
		size_t slots = site_slots ? site_slots * 2 : 1024;
		struct site *grown = calloc(slots, sizeof *grown);
		for (size_t i = 0; i < site_slots; i++) {
			if (!sites[i].address) continue;
			size_t j = hash((uintptr_t) sites[i].address) & (slots - 1);
			while (grown[j].address) j = (j + 1) & (slots - 1);
			grown[j] = sites[i];
		}
		free(sites);
		sites = grown;
		site_slots = slots;
	}
	size_t j = hash((uintptr_t) address) & (site_slots - 1);
	while (sites[j].address && sites[j].address != address) j = (j + 1) & (site_slots - 1);
	if (!sites[j].address) site_count++;
	sites[j] = found;
	unlock(&sk);
	return found;
}

/* The program's code that called: the caller, or when that is the runtime (std::thread, std::condition_variable),
   the first frame above it that is neither the runtime nor the recorder. */
static __thread struct { void *address; int runtime; } recent[64]; /* callers seen lately, without the lock */

static __thread void *found_site, *found_above; /* the last frame found through the runtime, the one above it */

static void *program_site(void *caller) {
	if (!caller || inside) return caller;
	unsigned slot = ((uintptr_t) caller >> 2) & 63;
	int runtime;
	if (recent[slot].address == caller) {
		runtime = recent[slot].runtime;
	} else {
		runtime = site_of(caller).runtime;
		recent[slot].address = caller;
		recent[slot].runtime = runtime;
	}
	if (runtime >= 3) return IGNORED;
	if (!runtime) return caller;
	void *frames[12];
	inside++; /* the unwinder locks mutexes and calls pthread_once: not the program's events */
	int n = backtrace(frames, 12);
	inside--;
	for (int i = 1; i < n; i++) {
		if (!site_of(frames[i]).runtime) {
			/* std::thread's constructor is in the program but all of it from a header: the line may be above */
			found_site = frames[i];
			found_above = i + 1 < n ? frames[i + 1] : NULL;
			return frames[i];
		}
	}
	return caller;
}

/* ---------------------------------------------------------------- events */

static const char *me(void) {
	if (my_id == 0) {
		if (gettid() == getpid()) {
			my_id = 1;
			strcpy(self, "main");
		} else {
			my_id = -1;
		}
	}
	return my_id > 0 ? self : NULL;
}

/* Appends one event with the thread's CPU clock cpu (now if negative), 1 when it did; the caller holds lk. */
static int record_at(int kind, const char *arg, void *site, long long duration, long long cpu) {
	if (!active || finished || exited || inside || site == IGNORED) return 0;
	const char *thread = NULL;
	long long actor_cpu;
	if (recorder_actor && recorder_actor(&thread, &actor_cpu)) {
		/* an OpenMP thread or task: its own clock, which leaves out its time waiting in the runtime (an I/O call's
		   event is at its end on that clock, which never goes back) */
		cpu = actor_cpu;
	} else {
		thread = me();
	}
	if (!thread) {
		foreign_events++;
		return 0;
	}
	if (current.n == current.cap) {
		current.cap = current.cap ? current.cap * 2 : 65536;
		current.e = realloc(current.e, current.cap * sizeof *current.e);
	}
	struct event *e = &current.e[current.n++];
	e->wall = wall_now();
	e->cpu = cpu >= 0 ? cpu : cpu_now();
	/* the run-queue delay, read after a gap off the processor (so that the self-check can tell waiting for the
	   processor from waits the recorder does not see) and at the thread's end; an OpenMP task's is not its own */
	e->rq = -1;
	if (thread == self && (kind == EXIT || (e->wall - last_wall) - (e->cpu - last_cpu) >= RUN_DELAY_GAP_NS)) {
		e->rq = waits_run_delay();
	}
	last_cpu = e->cpu;
	last_wall = e->wall;
	e->duration = duration;
	e->site = site;
	e->above = site && site == found_site ? found_above : NULL;
	e->kind = kind;
	memcpy(e->thread, thread, sizeof e->thread);
	size_t length = arg ? strlen(arg) : 0;
	if (length >= sizeof e->arg) length = sizeof e->arg - 1;
	memcpy(e->arg, arg ? arg : "", length);
	e->arg[length] = 0;
	return 1;
}

static void record(int kind, const char *arg, void *site) {
	record_at(kind, arg, site, -1, -1);
}

/* The name of the object at address: a letter for its sort, the address, the incarnation if re-initialised. */
static void name_of(char *name, size_t size, char sort, const void *address, unsigned incarnation) {
	if (incarnation) snprintf(name, size, "%c%lx-%u", sort, (unsigned long) (uintptr_t) address, incarnation);
	else snprintf(name, size, "%c%lx", sort, (unsigned long) (uintptr_t) address);
}

/* A call that may keep the thread off its processor (struct span): io or sleep when it did, for at least BLOCKED_NS. */
static void span_begin(struct span *s) {
	s->wall = active && !finished && my_id >= 0 && !inside ? wall_now() : -1;
	s->rq = -1;
	if (s->wall >= 0) s->cpu = cpu_now();
}

/* I/O calls are timed by the wall clock alone (reading the CPU clock costs a system call) until one at a call site
   takes BLOCKED_NS: that one's time off the processor is estimated from the thread's CPU clock at its last event (it
   is at most that), and the next 64 calls there read the CPU clock and the thread's run-queue delay, which is left
   out of their time off the processor (waits.c). */
static __thread struct { void *caller; int left; } precise[16];

static void span_begin_io(struct span *s, void *caller) {
	s->wall = active && !finished && my_id >= 0 && !inside ? wall_now() : -1;
	s->rq = -1;
	if (s->wall < 0) return;
	unsigned slot = ((uintptr_t) caller >> 2) & 15;
	if (precise[slot].caller == caller && precise[slot].left > 0) {
		precise[slot].left--;
		s->rq = waits_run_delay(); /* (the first reading opens a file: the call starts after it) */
		s->wall = wall_now();
		s->cpu = cpu_now();
	} else {
		s->cpu = -1;
	}
}

static void span_end(struct span *s, int kind, void *caller) {
	if (s->wall < 0 || inside) return;
	int saved = errno;
	int polled = kind == POLLED;
	if (polled) kind = SLEEP;
	long long wall = wall_now() - s->wall;
	if (wall >= BLOCKED_NS) {
		long long now = cpu_now();
		if (s->cpu < 0) {
			unsigned slot = ((uintptr_t) caller >> 2) & 15;
			precise[slot].caller = caller;
			precise[slot].left = 64;
			s->cpu = now - wall > last_cpu ? now - wall : last_cpu;
		}
		long long off = wall - (now - s->cpu);
		if (kind == IO && s->rq >= 0 && off >= BLOCKED_NS) {
			/* the thread was ready again before it ran: that wait for the processor is not I/O */
			long long rq = waits_run_delay();
			if (rq > s->rq) off -= rq - s->rq < off ? rq - s->rq : off;
		}
		if (off >= BLOCKED_NS) {
			void *site = program_site(caller);
			lock(&lk);
			if (polled) waits_polled(off);
			record_at(kind, NULL, site, off, s->cpu);
			unlock(&lk);
		}
	}
	errno = saved;
}

void recorder_span_begin(struct span *s) { span_begin(s); }
void recorder_span_begin_io(struct span *s, void *caller) { span_begin_io(s, caller); }
void recorder_span_end(struct span *s, int kind, void *caller) { span_end(s, kind, caller); }
void *recorder_site(void *caller) { return program_site(caller); }
int recorder_record(int kind, const char *arg, void *site) { return record_at(kind, arg, site, -1, -1); }

/* How long a timed wait that timed out kept the thread away. */
static long long away(const struct span *s) {
	long long off = (wall_now() - s->wall) - (cpu_now() - s->cpu);
	return off > 0 ? off : 0;
}

/* ---------------------------------------------------------------- for ompt.c (recorder.h) */

int (*recorder_actor)(const char **name, long long *cpu);
void (*recorder_finish)(void);

static char summary[1024];

void recorder_summary(const char *text) { snprintf(summary, sizeof summary, "%s", text); }
int recorder_active(void) { return active && !finished; }
void recorder_lock(void) { lock(&lk); }
void recorder_unlock(void) { unlock(&lk); }
const char *recorder_thread(void) { return me(); }
const char *recorder_thread_of(pthread_t id) {
	struct known *k = known(id, 0);
	return k ? k->name : NULL;
}
long long recorder_cpu(void) { return cpu_now(); }

void recorder_event(const char *thread, int kind, const char *arg, const void *site, long long cpu) {
	if (!active || finished || !thread) return;
	if (current.n == current.cap) {
		current.cap = current.cap ? current.cap * 2 : 65536;
		current.e = realloc(current.e, current.cap * sizeof *current.e);
	}
	struct event *e = &current.e[current.n++];
	memset(e, 0, sizeof *e);
	e->wall = wall_now();
	e->cpu = cpu;
	e->duration = -1;
	e->rq = -1;
	e->site = (void *) site;
	e->kind = kind;
	strncpy(e->thread, thread, sizeof e->thread - 1);
	if (arg) strncpy(e->arg, arg, sizeof e->arg - 1);
}

/* ---------------------------------------------------------------- writing */

static void write_events(struct buffer *b) {
	for (size_t i = 0; i < b->n; i++) {
		struct event *e = &b->e[i];
		if (e->kind == NAME) {
			recorder_write_name(trace_file, e->thread, e->arg);
			continue;
		}
		char at[96] = "";
		if (e->site) {
			struct site s = site_of(e->site);
			struct site a = e->above ? site_of(e->above) : s;
			lock(&sk);
			while (module_written < module_count) {
				fprintf(trace_file, "# module %d %s\n", module_written, modules[module_written]);
				module_written++;
			}
			unlock(&sk);
			if (s.module >= 0 && e->above && a.module >= 0 && !a.runtime) {
				snprintf(at, sizeof at, " at=@%d+0x%lx,@%d+0x%lx", s.module, (unsigned long) s.offset, a.module,
						(unsigned long) a.offset);
			} else if (s.module >= 0) {
				snprintf(at, sizeof at, " at=@%d+0x%lx", s.module, (unsigned long) s.offset);
			}
		}
		char duration[40] = "";
		if (e->duration >= 0) {
			snprintf(duration, sizeof duration, " %lld.%09lld", e->duration / 1000000000LL, e->duration % 1000000000LL);
		}
		char rq[40] = "";
		if (e->rq >= 0) {
			snprintf(rq, sizeof rq, " rq=%lld.%09lld", e->rq / 1000000000LL, e->rq % 1000000000LL);
		}
		fprintf(trace_file, "%lld.%09lld %s %s%s%s%s cpu=%lld.%09lld%s%s\n", e->wall / 1000000000LL,
				e->wall % 1000000000LL, e->thread, KEYWORDS[e->kind], e->arg[0] ? " " : "", e->arg, duration,
				e->cpu / 1000000000LL, e->cpu % 1000000000LL, rq, at);
	}
	b->n = 0;
}

/* Writes the events recorded so far; the caller holds wk (not lk). */
static void flush_events(void) {
	if (!trace_file) return;
	lock(&lk);
	struct buffer full = current;
	current = other;
	other = full;
	unlock(&lk);
	inside++;
	write_events(&other);
	fflush(trace_file);
	inside--;
}

static void *flusher(void *p) {
	(void) p;
	for (;;) {
		struct timespec pause = { 0, 100 * 1000 * 1000 };
		real_nanosleep(&pause, NULL);
		lock(&wk);
		if (finished) {
			unlock(&wk);
			return NULL;
		}
		flush_events();
		unlock(&wk);
	}
}

static void start_flusher(void) {
	pthread_t writer;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	real_pthread_create(&writer, &attr, flusher, NULL);
	pthread_attr_destroy(&attr);
}

/* Ends the trace: the calling thread exits there (other threads still running are ended by the reader). */
static void write_trace(void) {
	lock(&wk);
	if (trace_file && !finished && getpid() == trace_pid) {
		if (recorder_finish) recorder_finish();
		lock(&lk);
		record(EXIT, NULL, NULL);
		unlock(&lk);
		inside++;
		flush_events();
		lock(&lk);
		finished = 1;
		long long left_out = foreign_events;
		unlock(&lk);
		if (left_out) {
			fprintf(trace_file, "# %lld events of threads not created through pthread_create or thrd_create (started "
					"inside the C library) are not recorded\n", left_out);
		}
		waits_notes(trace_file);
		if (summary[0]) fprintf(trace_file, "# %s\n", summary);
		/* the process's CPU time, threads the trace does not have included (the self-check's unrecorded time) */
		struct rusage usage;
		if (getrusage(RUSAGE_SELF, &usage) == 0) {
			long long used = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000000LL
					+ (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1000LL;
			/* and the processor time others took from the one processor: other programs, this one's children */
			long long busy = pinned_busy_start >= 0 ? busy_ns(pinned_cpu) : -1;
			long long others = busy >= 0 ? busy - pinned_busy_start - used : -1;
			if (busy >= 0) {
				if (others < 0) others = 0;
				fprintf(trace_file, "@end cpu=%lld.%09lld others=%lld.%09lld\n", used / 1000000000LL,
						used % 1000000000LL, others / 1000000000LL, others % 1000000000LL);
			} else {
				fprintf(trace_file, "@end cpu=%lld.%09lld\n", used / 1000000000LL, used % 1000000000LL);
			}
		} else {
			fprintf(trace_file, "@end\n");
		}
		fclose(trace_file);
		trace_file = NULL;
		inside--;
	}
	unlock(&wk);
}

static void comment(const char *format, const char *text, long number);
void recorder_comment(const char *line) {
	resolve(); /* visible.c may call before the constructor ran */
	comment("%s", line, 0);
}

int recorder_copy_thread_of(pthread_t id, char *name, size_t size) {
	resolve();
	lock(&lk);
	const char *known_name = recorder_thread_of(id);
	if (known_name) snprintf(name, size, "%s", known_name);
	unlock(&lk);
	return known_name != NULL;
}

static void comment(const char *format, const char *text, long number) {
	lock(&wk);
	if (trace_file && !finished && getpid() == trace_pid) {
		flush_events();
		inside++;
		fprintf(trace_file, format, text, number);
		fflush(trace_file);
		inside--;
	}
	unlock(&wk);
}

/* The trace of process pid besides the first: NAME-PID.vtrace next to NAME.vtrace. */
static void child_path(char *path, size_t size, const char *out, long pid) {
	const char *dot = strrchr(out, '.');
	const char *slash = strrchr(out, '/');
	int stem = dot && (!slash || dot > slash) ? (int) (dot - out) : (int) strlen(out);
	snprintf(path, size, "%.*s-%ld%s", stem, out, pid, dot && (!slash || dot > slash) ? dot : "");
}

/* Opens path for writing as fopen(path, "w") would, but not through a link, and not a file another account owns
 * (a name planted in a shared folder such as /tmp): then NULL with errno EPERM. */
static FILE *open_own(const char *path) {
	int fd = (int) syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644); /* no wrapper */
	if (fd < 0) return NULL;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() || ftruncate(fd, 0) != 0) {
		close(fd);
		errno = EPERM;
		return NULL;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) close(fd);
	return f;
}

static int open_trace(const char *path, const char *why) {
	trace_file = open_own(path);
	if (!trace_file) {
		int e = errno;
		fprintf(stderr, "perfcast: the recorder cannot write the trace %s%s: %s\n", path, why,
				e == EPERM || e == ELOOP ? "it is a link or a file of another account" : strerror(e));
		return 0;
	}
	trace_pid = getpid();
	inside++;
	snprintf(trace_path, sizeof trace_path, "%s", path);
	fprintf(trace_file, "@recorded pthreads\n@unit s\n");
	if (visible_processors()) fprintf(trace_file, "@visible-processors %d\n", visible_processors());
	char command[1024];
	FILE *cmdline = fopen("/proc/self/cmdline", "re");
	size_t n = cmdline ? fread(command, 1, sizeof command - 1, cmdline) : 0;
	if (cmdline) fclose(cmdline);
	for (size_t i = 0; i + 1 < n; i++) if (command[i] == 0 || command[i] == '\n') command[i] = ' ';
	command[n] = 0;
	fprintf(trace_file, "# process %ld (parent %ld)%s: %s\n", (long) getpid(), (long) getppid(), why, command);
	fflush(trace_file);
	inside--;
	return 1;
}

__attribute__((constructor)) static void begin(void) {
	resolve();
	Dl_info info;
	if (dladdr((void *) begin, &info)) own_base = info.dli_fbase;
	void *warm[2];
	backtrace(warm, 2); /* loads the unwinder now, not inside a wrapper */
	clock_gettime(CLOCK_MONOTONIC, &start);
	const char *out = getenv("PERFCAST_TRACE_OUT");
	if (!out) return;
	const char *root = getenv("PERFCAST_RECORDER_ROOT");
	char pid[32], path[4096];
	snprintf(pid, sizeof pid, "%ld", (long) getpid());
	if (!root) {
		setenv("PERFCAST_RECORDER_ROOT", pid, 1);
		if (!open_trace(out, "")) return;
	} else if (strcmp(root, pid) == 0) {
		if (!open_trace(out, ", after exec")) return;
	} else {
		const char *follow = getenv("PERFCAST_FOLLOW");
		if (follow && strcmp(follow, "0") == 0) return;
		child_path(path, sizeof path, out, (long) getpid());
		if (!open_trace(path, ", started by the recorded program")) return;
	}
	recorder_names_begin();
	active = 1;
	pinned_cpu = only_cpu();
	pinned_busy_start = busy_ns(pinned_cpu);
	waits_begin();
	start_flusher();
	atexit(write_trace);
}

/* ---------------------------------------------------------------- threads */

static pthread_key_t ending;
static pthread_once_t ending_once = PTHREAD_ONCE_INIT;

/* Runs when a thread ends, however it ends (return, pthread_exit, cancellation), after its cleanup handlers. */
static void thread_ended(void *p) {
	(void) p;
	if (exited) return;
	lock(&lk);
	record(EXIT, NULL, NULL);
	exited = 1;
	unlock(&lk);
	waits_thread_ended();
}

static void make_key(void) {
	pthread_key_create(&ending, thread_ended);
}

struct start_arg { void *(*routine)(void *); int (*c11)(void *); void *arg; char name[16]; };

static void started(struct start_arg *a) {
	memcpy(self, a->name, sizeof self);
	my_id = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED); /* unique among threads, never 0, 1 or -1 */
	pthread_setspecific(ending, (void *) 1);
	recorder_named_at_start(self);
}

static void *trampoline(void *p) {
	struct start_arg a = *(struct start_arg *) p;
	free(p);
	started(&a);
	return a.routine(a.arg);
}

static int c11_trampoline(void *p) {
	struct start_arg a = *(struct start_arg *) p;
	free(p);
	started(&a);
	return a.c11(a.arg);
}

/* A new thread's start argument, with its name recorded in a create event; the caller holds lk. */
static struct start_arg *created(void *caller) {
	struct start_arg *a = calloc(1, sizeof *a);
	snprintf(a->name, sizeof a->name, "T%d", next_thread++);
	record(CREATE, a->name, caller);
	return a;
}

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*routine)(void *), void *arg) {
	resolve();
	if (!active) return real_pthread_create(thread, attr, routine, arg);
	pthread_once(&ending_once, make_key);
	void *caller = __builtin_return_address(0);
	void *site = program_site(caller);
	if (site == IGNORED && site_of(caller).runtime == 4) site = NULL; /* an OpenMP runtime starts its team */
	lock(&lk);
	struct start_arg *a = created(site);
	a->routine = routine;
	a->arg = arg;
	char name[16];
	memcpy(name, a->name, sizeof name);
	/* created under lk, so that the new thread's events come after its create */
	int r = real_pthread_create(thread, attr, trampoline, a);
	if (r == 0) {
		struct known *k = known(*thread, 1);
		memcpy(k->name, name, sizeof k->name);
	}
	unlock(&lk);
	return r;
}

int thrd_create(thrd_t *thread, thrd_start_t routine, void *arg) {
	resolve();
	if (!active) return real_thrd_create(thread, routine, arg);
	pthread_once(&ending_once, make_key);
	void *site = program_site(__builtin_return_address(0));
	lock(&lk);
	struct start_arg *a = created(site);
	a->c11 = routine;
	a->arg = arg;
	char name[16];
	memcpy(name, a->name, sizeof name);
	int r = real_thrd_create(thread, c11_trampoline, a);
	if (r == thrd_success) {
		struct known *k = known((pthread_t) *thread, 1);
		memcpy(k->name, name, sizeof k->name);
	}
	unlock(&lk);
	return r;
}

/* Logs a join of thread id; the join is logged before it blocks, and the replay waits for the exit. */
static void joining(pthread_t id, void *caller) {
	if (!active) return;
	void *site = program_site(caller);
	lock(&lk);
	struct known *k = known(id, 0);
	if (k) record(JOIN, k->name, site);
	unlock(&lk);
}

static void joined(pthread_t id) {
	if (!active) return;
	lock(&lk);
	struct known *k = known(id, 0);
	if (k) { /* the id may be reused by a later thread */
		k->used = 0;
		thread_count--;
		/* re-insert the rest of its cluster */
		size_t j = (size_t) (k - threads);
		for (size_t i = (j + 1) & (thread_slots - 1); threads[i].used; i = (i + 1) & (thread_slots - 1)) {
			struct known moved = threads[i];
			threads[i].used = 0;
			thread_count--;
			struct known *again = known(moved.id, 1);
			memcpy(again->name, moved.name, sizeof again->name);
		}
	}
	unlock(&lk);
}

/* A try or timed join: logged only when it joined (the thread had exited). */
static int joined_now(pthread_t id, int r, void *caller) {
	if (r == 0) {
		joining(id, caller);
		joined(id);
	}
	return r;
}

int pthread_join(pthread_t thread, void **result) {
	resolve();
	joining(thread, __builtin_return_address(0));
	int r = real_pthread_join(thread, result);
	if (r == 0) joined(thread);
	return r;
}

int pthread_tryjoin_np(pthread_t thread, void **result) {
	resolve();
	return joined_now(thread, real_pthread_tryjoin_np(thread, result), __builtin_return_address(0));
}

int pthread_timedjoin_np(pthread_t thread, void **result, const struct timespec *deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_timedjoin_np(thread, result, deadline);
	if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return joined_now(thread, r, __builtin_return_address(0));
}

int pthread_clockjoin_np(pthread_t thread, void **result, clockid_t clock, const struct timespec *deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_clockjoin_np(thread, result, clock, deadline);
	if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return joined_now(thread, r, __builtin_return_address(0));
}

int thrd_join(thrd_t thread, int *result) {
	resolve();
	joining((pthread_t) thread, __builtin_return_address(0));
	int r = real_thrd_join(thread, result);
	if (r == thrd_success) joined((pthread_t) thread);
	return r;
}

/* ---------------------------------------------------------------- mutexes */

static void locked(const void *m, char sort, int kind, void *caller) {
	if (!active || inside) return;
	void *site = program_site(caller);
	me();
	lock(&lk);
	struct object *o = object(m);
	if (o->owner == my_id && kind == LOCK) {
		o->depth++;
	} else {
		if (kind == LOCK) {
			o->owner = my_id;
			o->depth = 1;
		}
		char name[48];
		name_of(name, sizeof name, sort, m, 0);
		record(kind, name, site);
	}
	unlock(&lk);
}

/* Releases m with release, logging the unlock under lk so that no lock of m can be logged before it. */
static int unlocked(const void *m, char sort, int (*release)(void *), void *p, void *caller) {
	if (!active || inside) return release(p);
	void *site = program_site(caller);
	me();
	lock(&lk);
	struct object *o = object(m);
	if (o->owner == my_id && o->depth > 1) {
		o->depth--;
	} else {
		if (o->owner == my_id) {
			o->owner = 0;
			o->depth = 0;
		}
		char name[48];
		name_of(name, sizeof name, sort, m, 0);
		record(UNLOCK, name, site);
	}
	int r = release(p);
	unlock(&lk);
	handoff_released();
	return r;
}

static int release_mutex(void *m) { return real_pthread_mutex_unlock(m); }
static int release_mtx(void *m) { return real_mtx_unlock(m); }
static int release_spin(void *s) { return real_pthread_spin_unlock(s); }

int pthread_mutex_lock(pthread_mutex_t *m) {
	resolve();
	handoff_acquiring();
	int r = real_pthread_mutex_lock(m);
	if (r == 0 || r == EOWNERDEAD) locked(m, 'm', LOCK, __builtin_return_address(0));
	return r;
}

int pthread_mutex_trylock(pthread_mutex_t *m) {
	resolve();
	handoff_acquiring();
	int r = real_pthread_mutex_trylock(m);
	if (r == 0 || r == EOWNERDEAD) locked(m, 'm', LOCK, __builtin_return_address(0));
	return r;
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *deadline) {
	resolve();
	handoff_acquiring();
	struct span s;
	span_begin(&s);
	int r = real_pthread_mutex_timedlock(m, deadline);
	if (r == 0 || r == EOWNERDEAD) locked(m, 'm', LOCK, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t clock, const struct timespec *deadline) {
	resolve();
	handoff_acquiring();
	struct span s;
	span_begin(&s);
	int r = real_pthread_mutex_clocklock(m, clock, deadline);
	if (r == 0 || r == EOWNERDEAD) locked(m, 'm', LOCK, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m) {
	resolve();
	return unlocked(m, 'm', release_mutex, m, __builtin_return_address(0));
}

int mtx_lock(mtx_t *m) {
	resolve();
	handoff_acquiring();
	int r = real_mtx_lock(m);
	if (r == thrd_success) locked(m, 'm', LOCK, __builtin_return_address(0));
	return r;
}

int mtx_trylock(mtx_t *m) {
	resolve();
	handoff_acquiring();
	int r = real_mtx_trylock(m);
	if (r == thrd_success) locked(m, 'm', LOCK, __builtin_return_address(0));
	return r;
}

int mtx_timedlock(mtx_t *restrict m, const struct timespec *restrict deadline) {
	resolve();
	handoff_acquiring();
	struct span s;
	span_begin(&s);
	int r = real_mtx_timedlock(m, deadline);
	if (r == thrd_success) locked(m, 'm', LOCK, __builtin_return_address(0));
	else if (r == thrd_timedout) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int mtx_unlock(mtx_t *m) {
	resolve();
	return unlocked(m, 'm', release_mtx, m, __builtin_return_address(0));
}

/* Spinning on one processor burns the time slice the holder needs: that time is left out of the CPU clock. */
int pthread_spin_lock(pthread_spinlock_t *s) {
	resolve();
	if (real_pthread_spin_trylock(s) != 0) {
		long long before = cpu_now();
		real_pthread_spin_lock(s);
		spun += cpu_now() - before;
	}
	locked((const void *) s, 'p', LOCK, __builtin_return_address(0));
	return 0;
}

int pthread_spin_trylock(pthread_spinlock_t *s) {
	resolve();
	int r = real_pthread_spin_trylock(s);
	if (r == 0) locked((const void *) s, 'p', LOCK, __builtin_return_address(0));
	return r;
}

int pthread_spin_unlock(pthread_spinlock_t *s) {
	resolve();
	return unlocked((const void *) s, 'p', release_spin, (void *) s, __builtin_return_address(0));
}

/* ---------------------------------------------------------------- read-write locks */

/* The read locks this thread holds, with their depths (a thread may read-lock a rwlock more than once). */
static __thread struct held { const void *rw; int depth; } *reads;
static __thread int read_count, read_capacity;

static struct held *held(const void *rw) {
	for (int i = 0; i < read_count; i++) if (reads[i].rw == rw) return &reads[i];
	return NULL;
}

static void read_locked(pthread_rwlock_t *rw, void *caller) {
	if (!active) return;
	struct held *h = held(rw);
	if (h) {
		h->depth++;
		return;
	}
	if (read_count == read_capacity) {
		read_capacity = read_capacity ? read_capacity * 2 : 8;
		reads = realloc(reads, read_capacity * sizeof *reads);
	}
	reads[read_count].rw = rw;
	reads[read_count++].depth = 1;
	locked(rw, 'r', RLOCK, caller);
}

static void write_locked(pthread_rwlock_t *rw, void *caller) {
	locked(rw, 'r', LOCK, caller);
}

int pthread_rwlock_rdlock(pthread_rwlock_t *rw) {
	resolve();
	int r = real_pthread_rwlock_rdlock(rw);
	if (r == 0) read_locked(rw, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *rw) {
	resolve();
	int r = real_pthread_rwlock_tryrdlock(rw);
	if (r == 0) read_locked(rw, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *restrict rw, const struct timespec *restrict deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_rwlock_timedrdlock(rw, deadline);
	if (r == 0) read_locked(rw, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_clockrdlock(pthread_rwlock_t *restrict rw, clockid_t clock, const struct timespec *restrict deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_rwlock_clockrdlock(rw, clock, deadline);
	if (r == 0) read_locked(rw, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_wrlock(pthread_rwlock_t *rw) {
	resolve();
	int r = real_pthread_rwlock_wrlock(rw);
	if (r == 0) write_locked(rw, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *rw) {
	resolve();
	int r = real_pthread_rwlock_trywrlock(rw);
	if (r == 0) write_locked(rw, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *restrict rw, const struct timespec *restrict deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_rwlock_timedwrlock(rw, deadline);
	if (r == 0) write_locked(rw, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

int pthread_rwlock_clockwrlock(pthread_rwlock_t *restrict rw, clockid_t clock, const struct timespec *restrict deadline) {
	resolve();
	struct span s;
	span_begin(&s);
	int r = real_pthread_rwlock_clockwrlock(rw, clock, deadline);
	if (r == 0) write_locked(rw, __builtin_return_address(0));
	else if (r == ETIMEDOUT) span_end(&s, SLEEP, __builtin_return_address(0));
	return r;
}

static int release_rwlock(void *rw) { return real_pthread_rwlock_unlock(rw); }

int pthread_rwlock_unlock(pthread_rwlock_t *rw) {
	resolve();
	struct held *h = active ? held(rw) : NULL;
	if (h) {
		lock(&lk);
		int writer = object(rw)->owner == my_id;
		unlock(&lk);
		if (!writer) {
			if (--h->depth > 0) return real_pthread_rwlock_unlock(rw);
			*h = reads[--read_count];
		}
	}
	return unlocked(rw, 'r', release_rwlock, rw, __builtin_return_address(0));
}

/* ---------------------------------------------------------------- conditions and futexes */

/* A thread is about to wait on a condition or futex: counted, so that wakes know how many they wake. */
static void waiting(const void *c) {
	handoff_blocking();
	lock(&lk);
	object(c)->waiters++;
	unlock(&lk);
}

/* The waiter of c is back: it takes a post if one was made for it, else it woke spuriously or timed out. */
static void woken(const void *c, char sort, int timed_out, const struct span *s, void *site) {
	lock(&lk);
	struct object *o = object(c);
	char name[48];
	name_of(name, sizeof name, sort, c, o->incarnation);
	if (o->posted > 0 && timed_out >= 0) {
		o->posted--;
		if (record_at(TAKE, name, site, -1, -1) && sort == 'c') handoff_woken();
	} else {
		if (o->waiters > 0) o->waiters--;
		if (timed_out > 0 && s->wall >= 0) {
			long long off = away(s);
			if (off >= BLOCKED_NS) record_at(SLEEP, NULL, site, off, s->cpu);
		}
	}
	unlock(&lk);
}

/* Logs the posts of a wake of up to n waiters of c and wakes them with wake, under lk. */
static long wake(const void *c, char sort, long n, long (*wake)(const void *, long), void *caller) {
	if (!active) return wake(c, n);
	void *site = program_site(caller);
	lock(&lk);
	struct object *o = object(c);
	char name[48];
	name_of(name, sizeof name, sort, c, o->incarnation);
	long k = n < o->waiters ? n : o->waiters;
	int recorded = 0;
	for (long i = 0; i < k; i++) recorded |= record_at(POST, name, site, -1, -1);
	o->waiters -= (int) k;
	o->posted += (int) k;
	long r = wake(c, n);
	unlock(&lk);
	if (recorded && sort == 'c') handoff_signalled();
	return r;
}

static long signal_cond(const void *c, long n) {
	return n == 1 ? real_pthread_cond_signal((pthread_cond_t *) c) : real_pthread_cond_broadcast((pthread_cond_t *) c);
}

static long signal_cnd(const void *c, long n) {
	return n == 1 ? real_cnd_signal((cnd_t *) c) : real_cnd_broadcast((cnd_t *) c);
}

/* The mutex m is released by the wait and taken again after it. */
static void releasing(const void *m, void *site) {
	lock(&lk);
	struct object *o = object(m);
	o->owner = 0;
	o->depth = 0;
	char name[48];
	name_of(name, sizeof name, 'm', m, 0);
	record(UNLOCK, name, site);
	unlock(&lk);
}

static void retaken(const void *m, void *site) {
	lock(&lk);
	struct object *o = object(m);
	o->owner = my_id;
	o->depth = 1;
	char name[48];
	name_of(name, sizeof name, 'm', m, 0);
	record(LOCK, name, site);
	unlock(&lk);
}

/* A cancelled wait unwinds with the mutex taken again. */
struct cond_wait { const void *c, *m; void *site; };
static void cancelled_wait(void *p) {
	struct cond_wait *w = p;
	woken(w->c, 'c', 0, NULL, w->site);
	retaken(w->m, w->site);
}

#define COND_WAIT(call, c, m, timed)                                                                                \
	do {                                                                                                              \
		if (!active) return call;                                                                                     \
		void *site = program_site(__builtin_return_address(0));                                                       \
		waiting(c);                                                                                                   \
		releasing(m, site);                                                                                           \
		struct span s;                                                                                                \
		span_begin(&s);                                                                                               \
		struct cond_wait w = { c, m, site };                                                                          \
		int r;                                                                                                        \
		pthread_cleanup_push(cancelled_wait, &w);                                                                     \
		r = call;                                                                                                     \
		pthread_cleanup_pop(0);                                                                                       \
		woken(c, 'c', timed, &s, site);                                                                               \
		retaken(m, site);                                                                                             \
		return r;                                                                                                     \
	} while (0)

int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) {
	resolve();
	COND_WAIT(real_pthread_cond_wait(c, m), c, m, 0);
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *deadline) {
	resolve();
	COND_WAIT(real_pthread_cond_timedwait(c, m, deadline), c, m, r == ETIMEDOUT);
}

int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock, const struct timespec *deadline) {
	resolve();
	COND_WAIT(real_pthread_cond_clockwait(c, m, clock, deadline), c, m, r == ETIMEDOUT);
}

int cnd_wait(cnd_t *c, mtx_t *m) {
	resolve();
	COND_WAIT(real_cnd_wait(c, m), c, m, 0);
}

int cnd_timedwait(cnd_t *restrict c, mtx_t *restrict m, const struct timespec *restrict deadline) {
	resolve();
	COND_WAIT(real_cnd_timedwait(c, m, deadline), c, m, r == thrd_timedout);
}

int pthread_cond_signal(pthread_cond_t *c) {
	resolve();
	return (int) wake(c, 'c', 1, signal_cond, __builtin_return_address(0));
}

int pthread_cond_broadcast(pthread_cond_t *c) {
	resolve();
	return (int) wake(c, 'c', 1L << 30, signal_cond, __builtin_return_address(0));
}

int cnd_signal(cnd_t *c) {
	resolve();
	return (int) wake(c, 'c', 1, signal_cnd, __builtin_return_address(0));
}

int cnd_broadcast(cnd_t *c) {
	resolve();
	return (int) wake(c, 'c', 1L << 30, signal_cnd, __builtin_return_address(0));
}

/* A condition initialised again at an address is a new one: posts left over from the old one are not its. */
static void renewed(const void *address) {
	if (!active) return;
	lock(&lk);
	struct object *o = object(address);
	unsigned incarnation = o->incarnation + 1;
	memset(o, 0, sizeof *o);
	o->address = address;
	o->incarnation = incarnation;
	unlock(&lk);
}

int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr) {
	resolve();
	renewed(c);
	return real_pthread_cond_init(c, attr);
}

int pthread_cond_destroy(pthread_cond_t *c) {
	resolve();
	renewed(c);
	return real_pthread_cond_destroy(c);
}

/* syscall(): futex waits and wakes are synchronisation (libstdc++'s futures and atomic waits make them). */
long syscall(long number, ...) {
	resolve();
	va_list list;
	va_start(list, number);
	long a[6];
	for (int i = 0; i < 6; i++) a[i] = va_arg(list, long);
	va_end(list);
	long handled;
	if (visible_syscall(number, a, &handled)) return handled;
	if (number != SYS_futex || !active || my_id < 0) return real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
	const void *address = (const void *) a[0];
	int op = (int) a[1] & FUTEX_CMD_MASK;
	if (op == FUTEX_WAIT || op == FUTEX_WAIT_BITSET) {
		void *site = program_site(__builtin_return_address(0));
		waiting(address);
		struct span s;
		span_begin(&s);
		long r = real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
		int saved = errno;
		/* EAGAIN: the word changed before the thread slept; it takes the post of a wake made meanwhile (the change
		   was a handoff), else nothing */
		woken(address, 'f', r == 0 || saved == EAGAIN ? 0 : saved == ETIMEDOUT ? 1 : -1, &s, site);
		errno = saved;
		return r;
	}
	if (op == FUTEX_WAKE || op == FUTEX_WAKE_BITSET) {
		void *site = program_site(__builtin_return_address(0));
		lock(&lk);
		struct object *o = object(address);
		char name[48];
		name_of(name, sizeof name, 'f', address, o->incarnation);
		long r = real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
		int saved = errno;
		/* a post per waiter it could wake: those asleep in the kernel, and those about to sleep, whose wait will
		   find the word changed (a waker that was preempted between them would otherwise lose the handoff) */
		long wanted = (int) a[2] > 0 ? (int) a[2] : 0;
		long k = r >= 0 ? (wanted < o->waiters ? wanted : o->waiters) : 0;
		for (long i = 0; i < k; i++) record(POST, name, site);
		o->waiters -= (int) k;
		o->posted += (int) k;
		unlock(&lk);
		errno = saved;
		return r;
	}
	return real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* ---------------------------------------------------------------- signals between threads */

/* A thread waiting for a signal (sigwait, sigsuspend, pause) that another thread of the program sends (pthread_kill,
   or kill to its own process) is synchronisation: a post per waiter, taken by the waiter that wakes, as for a
   condition (one signal object for the process: the thread that really woke takes); a wait that no thread of the
   program ended is a sleep. */
REAL(pthread_kill); REAL(kill); REAL(sigwait); REAL(sigwaitinfo); REAL(sigtimedwait); REAL(sigsuspend); REAL(pause);
static char process_signals; /* its address names the process's signal object */
static pthread_t signal_target;
static pid_t signal_process;
static int signal_number;

static long send_to_thread(const void *o, long n) {
	(void) o, (void) n;
	return real_pthread_kill(signal_target, signal_number);
}

static long send_to_process(const void *o, long n) {
	(void) o, (void) n;
	return real_kill(signal_process, signal_number);
}

int pthread_kill(pthread_t thread, int sig) {
	if (!real_pthread_kill) FIND(pthread_kill);
	if (sig == 0 || pthread_equal(thread, pthread_self()) || !active) return real_pthread_kill(thread, sig);
	lock(&wk); /* one signal at a time: the target is passed through signal_target */
	signal_target = thread;
	signal_number = sig;
	int r = (int) wake(&process_signals, 'k', 1, send_to_thread, __builtin_return_address(0));
	unlock(&wk);
	return r;
}

int kill(pid_t pid, int sig) {
	if (!real_kill) FIND(kill);
	if (sig == 0 || !active || (pid != getpid() && pid != 0)) return real_kill(pid, sig);
	lock(&wk);
	signal_process = pid;
	signal_number = sig;
	int r = (int) wake(&process_signals, 'k', 1, send_to_process, __builtin_return_address(0));
	unlock(&wk);
	return r;
}

#define SIGNAL_WAIT(name, call)                                                           \
	do {                                                                                  \
		if (!real_##name) FIND(name);                                                     \
		if (!active || inside) return call;                                               \
		void *site = program_site(__builtin_return_address(0));                           \
		const void *self_signals = &process_signals;                                      \
		waiting(self_signals);                                                            \
		struct span s;                                                                    \
		span_begin(&s);                                                                   \
		int saved, r = call;                                                              \
		saved = errno;                                                                    \
		woken(self_signals, 'k', 1, &s, site);                                            \
		errno = saved;                                                                    \
		return r;                                                                         \
	} while (0)

int sigwait(const sigset_t *restrict set, int *restrict sig) {
	SIGNAL_WAIT(sigwait, real_sigwait(set, sig));
}

int sigwaitinfo(const sigset_t *restrict set, siginfo_t *restrict info) {
	SIGNAL_WAIT(sigwaitinfo, real_sigwaitinfo(set, info));
}

int sigtimedwait(const sigset_t *restrict set, siginfo_t *restrict info, const struct timespec *restrict timeout) {
	SIGNAL_WAIT(sigtimedwait, real_sigtimedwait(set, info, timeout));
}

int sigsuspend(const sigset_t *set) {
	SIGNAL_WAIT(sigsuspend, real_sigsuspend(set));
}

int pause(void) {
	SIGNAL_WAIT(pause, real_pause());
}

/* ---------------------------------------------------------------- processes */

pid_t fork(void) {
	resolve();
	if (!active) return real_fork();
	lock(&wk);
	flush_events();
	lock(&lk);
	lock(&sk);
	const char *follow = getenv("PERFCAST_FOLLOW");
	int recorded = !(follow && strcmp(follow, "0") == 0);
	pid_t pid = real_fork();
	if (pid >= 0) channels_forget(); /* pipes and IPC objects made before are now shared with another process */
	if (pid != 0) {
		unlock(&sk);
		unlock(&lk);
		if (pid > 0 && trace_file) {
			inside++;
			char path[4096];
			child_path(path, sizeof path, trace_path, (long) pid);
			if (recorded) fprintf(trace_file, "# fork: process %ld, a copy of this one, records into %s\n", (long) pid,
					path);
			else fprintf(trace_file, "# fork: process %ld, a copy of this one, is not recorded (PERFCAST_FOLLOW=0)\n",
					(long) pid);
			fflush(trace_file);
			inside--;
		}
		unlock(&wk);
		return pid;
	}
	/* the child: the forking thread is its only thread, its main; the parent's trace is not touched */
	unlock(&sk);
	FILE *inherited = trace_file;
	trace_file = NULL;
	if (inherited) fclose(inherited); /* its buffer was flushed before the fork */
	current.n = other.n = 0;
	foreign_events = 0;
	module_written = 0;
	char parent_path[4096];
	snprintf(parent_path, sizeof parent_path, "%s", trace_path);
	memset(threads, 0, thread_slots * sizeof *threads);
	thread_count = 0;
	/* the mutexes this thread holds stay held: the child's trace starts with them */
	const void *held_mutexes[64];
	int held_count = 0;
	for (size_t i = 0; i < object_slots; i++) {
		struct object *o = &objects[i];
		if (o->address && o->owner == my_id && my_id != 0 && held_count < 64) held_mutexes[held_count++] = o->address;
		o->waiters = o->posted = o->arrived = 0;
	}
	int old_id = my_id;
	my_id = 1;
	strcpy(self, "main");
	for (size_t i = 0; i < object_slots; i++) {
		if (objects[i].address && objects[i].owner == old_id && old_id != 0) objects[i].owner = 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &start);
	spun = 0;
	unlock(&lk);
	if (recorded) {
		char path[4096];
		child_path(path, sizeof path, parent_path, (long) getpid());
		if (open_trace(path, ", a fork of the recorded program")) {
			lock(&lk);
			for (int i = 0; i < held_count; i++) {
				char name[48];
				name_of(name, sizeof name, 'm', held_mutexes[i], 0);
				record(LOCK, name, NULL);
			}
			for (int i = 0; i < read_count; i++) {
				char name[48];
				name_of(name, sizeof name, 'r', reads[i].rw, 0);
				record(RLOCK, name, NULL);
			}
			unlock(&lk);
			start_flusher();
		}
	} else {
		active = 0;
	}
	unlock(&wk);
	return 0;
}

static void started_process(const char *what, const char *file, long pid) {
	if (!active) return;
	char text[600];
	snprintf(text, sizeof text, "%s %.500s", what, file ? file : "");
	comment(pid > 0 ? "# %s: process %ld\n" : "# %s\n", text, pid);
}

int posix_spawn(pid_t *restrict pid, const char *restrict path, const posix_spawn_file_actions_t *actions,
		const posix_spawnattr_t *restrict attr, char *const argv[restrict], char *const envp[restrict]) {
	resolve();
	int r = real_posix_spawn(pid, path, actions, attr, argv, envp);
	if (r == 0 && active) {
		lock(&lk);
		channels_forget();
		unlock(&lk);
	}
	if (r == 0) started_process("posix_spawn", path, pid ? (long) *pid : 0);
	return r;
}

int posix_spawnp(pid_t *restrict pid, const char *restrict file, const posix_spawn_file_actions_t *actions,
		const posix_spawnattr_t *restrict attr, char *const argv[restrict], char *const envp[restrict]) {
	resolve();
	int r = real_posix_spawnp(pid, file, actions, attr, argv, envp);
	if (r == 0 && active) {
		lock(&lk);
		channels_forget();
		unlock(&lk);
	}
	if (r == 0) started_process("posix_spawnp", file, pid ? (long) *pid : 0);
	return r;
}

int system(const char *command) {
	resolve();
	started_process("system", command, 0);
	struct span s;
	span_begin(&s);
	int r = real_system(command);
	span_end(&s, IO, __builtin_return_address(0));
	return r;
}

FILE *popen(const char *command, const char *mode) {
	resolve();
	started_process("popen", command, 0);
	return real_popen(command, mode);
}

void _exit(int status) {
	resolve();
	write_trace(); /* only in the process that owns the trace, not in a vfork child */
	real__exit(status);
	__builtin_unreachable();
}

void _Exit(int status) {
	resolve();
	write_trace();
	real__Exit(status);
	__builtin_unreachable();
}

void pthread_exit(void *result) {
	resolve();
	/* the exit is logged when the thread ends, after its cleanup handlers (which may unlock) */
	if (my_id == 1 && active) {
		lock(&lk);
		record(EXIT, NULL, NULL);
		exited = 1;
		unlock(&lk);
	}
	real_pthread_exit(result);
	__builtin_unreachable();
}

/* ---------------------------------------------------------------- for semaphores.c (recorder.h) */

int recorder_started(void) { return active; }
int recorder_inside(void) { return inside; }
void recorder_resolve(void) { resolve(); }
struct object *recorder_object(const void *address) { return object(address); }
void recorder_object_name(char *name, size_t size, char sort, const void *address, unsigned incarnation) {
	name_of(name, size, sort, address, incarnation);
}
void recorder_renewed(const void *address) { renewed(address); }
int recorder_own_once(const pthread_once_t *control) { return control == &ending_once; }
