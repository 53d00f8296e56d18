/*
 * Channels between the threads of one process (part of the pthread recorder, compiled with recorder.c): pipes,
 * socketpairs, eventfds, POSIX message queues and System V semaphores and message queues that the process made
 * itself. A thread blocked reading one waits for the thread that writes, not for a device: on one processor its
 * wait holds other threads' time slices, so recorded as I/O of that length it would be replayed as such on any
 * number of processors. Here a write (send, post) is a post of the channel, written before the data is there, and a
 * read (receive, wait) takes the posts whose data it consumed, written once it has them: a byte, an eventfd's unit,
 * a message or a semaphore's unit is a unit of a post, and a read takes each post of whose units it consumed the
 * first (posts pair with takes in the order of the recording, under every model).
 *
 * POSIX and System V IPC are in ipc.c. Descriptors inherited, opened from files or connected to other processes
 * stay I/O. After fork or posix_spawn
 * the channels made before are shared with another process and become I/O (channels_forget).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "recorder.h"
#include "channels.h"

/* ---------------------------------------------------------------- channels and their posts */

static struct channel **channels; /* under the recorder's lock */
static size_t channel_count, channel_capacity;
static unsigned serial; /* names channels in the order they are made */

/* Descriptors: the channel read and the one written through each, 1-based indexes (0: not a channel). The table is
   mapped once at its full size (only the pages used cost memory), so that reads need no lock. */
static struct ends *descriptors;
static int descriptor_limit, descriptor_high; /* the table's size; above the highest descriptor set */

static void make_table(void) {
	if (descriptors) return;
	struct rlimit limit;
	long size = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_max != RLIM_INFINITY ? (long) limit.rlim_max
			: 1L << 20;
	if (size > 1L << 20) size = 1L << 20;
	void *table = mmap(NULL, size * sizeof(struct ends), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (table == MAP_FAILED) return;
	descriptor_limit = (int) size;
	__atomic_store_n(&descriptors, (struct ends *) table, __ATOMIC_RELEASE);
}

struct ends ends_of(int fd) {
	struct ends none = { 0, 0 };
	struct ends *table = __atomic_load_n(&descriptors, __ATOMIC_ACQUIRE);
	if (!table || fd < 0 || fd >= descriptor_limit) return none;
	return table[fd];
}

/* A new channel, named kind.N; the caller holds the lock. Its 1-based index. */
unsigned new_channel(const char *kind, int key, int number) {
	struct channel *c = calloc(1, sizeof *c);
	if (key >= 0) snprintf(c->name, sizeof c->name, "%s.%d.%d", kind, key, number);
	else snprintf(c->name, sizeof c->name, "%s.%u", kind, ++serial);
	c->key = key;
	c->number = number;
	for (size_t i = 0; i < channel_count; i++) {
		if (!channels[i]) {
			channels[i] = c;
			return (unsigned) i + 1;
		}
	}
	if (channel_count == channel_capacity) {
		channel_capacity = channel_capacity ? channel_capacity * 2 : 64;
		channels = realloc(channels, channel_capacity * sizeof *channels);
	}
	channels[channel_count++] = c;
	return (unsigned) channel_count;
}

struct channel *channel(unsigned index) {
	return index && index <= channel_count ? channels[index - 1] : NULL;
}

void release(unsigned index) {
	struct channel *c = channel(index);
	if (c && --c->refs <= 0) {
		free(c->posts);
		free(c);
		channels[index - 1] = NULL;
	}
}

/* Descriptor fd reads channel r and writes channel w (0 for none); the caller holds the lock. */
void bind_descriptor(int fd, unsigned r, unsigned w) {
	make_table();
	if (!descriptors || fd < 0 || fd >= descriptor_limit) return;
	struct ends old = descriptors[fd];
	if (r) channel(r)->refs++;
	if (w) channel(w)->refs++;
	descriptors[fd].read = r;
	descriptors[fd].write = w;
	if (fd >= descriptor_high) descriptor_high = fd + 1;
	if (old.read) release(old.read);
	if (old.write) release(old.write);
}

void channels_forget(void) {
	if (descriptors) memset(descriptors, 0, descriptor_high * sizeof *descriptors);
	descriptor_high = 0;
	for (size_t i = 0; i < channel_count; i++) {
		if (channels[i]) {
			free(channels[i]->posts);
			free(channels[i]);
			channels[i] = NULL;
		}
	}
}

/* A post of units to c by the calling thread; the caller holds the lock. The post's number, or -1 when the thread is
   not recorded (nothing is posted then, and nothing can be taken). */
long long posting(struct channel *c, long long units, void *site) {
	if (units <= 0 || !recorder_record(POST, c->name, site)) return -1;
	if (c->head + c->count == c->capacity) {
		if (c->head > 0) {
			memmove(c->posts, c->posts + c->head, c->count * sizeof *c->posts);
			c->head = 0;
		}
		if (c->count == c->capacity) {
			c->capacity = c->capacity ? c->capacity * 2 : 16;
			c->posts = realloc(c->posts, c->capacity * sizeof *c->posts);
		}
	}
	c->posts[c->head + c->count++] = (struct post) { units, c->posted, 0 };
	return c->posted++;
}

/* Post number serial of c delivered missing units less than it announced (a short or failed write); the caller
   holds the lock. */
void delivered(struct channel *c, long long serial, long long missing) {
	if (!c || serial < 0 || missing <= 0) return;
	for (size_t i = c->count; i-- > 0;) {
		struct post *p = &c->posts[c->head + i];
		if (p->serial == serial) {
			p->units = p->units > missing ? p->units - missing : 0;
			return;
		}
		if (p->serial < serial) return;
	}
}

/* The calling thread consumed units of c: it takes each post whose first unit it consumed; the caller holds the
   lock. Units beyond the posts came from writers the recorder does not know. */
void consuming(struct channel *c, long long units, void *site) {
	while (units > 0 && c->count > 0) {
		struct post *p = &c->posts[c->head];
		if (p->units > 0 && !p->taken) {
			recorder_record(TAKE, c->name, site); /* (not written for a thread the recorder does not know) */
			p->taken = 1;
		}
		long long used = p->units < units ? p->units : units;
		p->units -= used;
		units -= used;
		if (p->units == 0) {
			c->head++;
			c->count--;
		}
	}
	if (c->count == 0) c->head = 0;
}

/* The channel named kind.key.number (System V: an id and a semaphore's number or a message type), made when new;
   the caller holds the lock. */
struct channel *channel_keyed(const char *kind, int key, int number) {
	for (size_t i = 0; i < channel_count; i++) {
		struct channel *c = channels[i];
		if (c && c->key == key && c->number == number && strncmp(c->name, kind, strlen(kind)) == 0) return c;
	}
	struct channel *c = channel(new_channel(kind, key, number));
	c->refs = 1;
	return c;
}

/* The channels of key end (an IPC id removed); the caller holds the lock. */
void channels_release_key(int key) {
	for (size_t i = 0; i < channel_count; i++) {
		if (channels[i] && channels[i]->key == key) release((unsigned) i + 1);
	}
}

/* ---------------------------------------------------------------- the real functions */

#define REAL(name) static __typeof__(name) *real_##name
#define FIND(name) do { if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name); } while (0)
REAL(read); REAL(write); REAL(readv); REAL(writev); REAL(recv); REAL(send); REAL(recvfrom); REAL(sendto);
REAL(recvmsg); REAL(sendmsg); REAL(poll); REAL(ppoll); REAL(select); REAL(pselect);
REAL(pipe); REAL(pipe2); REAL(socketpair); REAL(eventfd); REAL(close); REAL(dup); REAL(dup2); REAL(dup3);

/* ---------------------------------------------------------------- reads and writes */

static long long total(const struct iovec *v, int n) {
	long long sum = 0;
	for (int i = 0; i < n; i++) sum += (long long) v[i].iov_len;
	return sum;
}

static int nonblocking(int fd, int flags) {
	return (flags & MSG_DONTWAIT) || (fcntl(fd, F_GETFL) & O_NONBLOCK);
}

/* A write of n units to channel w through fd, done by call. A write that cannot block is done under the lock and
   posts what it wrote; one that may block posts first (its reader may run before the write returns) and gives back
   what it did not write. */
#define CHANNEL_WRITE(w, fd, n, flags, call)                                                      \
	do {                                                                                          \
		void *site = recorder_site(__builtin_return_address(0));                                  \
		if (nonblocking(fd, flags)) {                                                             \
			recorder_lock();                                                                      \
			ssize_t r = call;                                                                     \
			int saved = errno;                                                                    \
			struct channel *c = channel(w);                                                       \
			if (c && r > 0) posting(c, r, site);                                                  \
			recorder_unlock();                                                                    \
			errno = saved;                                                                        \
			return r;                                                                             \
		}                                                                                         \
		recorder_lock();                                                                          \
		struct channel *c = channel(w);                                                           \
		long long serial = c ? posting(c, (long long) (n), site) : -1;                            \
		recorder_unlock();                                                                        \
		ssize_t r = call;                                                                         \
		int saved = errno;                                                                        \
		if (serial >= 0 && r < (ssize_t) (n)) {                                                   \
			recorder_lock();                                                                      \
			if (channel(w) == c) delivered(c, serial, (long long) (n) - (r > 0 ? r : 0));         \
			recorder_unlock();                                                                    \
		}                                                                                         \
		errno = saved;                                                                            \
		return r;                                                                                 \
	} while (0)

/* A read through fd of channel r by call: it takes the posts of what it got. */
#define CHANNEL_READ(ch, call)                                                                    \
	do {                                                                                          \
		void *site = recorder_site(__builtin_return_address(0));                                  \
		ssize_t r = call;                                                                         \
		int saved = errno;                                                                        \
		if (r > 0) {                                                                              \
			recorder_lock();                                                                      \
			struct channel *c = channel(ch);                                                      \
			if (c) consuming(c, r, site);                                                         \
			recorder_unlock();                                                                    \
		}                                                                                         \
		errno = saved;                                                                            \
		return r;                                                                                 \
	} while (0)

/* Not a channel (or the recorder is off): I/O timed as before. */
#define IO_CALL(call)                                                                             \
	do {                                                                                          \
		struct span s;                                                                            \
		recorder_span_begin_io(&s, __builtin_return_address(0));                                  \
		__typeof__(call) r = call;                                                                \
		recorder_span_end(&s, IO, __builtin_return_address(0));                                   \
		return r;                                                                                 \
	} while (0)

ssize_t read(int fd, void *buffer, size_t n) {
	FIND(read);
	unsigned ch = ends_of(fd).read;
	if (ch && recorder_active()) {
		if (ends_of(fd).write == ch) { /* an eventfd: the value read is the units */
			void *site = recorder_site(__builtin_return_address(0));
			ssize_t r = real_read(fd, buffer, n);
			int saved = errno;
			if (r == 8) {
				recorder_lock();
				struct channel *c = channel(ch);
				if (c) consuming(c, (long long) *(uint64_t *) buffer, site);
				recorder_unlock();
			}
			errno = saved;
			return r;
		}
		CHANNEL_READ(ch, real_read(fd, buffer, n));
	}
	IO_CALL(real_read(fd, buffer, n));
}

ssize_t write(int fd, const void *buffer, size_t n) {
	FIND(write);
	unsigned ch = ends_of(fd).write;
	if (ch && recorder_active()) {
		if (ends_of(fd).read == ch) { /* an eventfd: the value written is the units; the write does not block */
			void *site = recorder_site(__builtin_return_address(0));
			recorder_lock();
			ssize_t r = real_write(fd, buffer, n);
			int saved = errno;
			struct channel *c = channel(ch);
			if (c && r == 8) posting(c, (long long) *(const uint64_t *) buffer, site);
			recorder_unlock();
			errno = saved;
			return r;
		}
		CHANNEL_WRITE(ch, fd, n, 0, real_write(fd, buffer, n));
	}
	IO_CALL(real_write(fd, buffer, n));
}

ssize_t readv(int fd, const struct iovec *v, int n) {
	FIND(readv);
	unsigned ch = ends_of(fd).read;
	if (ch && ends_of(fd).write != ch && recorder_active()) CHANNEL_READ(ch, real_readv(fd, v, n));
	IO_CALL(real_readv(fd, v, n));
}

ssize_t writev(int fd, const struct iovec *v, int n) {
	FIND(writev);
	unsigned ch = ends_of(fd).write;
	if (ch && ends_of(fd).read != ch && recorder_active()) CHANNEL_WRITE(ch, fd, total(v, n), 0, real_writev(fd, v, n));
	IO_CALL(real_writev(fd, v, n));
}

ssize_t recv(int fd, void *buffer, size_t n, int flags) {
	FIND(recv);
	unsigned ch = ends_of(fd).read;
	if (ch && !(flags & MSG_PEEK) && recorder_active()) CHANNEL_READ(ch, real_recv(fd, buffer, n, flags));
	IO_CALL(real_recv(fd, buffer, n, flags));
}

ssize_t recvfrom(int fd, void *restrict buffer, size_t n, int flags, __SOCKADDR_ARG address,
		socklen_t *restrict length) {
	FIND(recvfrom);
	unsigned ch = ends_of(fd).read;
	if (ch && !(flags & MSG_PEEK) && recorder_active()) {
		CHANNEL_READ(ch, real_recvfrom(fd, buffer, n, flags, address, length));
	}
	IO_CALL(real_recvfrom(fd, buffer, n, flags, address, length));
}

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
	FIND(recvmsg);
	unsigned ch = ends_of(fd).read;
	if (ch && !(flags & MSG_PEEK) && recorder_active()) CHANNEL_READ(ch, real_recvmsg(fd, message, flags));
	IO_CALL(real_recvmsg(fd, message, flags));
}

ssize_t send(int fd, const void *buffer, size_t n, int flags) {
	FIND(send);
	unsigned ch = ends_of(fd).write;
	if (ch && recorder_active()) CHANNEL_WRITE(ch, fd, n, flags, real_send(fd, buffer, n, flags));
	IO_CALL(real_send(fd, buffer, n, flags));
}

ssize_t sendto(int fd, const void *buffer, size_t n, int flags, __CONST_SOCKADDR_ARG address, socklen_t length) {
	FIND(sendto);
	unsigned ch = ends_of(fd).write;
	if (ch && recorder_active()) CHANNEL_WRITE(ch, fd, n, flags, real_sendto(fd, buffer, n, flags, address, length));
	IO_CALL(real_sendto(fd, buffer, n, flags, address, length));
}

ssize_t sendmsg(int fd, const struct msghdr *message, int flags) {
	FIND(sendmsg);
	unsigned ch = ends_of(fd).write;
	if (ch && recorder_active()) {
		CHANNEL_WRITE(ch, fd, total(message->msg_iov, (int) message->msg_iovlen), flags,
				real_sendmsg(fd, message, flags));
	}
	IO_CALL(real_sendmsg(fd, message, flags));
}

int eventfd_read(int fd, eventfd_t *value) {
	ssize_t r = read(fd, value, sizeof *value);
	return r == sizeof *value ? 0 : -1;
}

int eventfd_write(int fd, eventfd_t value) {
	ssize_t r = write(fd, &value, sizeof value);
	return r == sizeof value ? 0 : -1;
}

/* ---------------------------------------------------------------- waiting for descriptors */

/* A poll or select over channels only waits for other threads of the program: the read after it takes what it
   waited for, so the wait itself is no event (a timeout with nothing ready is a sleep). Over anything else it is
   I/O. */
#define WAIT_FOR_CHANNELS(only_channels, call)                                                    \
	do {                                                                                          \
		struct span s;                                                                            \
		int channels_only = recorder_active() && (only_channels);                                 \
		if (channels_only) recorder_span_begin(&s);                                               \
		else recorder_span_begin_io(&s, __builtin_return_address(0));                             \
		int ready_ = call;                                                                        \
		if (!channels_only) recorder_span_end(&s, IO, __builtin_return_address(0));               \
		else if (ready_ == 0) recorder_span_end(&s, SLEEP, __builtin_return_address(0));          \
		return ready_;                                                                            \
	} while (0)

static int polls_channels(const struct pollfd *fds, nfds_t n) {
	int any = 0;
	for (nfds_t i = 0; i < n; i++) {
		if (fds[i].fd < 0) continue;
		struct ends e = ends_of(fds[i].fd);
		if (!e.read && !e.write) return 0;
		any = 1;
	}
	return any;
}

static int selects_channels(int n, const fd_set *r, const fd_set *w, const fd_set *e) {
	int any = 0;
	for (int fd = 0; fd < n && fd < FD_SETSIZE; fd++) {
		if ((r && FD_ISSET(fd, r)) || (w && FD_ISSET(fd, w)) || (e && FD_ISSET(fd, e))) {
			struct ends ends = ends_of(fd);
			if (!ends.read && !ends.write) return 0;
			any = 1;
		}
	}
	return any;
}

int poll(struct pollfd *fds, nfds_t n, int timeout) {
	FIND(poll);
	WAIT_FOR_CHANNELS(polls_channels(fds, n), real_poll(fds, n, timeout));
}

int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *timeout, const sigset_t *mask) {
	FIND(ppoll);
	WAIT_FOR_CHANNELS(polls_channels(fds, n), real_ppoll(fds, n, timeout, mask));
}

int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout) {
	FIND(select);
	WAIT_FOR_CHANNELS(selects_channels(n, r, w, e), real_select(n, r, w, e, timeout));
}

int pselect(int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *timeout, const sigset_t *mask) {
	FIND(pselect);
	WAIT_FOR_CHANNELS(selects_channels(n, r, w, e), real_pselect(n, r, w, e, timeout, mask));
}

/* ---------------------------------------------------------------- making and closing descriptors */

static void made_pipe(int fds[2]) {
	recorder_lock();
	unsigned c = new_channel("pipe", -1, 0);
	bind_descriptor(fds[0], c, 0);
	bind_descriptor(fds[1], 0, c);
	recorder_unlock();
}

int pipe(int fds[2]) {
	FIND(pipe);
	int r = real_pipe(fds);
	if (r == 0 && recorder_active()) made_pipe(fds);
	return r;
}

int pipe2(int fds[2], int flags) {
	FIND(pipe2);
	int r = real_pipe2(fds, flags);
	if (r == 0 && recorder_active()) made_pipe(fds);
	return r;
}

int socketpair(int domain, int type, int protocol, int fds[2]) {
	FIND(socketpair);
	int r = real_socketpair(domain, type, protocol, fds);
	if (r == 0 && recorder_active()) {
		recorder_lock();
		unsigned there = new_channel("socket", -1, 0), back = new_channel("socket", -1, 0);
		bind_descriptor(fds[0], back, there);
		bind_descriptor(fds[1], there, back);
		recorder_unlock();
	}
	return r;
}

int eventfd(unsigned value, int flags) {
	FIND(eventfd);
	int fd = real_eventfd(value, flags);
	if (fd >= 0 && recorder_active()) {
		void *site = recorder_site(__builtin_return_address(0));
		recorder_lock();
		unsigned c = new_channel("eventfd", -1, 0);
		bind_descriptor(fd, c, c);
		if (value > 0) posting(channel(c), value, site);
		recorder_unlock();
	}
	return fd;
}

int close(int fd) {
	FIND(close);
	struct ends e = ends_of(fd);
	if (e.read || e.write) {
		recorder_lock();
		bind_descriptor(fd, 0, 0);
		recorder_unlock();
	}
	if (waits_own_descriptor(fd)) waits_thread_ended();
	return real_close(fd);
}

/* A stream on a channel's descriptor (fdopen) closes it without close. */
int fclose(FILE *f) {
	static __typeof__(fclose) *real_fclose;
	if (!real_fclose) real_fclose = dlsym(RTLD_NEXT, "fclose");
	int fd = f ? fileno(f) : -1;
	struct ends e = ends_of(fd);
	if (e.read || e.write) {
		recorder_lock();
		bind_descriptor(fd, 0, 0);
		recorder_unlock();
	}
	return real_fclose(f);
}

static void duplicated(int from, int to) {
	struct ends e = ends_of(from);
	struct ends old = ends_of(to);
	if (!e.read && !e.write && !old.read && !old.write) return;
	recorder_lock();
	bind_descriptor(to, e.read, e.write);
	recorder_unlock();
}

int dup(int fd) {
	FIND(dup);
	int r = real_dup(fd);
	if (r >= 0) duplicated(fd, r);
	return r;
}

int dup2(int fd, int to) {
	FIND(dup2);
	int r = real_dup2(fd, to);
	if (r >= 0 && fd != to) duplicated(fd, r);
	return r;
}

int dup3(int fd, int to, int flags) {
	FIND(dup3);
	int r = real_dup3(fd, to, flags);
	if (r >= 0) duplicated(fd, r);
	return r;
}
