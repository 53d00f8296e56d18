/*
 * What the pthread recorder (recorder.c) offers the other parts of the same library (ompt.c, semaphores.c, ...).
 * Hidden: none is seen by the recorded program.
 */
#ifndef PERFCAST_RECORDER_H
#define PERFCAST_RECORDER_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#define INTERNAL __attribute__((visibility("hidden")))

/* The trace's event kinds, in the order of their keywords; NAME is an @name line (names.c), its arg the name. */
enum kind { CREATE, JOIN, EXIT, LOCK, RLOCK, UNLOCK, POST, TAKE, IO, SLEEP, NAME };

/* A kind for recorder_span_end only: a sleep that stood for polling another thread (waits.c counts them). */
#define POLLED 0x100

/* A call that may keep the thread off its processor: its start on the wall and CPU clocks, and the thread's
   run-queue delay then (-1 when not read). */
struct span { long long wall, cpu, rq; };
/* A span timed exactly (a sleep) and one of an I/O call at caller (timed by the wall clock alone until the site has
   been slow); the end writes kind (IO, SLEEP, POLLED) with the time off the processor when it is at least 10 us. */
INTERNAL void recorder_span_begin(struct span *s);
INTERNAL void recorder_span_begin_io(struct span *s, void *caller);
INTERNAL void recorder_span_end(struct span *s, int kind, void *caller);
/* The program's code behind the return address caller (the program's frame above the C and C++ runtime). */
INTERNAL void *recorder_site(void *caller);
/* Appends an event of the calling thread at site, now, 1 when it did (not for threads it does not know); the caller
   holds the lock. */
INTERNAL int recorder_record(int kind, const char *arg, void *site);

/* waits.c: the recorded run's scheduling policy, set when the recorder starts; the calling thread's run-queue delay in ns (-1 when unknown); what it closes when the thread ends; its
   own descriptor; counting polling waits (under the lock); the trace's closing comments. */
INTERNAL void waits_begin(void);
INTERNAL long long waits_run_delay(void);
INTERNAL void waits_thread_ended(void);
INTERNAL int waits_own_descriptor(int fd);
INTERNAL void waits_polled(long long off);
INTERNAL void waits_notes(FILE *trace);

/* handoffs.c: a signal of a condition woke a recorded waiter; a wait took a signal; the thread is about to take a
   mutex, has released one, is about to block in a wait. */
INTERNAL void handoff_signalled(void);
INTERNAL void handoff_woken(void);
INTERNAL void handoff_acquiring(void);
INTERNAL void handoff_released(void);
INTERNAL void handoff_blocking(void);

/* channels.c: descriptors and IPC objects made inside the process stop being its own after fork or spawn; the caller
   holds the lock. */
INTERNAL void channels_forget(void);

/* Whether the recorder writes a trace in this process. */
INTERNAL int recorder_active(void);
/* Whether it started in this process (also once the trace is finished, at exit). */
INTERNAL int recorder_started(void);
/* Whether the calling thread is in a wrapper that calls other wrapped functions. */
INTERNAL int recorder_inside(void);
/* Finds the real functions recorder.c wraps (dlsym), once. */
INTERNAL void recorder_resolve(void);

/* Synchronisation objects by address (semaphores.c): what the recorder must know of each. */
struct object {
	const void *address;
	int waiters, posted;        /* conditions and futexes: threads waiting; posts not yet taken */
	int parties, arrived;       /* barriers */
	unsigned round, incarnation; /* barrier rounds; re-initialisations of the address */
	int owner, depth;           /* mutexes: the owning thread's id and its recursion depth */
	int once;                   /* pthread_once: 1 running, 2 done */
};
/* The object at address, created when new; the caller holds the lock. */
INTERNAL struct object *recorder_object(const void *address);
/* The name of the object at address: a letter for its sort, the address, the incarnation if re-initialised. */
INTERNAL void recorder_object_name(char *name, size_t size, char sort, const void *address, unsigned incarnation);
/* The object at address is initialised again (or destroyed): a new incarnation. */
INTERNAL void recorder_renewed(const void *address);
/* Whether control is the recorder's own once, which is not recorded. */
INTERNAL int recorder_own_once(const pthread_once_t *control);
/* The recorder's lock, under which events are appended in the order they happen. */
INTERNAL void recorder_lock(void);
INTERNAL void recorder_unlock(void);
/* The calling thread's name in the trace ("main", "T3"), or NULL when the recorder does not know it. */
INTERNAL const char *recorder_thread(void);
/* The calling thread's CPU clock in ns, less the time it spent spinning for spinlocks. */
INTERNAL long long recorder_cpu(void);
/* Appends an event of thread at CPU clock cpu, with the code address site (or NULL); the caller holds the lock. */
INTERNAL void recorder_event(const char *thread, int kind, const char *arg, const void *site, long long cpu);

/* Writes line (a comment, "# ...\n") to the trace now, after the events recorded so far. */
INTERNAL void recorder_comment(const char *line);
/* Copies the trace's name of thread id into name; 0 when the recorder does not know it. */
INTERNAL int recorder_copy_thread_of(pthread_t id, char *name, size_t size);

/* visible.c: the processors the program sees (PERFCAST_VISIBLE_PROCESSORS), 0 when not set; syscall()'s affinity
   requests, 1 when handled (with *result). */
INTERNAL int visible_processors(void);
INTERNAL int visible_syscall(long number, const long *a, long *result);

/* The trace name of the thread id the recorder created, or NULL; the caller holds the lock. */
INTERNAL const char *recorder_thread_of(pthread_t id);

/* Thread names (names.c): the process's name, read when the recording begins; an @name of thread (the caller holds
   the lock); a new thread's inherited name, on that thread as it starts; an @name line written out. */
INTERNAL void recorder_names_begin(void);
INTERNAL void recorder_name(const char *thread, const char *name);
INTERNAL void recorder_named_at_start(const char *thread);
INTERNAL void recorder_write_name(FILE *out, const char *thread, const char *name);

/* A line for the end of the trace (a comment), replacing an earlier one. */
INTERNAL void recorder_summary(const char *text);

/*
 * Set by ompt.c when the OpenMP runtime starts it: who acts on the calling thread (an implicit task's thread or the
 * explicit task it runs, with that one's clock) for the events the pthread wrappers record; 0 when the thread is
 * not known to it. And what to end when the main thread ends the trace.
 */
extern INTERNAL int (*recorder_actor)(const char **name, long long *cpu);
extern INTERNAL void (*recorder_finish)(void);

#endif
