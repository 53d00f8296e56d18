/*
 * The names a program gives its threads, for the pthread recorder (recorder.c): each becomes an "@name THREAD TEXT"
 * line of the trace, in the order of the events, so that a rename shows where it happened.
 *
 *   pthread_setname_np(thread, name)    -> @name of that thread (itself or another one the recorder knows);
 *   prctl(PR_SET_NAME, name)            -> @name of the calling thread (the name as the kernel keeps it: 15 bytes);
 *   a new thread's inherited name       -> @name of the new thread, when it differs from the process's name (the
 *                                          name of its main thread when the recording began).
 *
 * Only threads the recorder knows are named (created through pthread_create or thrd_create, and main).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "recorder.h"

static int (*real_prctl)(int, unsigned long, unsigned long, unsigned long, unsigned long);
static int (*real_pthread_setname_np)(pthread_t, const char *);
static char process_name[16];

static void resolve_names(void) {
	if (!real_prctl) real_prctl = (int (*)(int, unsigned long, unsigned long, unsigned long, unsigned long))
			dlsym(RTLD_NEXT, "prctl");
	if (!real_pthread_setname_np) real_pthread_setname_np = (int (*)(pthread_t, const char *))
			dlsym(RTLD_NEXT, "pthread_setname_np");
}

/* The calling thread's name as the kernel keeps it. */
static void own_name(char name[17]) {
	memset(name, 0, 17);
	resolve_names();
	if (real_prctl) real_prctl(PR_GET_NAME, (unsigned long) name, 0, 0, 0);
}

void recorder_names_begin(void) {
	char name[17];
	own_name(name);
	memcpy(process_name, name, sizeof process_name - 1);
}

void recorder_name(const char *thread, const char *name) {
	if (thread && name && name[0]) recorder_event(thread, NAME, name, NULL, 0);
}

void recorder_named_at_start(const char *thread) {
	char name[17];
	own_name(name);
	if (!name[0] || strcmp(name, process_name) == 0) return;
	recorder_lock();
	recorder_name(thread, name);
	recorder_unlock();
}

/* The length of the valid UTF-8 sequence of more than one byte at s (at most n bytes), else 0 or 1. */
static size_t utf8_length(const char *s, size_t n) {
	unsigned char c = (unsigned char) s[0];
	size_t want = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 1;
	if (want == 1 || want > n) return 1;
	for (size_t k = 1; k < want; k++) {
		if (((unsigned char) s[k] & 0xC0) != 0x80) return 1;
	}
	return want;
}

void recorder_write_name(FILE *out, const char *thread, const char *name) {
	size_t n = strlen(name);
	/* the kernel cuts names at 15 bytes, maybe inside a UTF-8 character: leave out an incomplete one at the end */
	size_t lead = n;
	while (lead > 0 && ((unsigned char) name[lead - 1] & 0xC0) == 0x80) lead--;
	if (n == 15 && lead > 0 && ((unsigned char) name[lead - 1] & 0x80)) {
		unsigned char c = (unsigned char) name[lead - 1];
		size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
		if (n - (lead - 1) < want) n = lead - 1;
	}
	if (n == 0) return;
	fprintf(out, "@name %s ", thread);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char) name[i];
		size_t length = utf8_length(name + i, n - i);
		if (length > 1) {
			fwrite(name + i, 1, length, out);
			i += length - 1;
		} else if (c >= 0x80) fprintf(out, "\\x%02x", c); /* not UTF-8: the byte as the character it is in Latin-1 */
		else if (c == '\\') fputs("\\\\", out);
		else if (c == '\t') fputs("\\t", out);
		else if (c == '\n') fputs("\\n", out);
		else if (c == '\r') fputs("\\r", out);
		else if (c < 0x20 || c == 0x7F) fprintf(out, "\\x%02x", c);
		else fputc(c, out);
	}
	fputc('\n', out);
}

int pthread_setname_np(pthread_t thread, const char *name) {
	resolve_names();
	if (!real_pthread_setname_np) return 38; /* ENOSYS */
	int r = real_pthread_setname_np(thread, name);
	if (r == 0 && recorder_active()) {
		int self = pthread_equal(thread, pthread_self());
		const char *me = self ? recorder_thread() : NULL; /* before the lock: it may name main */
		recorder_lock();
		recorder_name(self ? me : recorder_thread_of(thread), name);
		recorder_unlock();
	}
	return r;
}

int prctl(int option, ...) {
	va_list list;
	va_start(list, option);
	unsigned long a[4];
	for (int i = 0; i < 4; i++) a[i] = va_arg(list, unsigned long);
	va_end(list);
	resolve_names();
	int r = real_prctl(option, a[0], a[1], a[2], a[3]);
	if (r == 0 && option == PR_SET_NAME && recorder_active()) {
		char name[17];
		own_name(name); /* as the kernel cut it */
		const char *me = recorder_thread();
		recorder_lock();
		recorder_name(me, name);
		recorder_unlock();
	}
	return r;
}
