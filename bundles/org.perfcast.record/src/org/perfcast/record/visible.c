/*
 * The processors a recorded program sees. The recorder runs the program pinned to processor 0, but a program that
 * sizes its thread pool from the processor count must make the pool it would make on the machine the prediction is
 * for: with PERFCAST_VISIBLE_PROCESSORS=N (perfcast record --visible-processors N, default this machine's count) the
 * program sees N processors, 0 to N-1, while every thread still runs on processor 0.
 *
 * Interposed (through libc's exported functions, so LD_PRELOAD reaches them):
 *   sysconf(_SC_NPROCESSORS_ONLN / _CONF), get_nprocs, get_nprocs_conf -> N;
 *   sched_getaffinity, pthread_getaffinity_np, and syscall(SYS_sched_getaffinity) (LLVM's OpenMP runtime asks the
 *   kernel directly) -> processors 0..N-1, or what the thread last bound itself to;
 *   open, open64, openat, openat64 (and their _FORTIFY_SOURCE forms), fopen, fopen64 of /proc/cpuinfo and of
 *   /sys/devices/system/cpu/{online,present,possible} -> a memfd holding a text for N processors;
 *   sched_setaffinity, pthread_setaffinity_np, pthread_attr_setaffinity_np and syscall(SYS_sched_setaffinity) to
 *   processors the program believes it has -> success, but the thread is bound to the lowest processor it really
 *   has (processor 0 under taskset -c 0: taskset itself, preloaded too, pins the program so), and each is written
 *   to the trace as a comment "# affinity THREAD CPUS (CALL)".
 * Not interposed: system calls made without libc (Go's runtime), the cpuid instruction, /proc/self/status,
 * /proc/stat, the folders /sys/devices/system/cpu/cpuK/, cgroup quotas, sched_getcpu (0).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "recorder.h"

#define MAX_VISIBLE 4096

/* N, or 0 when PERFCAST_VISIBLE_PROCESSORS is not set (the program then sees what it really has). */
int visible_processors(void) {
	static int count = -1;
	int n = __atomic_load_n(&count, __ATOMIC_RELAXED);
	if (n >= 0) return n;
	const char *text = getenv("PERFCAST_VISIBLE_PROCESSORS");
	long v = text ? strtol(text, NULL, 10) : 0;
	n = v > 0 && v <= MAX_VISIBLE ? (int) v : 0;
	__atomic_store_n(&count, n, __ATOMIC_RELAXED);
	return n;
}

int __open_2(const char *path, int flags);
int __open64_2(const char *path, int flags);
int __openat_2(int dir, const char *path, int flags);
int __openat64_2(int dir, const char *path, int flags);

/* The functions interposed, as libc has them. */
#define DECLARE(name) static __typeof__(name) *real_##name
DECLARE(sysconf); DECLARE(get_nprocs); DECLARE(get_nprocs_conf); DECLARE(sched_getaffinity);
DECLARE(pthread_getaffinity_np); DECLARE(sched_setaffinity); DECLARE(pthread_setaffinity_np);
DECLARE(pthread_attr_setaffinity_np); DECLARE(syscall); DECLARE(fopen); DECLARE(fopen64); DECLARE(open);
DECLARE(open64); DECLARE(openat); DECLARE(openat64); DECLARE(__open_2); DECLARE(__open64_2); DECLARE(__openat_2);
DECLARE(__openat64_2);
#define REAL(name) if (!real_##name) real_##name = (__typeof__(name) *) dlsym(RTLD_NEXT, #name)

/* ---------------------------------------------------------------- the count */

long sysconf(int name) {
	REAL(sysconf);
	int n = visible_processors();
	if (n && (name == _SC_NPROCESSORS_ONLN || name == _SC_NPROCESSORS_CONF)) return n;
	return real_sysconf(name);
}

int get_nprocs(void) {
	REAL(get_nprocs);
	int n = visible_processors();
	return n ? n : real_get_nprocs();
}

int get_nprocs_conf(void) {
	REAL(get_nprocs_conf);
	int n = visible_processors();
	return n ? n : real_get_nprocs_conf();
}

/* ---------------------------------------------------------------- affinity masks */

/* What the calling thread last bound itself to (within 0..N-1), which it sees as its mask; unset: all N. */
static __thread unsigned char believed[MAX_VISIBLE / 8];
static __thread int has_believed;

/* Whether pid (0, the process or one of its threads) is in this process. */
static int ours(pid_t pid) {
	if (pid == 0 || pid == getpid() || pid == gettid()) return 1;
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%ld", (long) pid);
	return access(path, F_OK) == 0;
}

/* Fills size bytes of mask with the calling thread's visible mask (when self) or all N processors. */
static void fill_mask(void *mask, size_t size, int self) {
	int n = visible_processors();
	unsigned char *bytes = mask;
	memset(bytes, 0, size);
	if (self && has_believed) {
		memcpy(bytes, believed, size < sizeof believed ? size : sizeof believed);
		return;
	}
	for (int i = 0; i < n && (size_t) i / 8 < size; i++) bytes[i / 8] |= (unsigned char) (1u << (i % 8));
}

/* The processors of mask that the program may have (below N) as a list "0-2,5"; 0 when there are none. */
static int describe(const void *mask, size_t size, char *text, size_t room) {
	int n = visible_processors(), found = 0;
	const unsigned char *bytes = mask;
	size_t used = 0;
	text[0] = 0;
	for (int i = 0; i < n && (size_t) i / 8 < size; i++) {
		if (!(bytes[i / 8] & (1u << (i % 8)))) continue;
		int j = i;
		while (j + 1 < n && (size_t) (j + 1) / 8 < size && (bytes[(j + 1) / 8] & (1u << ((j + 1) % 8)))) j++;
		if (used < room) {
			used += (size_t) snprintf(text + used, room - used, j > i ? "%s%d-%d" : "%s%d", found ? "," : "", i, j);
		}
		found += j - i + 1;
		i = j;
	}
	return found;
}

/* An accepted request to bind thread to mask: written to the trace; the thread stays where it is. */
static void bound(const char *thread, const void *mask, size_t size, const char *call) {
	static int written;
	char cpus[256], line[400];
	describe(mask, size, cpus, sizeof cpus);
	int k = __atomic_fetch_add(&written, 1, __ATOMIC_RELAXED);
	if (k > 256) return;
	if (k == 256) {
		recorder_comment("# affinity: more requests not written\n");
		return;
	}
	snprintf(line, sizeof line, "# affinity %s %s (%s)\n", thread ? thread : "?", cpus, call);
	recorder_comment(line);
}

/* A request of the calling thread to bind itself: believed from now on. */
static void believe(const void *mask, size_t size) {
	memset(believed, 0, sizeof believed);
	int n = visible_processors();
	const unsigned char *bytes = mask;
	for (int i = 0; i < n && (size_t) i / 8 < size; i++) {
		if (bytes[i / 8] & (1u << (i % 8))) believed[i / 8] |= (unsigned char) (1u << (i % 8));
	}
	has_believed = 1;
}

/* The lowest processor of a real mask, alone in *alone; 0 when the mask has none. */
static int lowest(const cpu_set_t *real, cpu_set_t *alone) {
	CPU_ZERO(alone);
	for (int i = 0; i < CPU_SETSIZE; i++) {
		if (CPU_ISSET(i, real)) {
			CPU_SET(i, alone);
			return 1;
		}
	}
	return 0;
}

int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *mask) {
	REAL(sched_getaffinity);
	int r = real_sched_getaffinity(pid, size, mask);
	if (r != 0 || !visible_processors() || !ours(pid)) return r;
	fill_mask(mask, size, pid == 0 || pid == gettid());
	return 0;
}

int pthread_getaffinity_np(pthread_t thread, size_t size, cpu_set_t *mask) {
	REAL(pthread_getaffinity_np);
	int r = real_pthread_getaffinity_np(thread, size, mask);
	if (r != 0 || !visible_processors()) return r;
	fill_mask(mask, size, pthread_equal(thread, pthread_self()));
	return 0;
}

int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *mask) {
	REAL(sched_setaffinity);
	REAL(sched_getaffinity);
	if (!visible_processors() || !ours(pid)) return real_sched_setaffinity(pid, size, mask);
	char cpus[8];
	if (!describe(mask, size, cpus, sizeof cpus)) {
		errno = EINVAL;
		return -1;
	}
	int self = pid == 0 || pid == gettid();
	cpu_set_t real, alone;
	if (real_sched_getaffinity(pid, sizeof real, &real) == 0 && lowest(&real, &alone)
			&& real_sched_setaffinity(pid, sizeof alone, &alone) != 0) {
		return -1;
	}
	if (self) believe(mask, size);
	bound(self ? recorder_thread() : pid == getpid() ? "main" : NULL, mask, size, "sched_setaffinity");
	return 0;
}

int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *mask) {
	REAL(pthread_setaffinity_np);
	REAL(pthread_getaffinity_np);
	if (!visible_processors()) return real_pthread_setaffinity_np(thread, size, mask);
	char cpus[8], name[16];
	if (!describe(mask, size, cpus, sizeof cpus)) return EINVAL;
	int self = pthread_equal(thread, pthread_self());
	cpu_set_t real, alone;
	if (real_pthread_getaffinity_np(thread, sizeof real, &real) == 0 && lowest(&real, &alone)) {
		int r = real_pthread_setaffinity_np(thread, sizeof alone, &alone);
		if (r != 0) return r;
	}
	if (self) believe(mask, size);
	bound(self ? recorder_thread() : recorder_copy_thread_of(thread, name, sizeof name) ? name : NULL, mask, size,
			"pthread_setaffinity_np");
	return 0;
}

int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t size, const cpu_set_t *mask) {
	REAL(pthread_attr_setaffinity_np);
	if (!visible_processors()) return real_pthread_attr_setaffinity_np(attr, size, mask);
	char cpus[8];
	if (!describe(mask, size, cpus, sizeof cpus)) return EINVAL;
	bound("(a thread's attributes)", mask, size, "pthread_attr_setaffinity_np");
	return 0; /* the attributes keep no mask: the thread is created on processor 0 with the others */
}

/* syscall(SYS_sched_getaffinity / SYS_sched_setaffinity) for recorder.c's syscall(): 1 when handled, with *result. */
int visible_syscall(long number, const long *a, long *result) {
	if (!visible_processors() || (number != SYS_sched_getaffinity && number != SYS_sched_setaffinity)) return 0;
	pid_t pid = (pid_t) a[0];
	size_t size = (size_t) a[1];
	if (!ours(pid)) return 0;
	int self = pid == 0 || pid == gettid();
	if (number == SYS_sched_getaffinity) {
		/* the kernel's answer: the bytes of its mask, a multiple of a long, enough for N processors */
		REAL(syscall);
		long r = real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
		if (r < 0) {
			*result = r;
			return 1;
		}
		size_t need = ((size_t) visible_processors() + 63) / 64 * 8;
		if (need > (size_t) r) {
			if (need > size) {
				errno = EINVAL;
				*result = -1;
				return 1;
			}
			r = (long) need;
		}
		fill_mask((void *) a[2], (size_t) r, self);
		*result = r;
		return 1;
	}
	char cpus[8];
	if (!describe((const void *) a[2], size, cpus, sizeof cpus)) {
		errno = EINVAL;
		*result = -1;
		return 1;
	}
	cpu_set_t real, alone;
	REAL(syscall);
	if (real_syscall(SYS_sched_getaffinity, (long) pid, (long) sizeof real, (long) &real) > 0 && lowest(&real, &alone)
			&& real_syscall(SYS_sched_setaffinity, (long) pid, (long) sizeof alone, (long) &alone) != 0) {
		*result = -1;
		return 1;
	}
	if (self) believe((const void *) a[2], size);
	bound(self ? recorder_thread() : pid == getpid() ? "main" : NULL, (const void *) a[2], size,
			"syscall sched_setaffinity");
	*result = 0;
	return 1;
}

/* ---------------------------------------------------------------- files that tell the processors */

/* The text of a file that describes the processors, for N; NULL for other paths. The caller frees it. */
static char *synthesized(const char *path) {
	int n = visible_processors();
	if (!n || !path) return NULL;
	char *text = NULL;
	size_t length = 0;
	if (strcmp(path, "/sys/devices/system/cpu/online") == 0 || strcmp(path, "/sys/devices/system/cpu/present") == 0
			|| strcmp(path, "/sys/devices/system/cpu/possible") == 0) {
		FILE *out = open_memstream(&text, &length);
		if (!out) return NULL;
		if (n == 1) fprintf(out, "0\n");
		else fprintf(out, "0-%d\n", n - 1);
		fclose(out);
		return text;
	}
	if (strcmp(path, "/proc/cpuinfo") != 0) return NULL;
	/* the first processor's block of the real file, repeated N times with each processor's number, core and APIC
	   ids; siblings and cores as one package of N cores */
	REAL(fopen);
	FILE *real = real_fopen(path, "re");
	char *block = NULL;
	size_t block_length = 0;
	FILE *first = open_memstream(&block, &block_length);
	if (!first) {
		if (real) fclose(real);
		return NULL;
	}
	if (real) {
		char line[1024];
		int lines = 0;
		while (fgets(line, sizeof line, real)) {
			if (line[0] == '\n') {
				if (lines) break;
				continue;
			}
			fputs(line, first);
			lines++;
		}
		fclose(real);
	}
	fclose(first);
	FILE *out = open_memstream(&text, &length);
	if (!out) {
		free(block);
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		int numbered = 0;
		for (char *line = block, *end; line && *line; line = end) {
			end = strchr(line, '\n');
			int size = end ? (int) (end - line) : (int) strlen(line);
			if (end) end++;
			char key[64];
			const char *colon = memchr(line, ':', (size_t) size);
			int key_length = colon ? (int) (colon - line) : 0;
			while (key_length > 0 && (line[key_length - 1] == ' ' || line[key_length - 1] == '\t')) key_length--;
			snprintf(key, sizeof key, "%.*s", key_length < 63 ? key_length : 63, line);
			if (strcmp(key, "processor") == 0) {
				fprintf(out, "processor\t: %d\n", i);
				numbered = 1;
			} else if (strcmp(key, "core id") == 0 || strcmp(key, "apicid") == 0 || strcmp(key, "initial apicid") == 0) {
				fprintf(out, "%s\t: %d\n", key, i);
			} else if (strcmp(key, "physical id") == 0) {
				fprintf(out, "%s\t: 0\n", key);
			} else if (strcmp(key, "siblings") == 0 || strcmp(key, "cpu cores") == 0) {
				fprintf(out, "%s\t: %d\n", key, n);
			} else {
				fprintf(out, "%.*s\n", size, line);
			}
		}
		if (!numbered) fprintf(out, "processor\t: %d\n", i);
		fprintf(out, "\n");
	}
	fclose(out);
	free(block);
	return text;
}

/* A file descriptor reading text from its start (a memfd), or -1. */
static int text_file(const char *text, int flags) {
	int fd = memfd_create("perfcast-visible", (flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
	if (fd < 0) return -1;
	size_t length = strlen(text), done = 0;
	while (done < length) {
		ssize_t w = pwrite(fd, text + done, length - done, (off_t) done);
		if (w <= 0) {
			close(fd);
			return -1;
		}
		done += (size_t) w;
	}
	return fd;
}

/* For an open of path for reading: the synthesized file's descriptor, or -2 when path is not one of them. */
static int opened(const char *path, int flags) {
	if ((flags & O_ACCMODE) != O_RDONLY) return -2;
	char *text = synthesized(path);
	if (!text) return -2;
	int fd = text_file(text, flags);
	free(text);
	return fd;
}

#define OPEN(name, real_call)                                          \
	int name(const char *path, int flags, ...) {                       \
		mode_t mode = 0;                                               \
		if (flags & (O_CREAT | __O_TMPFILE)) {                         \
			va_list list;                                              \
			va_start(list, flags);                                     \
			mode = va_arg(list, mode_t);                               \
			va_end(list);                                              \
		}                                                              \
		int fd = opened(path, flags);                                  \
		if (fd != -2) return fd;                                       \
		REAL(name);                                                    \
		return real_call;                                              \
	}

OPEN(open, real_open(path, flags, mode))
OPEN(open64, real_open64(path, flags, mode))

#define OPENAT(name)                                                   \
	int name(int dir, const char *path, int flags, ...) {              \
		mode_t mode = 0;                                               \
		if (flags & (O_CREAT | __O_TMPFILE)) {                         \
			va_list list;                                              \
			va_start(list, flags);                                     \
			mode = va_arg(list, mode_t);                               \
			va_end(list);                                              \
		}                                                              \
		int fd = path && path[0] == '/' ? opened(path, flags) : -2;    \
		if (fd != -2) return fd;                                       \
		REAL(name);                                                    \
		return real_##name(dir, path, flags, mode);                    \
	}

OPENAT(openat)
OPENAT(openat64)

#define OPEN_2(name, test, params, args)                               \
	int name params {                                                  \
		int fd = (test) ? opened(path, flags) : -2;                    \
		if (fd != -2) return fd;                                       \
		REAL(name);                                                    \
		return real_##name args;                                       \
	}

OPEN_2(__open_2, 1, (const char *path, int flags), (path, flags))
OPEN_2(__open64_2, 1, (const char *path, int flags), (path, flags))
OPEN_2(__openat_2, path && path[0] == '/', (int dir, const char *path, int flags), (dir, path, flags))
OPEN_2(__openat64_2, path && path[0] == '/', (int dir, const char *path, int flags), (dir, path, flags))

/* fopen's mode for reading ("r", "rb", "re", ...) as open's flags; -1 for other modes. */
static int read_mode(const char *mode) {
	if (!mode || mode[0] != 'r' || strchr(mode, '+')) return -1;
	return O_RDONLY | (strchr(mode, 'e') ? O_CLOEXEC : 0);
}

#define FOPEN(name)                                                    \
	FILE *name(const char *restrict path, const char *restrict mode) { \
		int flags = read_mode(mode);                                   \
		int fd = flags >= 0 ? opened(path, flags) : -2;                \
		if (fd >= 0) {                                                 \
			FILE *f = fdopen(fd, mode);                                \
			if (f) return f;                                           \
			close(fd);                                                 \
		}                                                              \
		REAL(name);                                                    \
		return real_##name(path, mode);                                \
	}

FOPEN(fopen)
FOPEN(fopen64)
