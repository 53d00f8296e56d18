/*
 * Blocking calls that are not synchronisation (part of the pthread recorder, compiled with recorder.c): positioned
 * and vectored file I/O, epoll waits, accept and connect, fsync, stdio block reads and writes, waits for child
 * processes -> io D, and sleeps -> sleep D, the time the thread was off its processor in the call when at least
 * 10 us (see recorder_span_end). Reads and writes of descriptors are in channels.c.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "recorder.h"

#define BLOCKING(kind, type, name, params, args)   \
	type name params {                              \
		static __typeof__(name) *real;              \
		if (!real) real = dlsym(RTLD_NEXT, #name);  \
		struct span s;                              \
		if (kind == SLEEP) recorder_span_begin(&s); \
		else recorder_span_begin_io(&s, __builtin_return_address(0)); \
		type result = real args;                    \
		recorder_span_end(&s, kind, __builtin_return_address(0)); \
		return result;                              \
	}

BLOCKING(IO, ssize_t, pread, (int fd, void *buffer, size_t n, off_t at), (fd, buffer, n, at))
BLOCKING(IO, ssize_t, pwrite, (int fd, const void *buffer, size_t n, off_t at), (fd, buffer, n, at))
BLOCKING(IO, ssize_t, pread64, (int fd, void *buffer, size_t n, off64_t at), (fd, buffer, n, at))
BLOCKING(IO, ssize_t, pwrite64, (int fd, const void *buffer, size_t n, off64_t at), (fd, buffer, n, at))
BLOCKING(IO, ssize_t, preadv, (int fd, const struct iovec *v, int n, off_t at), (fd, v, n, at))
BLOCKING(IO, ssize_t, pwritev, (int fd, const struct iovec *v, int n, off_t at), (fd, v, n, at))
BLOCKING(IO, int, epoll_wait, (int fd, struct epoll_event *events, int n, int timeout), (fd, events, n, timeout))
BLOCKING(IO, int, epoll_pwait, (int fd, struct epoll_event *events, int n, int timeout, const sigset_t *mask),
		(fd, events, n, timeout, mask))
BLOCKING(IO, int, accept, (int fd, __SOCKADDR_ARG address, socklen_t *restrict length), (fd, address, length))
BLOCKING(IO, int, accept4, (int fd, __SOCKADDR_ARG address, socklen_t *restrict length, int flags),
		(fd, address, length, flags))
BLOCKING(IO, int, connect, (int fd, __CONST_SOCKADDR_ARG address, socklen_t length), (fd, address, length))
BLOCKING(IO, int, fsync, (int fd), (fd))
BLOCKING(IO, int, fdatasync, (int fd), (fd))
BLOCKING(IO, size_t, fread, (void *restrict buffer, size_t size, size_t n, FILE *restrict f), (buffer, size, n, f))
BLOCKING(IO, size_t, fwrite, (const void *restrict buffer, size_t size, size_t n, FILE *restrict f),
		(buffer, size, n, f))
BLOCKING(IO, char *, fgets, (char *restrict line, int n, FILE *restrict f), (line, n, f))
BLOCKING(IO, ssize_t, getline, (char **restrict line, size_t *restrict n, FILE *restrict f), (line, n, f))
BLOCKING(IO, ssize_t, getdelim, (char **restrict line, size_t *restrict n, int delimiter, FILE *restrict f),
		(line, n, delimiter, f))
BLOCKING(IO, int, fflush, (FILE *f), (f))
BLOCKING(IO, pid_t, wait, (int *status), (status))
BLOCKING(IO, pid_t, waitpid, (pid_t pid, int *status, int options), (pid, status, options))
BLOCKING(IO, int, waitid, (idtype_t type, id_t id, siginfo_t *info, int options), (type, id, info, options))
BLOCKING(SLEEP, int, nanosleep, (const struct timespec *duration, struct timespec *left), (duration, left))
BLOCKING(SLEEP, int, clock_nanosleep, (clockid_t clock, int flags, const struct timespec *duration,
		struct timespec *left), (clock, flags, duration, left))
BLOCKING(SLEEP, int, usleep, (useconds_t duration), (duration))
BLOCKING(SLEEP, unsigned, sleep, (unsigned duration), (duration))
