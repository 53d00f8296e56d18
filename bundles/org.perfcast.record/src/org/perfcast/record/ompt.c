/*
 * Perfcast's OpenMP recorder: an OMPT tool (the OpenMP tools interface, OpenMP 5.1 chapter 19) in the pthread
 * recorder's library. LLVM's OpenMP runtime (libomp; GCC-built programs run on it with libomp preloaded in place of
 * libgomp) loads it through OMP_TOOL_LIBRARIES and calls it at the program's OpenMP constructs; it writes them into
 * the same trace as synchronisation events of the trace model, each with the clock of the thread or task that acts:
 *
 *   a parallel region R of n threads -> the primary thread posts omp.fork.R n-1 times, each other thread takes it;
 *   a barrier (implicit, explicit, the region's end) -> each other thread posts omp.barrier.R.K on arriving and
 *     takes omp.release.R.K; the primary takes the n-1 arrivals, joins every task of the region not yet joined, and
 *     posts the n-1 releases (so the barrier waits for the last thread however the threads arrive);
 *   an explicit task -> a thread of the trace, named taskN: its creator creates it; it joins the tasks its depend
 *     clauses make it wait for (computed from the dependences by OpenMP's rules), runs, and exits; a taskwait joins
 *     the children not yet joined, a taskgroup the tasks made in it; an undeferred task is joined at once;
 *   critical, omp_set_lock, omp_set_nest_lock (outermost), atomic where reported -> lock and unlock of
 *     omp.critical.ADDR, omp.lock.ADDR; ordered -> in the order the recording ran it: take omp.ordered.R.ADDR.K,
 *     post omp.ordered.R.ADDR.K+1.
 * A worker thread is named "omp thread K" (@name), K its number in the first parallel region it works in.
 * The time a thread spends waiting in the runtime (at barriers, for locks, between regions) is left out of its
 * clock; the time it runs a task goes to the task. Worksharing loops, single and masked have no synchronisation of
 * their own: their barriers are recorded. The runtime's own pthread calls are not the program's (recorder.c).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "recorder.h"

/* ---------------------------------------------------------------- the part of OMPT used here (omp-tools.h) */

typedef union ompt_data_t { uint64_t value; void *ptr; } ompt_data_t;
typedef void (*ompt_callback_t)(void);
typedef void (*ompt_interface_fn_t)(void);
typedef ompt_interface_fn_t (*ompt_function_lookup_t)(const char *name);
typedef int (*ompt_set_callback_t)(int event, ompt_callback_t callback);
typedef uint64_t ompt_wait_id_t;
typedef struct ompt_frame_t { ompt_data_t exit_frame, enter_frame; int exit_frame_flags, enter_frame_flags; } ompt_frame_t;
typedef struct ompt_dependence_t { ompt_data_t variable; int dependence_type; } ompt_dependence_t;
typedef struct ompt_start_tool_result_t {
	int (*initialize)(ompt_function_lookup_t lookup, int initial_device_num, ompt_data_t *tool_data);
	void (*finalize)(ompt_data_t *tool_data);
	ompt_data_t tool_data;
} ompt_start_tool_result_t;

enum { /* callbacks */
	ompt_callback_thread_begin = 1, ompt_callback_thread_end = 2, ompt_callback_parallel_begin = 3,
	ompt_callback_parallel_end = 4, ompt_callback_task_create = 5, ompt_callback_task_schedule = 6,
	ompt_callback_implicit_task = 7, ompt_callback_sync_region_wait = 16, ompt_callback_mutex_released = 17,
	ompt_callback_dependences = 18, ompt_callback_sync_region = 23, ompt_callback_mutex_acquire = 26,
	ompt_callback_mutex_acquired = 27, ompt_callback_work = 20, ompt_callback_masked = 21,
	ompt_callback_reduction = 31
};
enum { /* worksharing */
	ompt_work_loop = 1, ompt_work_sections = 2, ompt_work_single_executor = 3, ompt_work_single_other = 4,
	ompt_work_workshare = 5, ompt_work_distribute = 6, ompt_work_taskloop = 7
};
enum { ompt_scope_begin = 1, ompt_scope_end = 2, ompt_scope_beginend = 3 };
enum { ompt_thread_initial = 1, ompt_thread_worker = 2 };
enum { /* synchronisation regions */
	ompt_sync_region_taskwait = 5, ompt_sync_region_taskgroup = 6, ompt_sync_region_reduction = 7
};
enum { ompt_task_initial = 0x1, ompt_task_implicit = 0x2, ompt_task_explicit = 0x4, ompt_task_undeferred = 0x08000000 };
enum { ompt_task_complete = 1, ompt_task_cancel = 3, ompt_task_late_fulfill = 6 };
enum { /* mutexes */
	ompt_mutex_lock = 1, ompt_mutex_test_lock = 2, ompt_mutex_nest_lock = 3, ompt_mutex_test_nest_lock = 4,
	ompt_mutex_critical = 5, ompt_mutex_atomic = 6, ompt_mutex_ordered = 7
};
enum { ompt_dependence_type_in = 1, ompt_dependence_type_out = 2, ompt_dependence_type_inout = 3,
	ompt_dependence_type_mutexinoutset = 4, ompt_dependence_type_inoutset = 7 };

/* ---------------------------------------------------------------- actors and their clocks */

/* A thread of the trace: an OpenMP thread (its implicit tasks) or an explicit task. */
struct actor {
	char name[16];
	long long used;  /* its clock: CPU time it ran, ns */
	int ended;
	struct actor *next; /* all actors, for the end of the trace */
};

static struct actor *actors; /* under the recorder's lock */
static unsigned long task_count;
static unsigned region_count;
static int recording;

static __thread struct actor *own;   /* the calling OpenMP thread's actor */
static __thread struct actor *acting; /* the actor running on it now; NULL while it waits in the runtime */
static __thread long long mark;      /* the CPU clock when acting started */
static __thread int numbered;        /* whether its @name "omp thread K" is written */

static void charge(void) {
	long long now = recorder_cpu();
	if (acting) acting->used += now - mark;
	mark = now;
}

static void run(struct actor *a) {
	charge();
	acting = a;
}

/* A new actor; the caller holds the recorder's lock. */
static struct actor *actor(const char *name, long long used) {
	struct actor *a = calloc(1, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", name);
	a->used = used;
	a->next = actors;
	actors = a;
	return a;
}

/* The calling thread's actor, made the first time with the thread's name and clock; NULL for unknown threads. */
static struct actor *thread_actor(void) {
	if (!own) {
		const char *name = recorder_thread();
		if (!name) return NULL;
		recorder_lock();
		own = actor(name, recorder_cpu());
		recorder_unlock();
		acting = own;
		mark = recorder_cpu();
	}
	return own;
}

/* recorder_actor: the actor of events recorded by the pthread wrappers on this thread. */
static int current_actor(const char **name, long long *cpu) {
	if (!own) return 0;
	struct actor *a = acting ? acting : own;
	if (acting) charge();
	*name = a->name;
	*cpu = a->used;
	return 1;
}

/* An event of a, at its clock now; the caller holds the recorder's lock and has charged the running actor. */
static void event(struct actor *a, int kind, const char *arg, const void *site) {
	if (!a->ended) recorder_event(a->name, kind, arg, site, a->used); /* nothing after the end of the program */
}

/* ---------------------------------------------------------------- regions, tasks, waits */

struct task;

/* Tasks to join: a task's or thread's children, a region's tasks, a taskgroup's tasks. */
struct tasks { struct task **t; size_t n, cap; };

static void add(struct tasks *l, struct task *t) {
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->t = realloc(l->t, l->cap * sizeof *l->t);
	}
	l->t[l->n++] = t;
}

struct group { struct tasks tasks; struct group *outer; };

/* What a waiting task (implicit or explicit) knows: its actor, the children it has not joined, its taskgroups. */
struct waiter {
	struct actor *actor;
	struct tasks children;
	struct group *group;
	struct region *region;
	int waiting; /* in a barrier, taskwait or taskgroup wait: the tasks it runs meanwhile are not it */
};

struct region {
	unsigned id, n;
	const void *site;
	int forked;         /* the primary thread has posted the forks */
	unsigned released;  /* barriers the primary has released */
	struct tasks tasks; /* explicit tasks made in it, not yet joined by a barrier */
	int references;
};

/* An implicit task: one thread of a team. */
struct member {
	struct waiter w;
	unsigned index, barriers;
	const void *barrier_site;
};

struct task {
	struct waiter w;
	struct actor self;
	unsigned long id;
	int started, ended, joined, undeferred;
	struct waiter *creator;
	unsigned long *predecessors;
	int predecessor_count;
};

static struct waiter *waiter_of(ompt_data_t *task) {
	return task ? task->ptr : NULL;
}

static void release(struct region *r) {
	if (r && __atomic_sub_fetch(&r->references, 1, __ATOMIC_ACQ_REL) == 0) {
		free(r->tasks.t);
		free(r);
	}
}

/* Joins the tasks of l that are not joined yet, as a; the caller holds the lock. */
static void join_all(struct actor *a, struct tasks *l) {
	for (size_t i = 0; i < l->n; i++) {
		struct task *t = l->t[i];
		if (!t->joined && t->ended) {
			event(a, JOIN, t->self.name, NULL);
			t->joined = 1;
		}
	}
	l->n = 0;
}

/* ---------------------------------------------------------------- dependences (OpenMP 5.1, 2.19.11) */

/* For each (parent task, address): the last task with an out dependence, and the tasks with in dependences since. */
struct dependence { const void *parent, *address; unsigned long out; unsigned long *in; size_t in_n, in_cap; };
static struct dependence *dependences;
static size_t dependence_slots, dependence_count;

static size_t dependence_hash(const void *parent, const void *address) {
	uint64_t h = (uintptr_t) parent * 0x9E3779B97F4A7C15ULL ^ (uintptr_t) address * 0xC2B2AE3D27D4EB4FULL;
	return (size_t) (h ^ h >> 29);
}

static struct dependence *dependence(const void *parent, const void *address) {
	if (dependence_count * 2 >= dependence_slots) {
		size_t slots = dependence_slots ? dependence_slots * 2 : 1024;
		struct dependence *grown = calloc(slots, sizeof *grown);
		for (size_t i = 0; i < dependence_slots; i++) {
			if (!dependences[i].address) continue;
			size_t j = dependence_hash(dependences[i].parent, dependences[i].address) & (slots - 1);
			while (grown[j].address) j = (j + 1) & (slots - 1);
			grown[j] = dependences[i];
		}
		free(dependences);
		dependences = grown;
		dependence_slots = slots;
	}
	size_t j = dependence_hash(parent, address) & (dependence_slots - 1);
	while (dependences[j].address && (dependences[j].parent != parent || dependences[j].address != address)) {
		j = (j + 1) & (dependence_slots - 1);
	}
	if (!dependences[j].address) {
		dependences[j].parent = parent;
		dependences[j].address = address;
		dependence_count++;
	}
	return &dependences[j];
}

static void precede(struct task *t, unsigned long id) {
	if (!id || id == t->id) return;
	for (int i = 0; i < t->predecessor_count; i++) if (t->predecessors[i] == id) return;
	t->predecessors = realloc(t->predecessors, (t->predecessor_count + 1) * sizeof *t->predecessors);
	t->predecessors[t->predecessor_count++] = id;
}

static void on_dependences(ompt_data_t *task_data, const ompt_dependence_t *deps, int ndeps) {
	struct task *t = task_data ? task_data->ptr : NULL;
	if (!recording || !t) return;
	recorder_lock();
	for (int i = 0; i < ndeps; i++) {
		int type = deps[i].dependence_type;
		if (type != ompt_dependence_type_in && type != ompt_dependence_type_out && type != ompt_dependence_type_inout
				&& type != ompt_dependence_type_mutexinoutset && type != ompt_dependence_type_inoutset) continue;
		struct dependence *d = dependence(t->creator, deps[i].variable.ptr);
		precede(t, d->out);
		if (type == ompt_dependence_type_in) {
			if (d->in_n == d->in_cap) {
				d->in_cap = d->in_cap ? d->in_cap * 2 : 4;
				d->in = realloc(d->in, d->in_cap * sizeof *d->in);
			}
			d->in[d->in_n++] = t->id;
		} else {
			for (size_t k = 0; k < d->in_n; k++) precede(t, d->in[k]);
			d->in_n = 0;
			d->out = t->id;
		}
	}
	recorder_unlock();
}

/* ---------------------------------------------------------------- callbacks */

static void on_thread_begin(int type, ompt_data_t *thread_data) {
	(void) thread_data;
	if (!recording || !thread_actor()) return;
	if (type == ompt_thread_worker) run(NULL); /* a worker waits for its first region */
}

static void on_parallel_begin(ompt_data_t *encountering, const ompt_frame_t *frame, ompt_data_t *parallel,
		unsigned requested, int flags, const void *site) {
	(void) encountering; (void) frame; (void) requested; (void) flags;
	if (!recording) return;
	struct region *r = calloc(1, sizeof *r);
	r->id = __atomic_add_fetch(&region_count, 1, __ATOMIC_RELAXED);
	r->site = site;
	r->references = 1;
	parallel->ptr = r;
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *encountering, int flags, const void *site) {
	(void) encountering; (void) flags; (void) site;
	if (!recording || !parallel) return;
	release(parallel->ptr);
	parallel->ptr = NULL;
}

static void on_implicit_task(int endpoint, ompt_data_t *parallel, ompt_data_t *task, unsigned n, unsigned index,
		int flags) {
	if (!recording || !thread_actor()) return;
	if (endpoint == ompt_scope_begin) {
		struct member *m = calloc(1, sizeof *m);
		m->w.actor = own;
		m->index = index;
		task->ptr = m;
		if (flags & ompt_task_initial) return;
		struct region *r = parallel ? parallel->ptr : NULL;
		if (!r) return;
		__atomic_add_fetch(&r->references, 1, __ATOMIC_RELAXED);
		m->w.region = r;
		char name[48];
		snprintf(name, sizeof name, "omp.fork.%u", r->id);
		if (index == 0) {
			r->n = n;
			charge();
			recorder_lock();
			for (unsigned i = 1; i < n; i++) event(own, POST, name, r->site);
			recorder_unlock();
			__atomic_store_n(&r->forked, 1, __ATOMIC_RELEASE);
		} else {
			while (!__atomic_load_n(&r->forked, __ATOMIC_ACQUIRE)) sched_yield();
			run(own);
			recorder_lock();
			if (!numbered) { /* named by its number in the first region it works in */
				char number[32];
				snprintf(number, sizeof number, "omp thread %u", index);
				recorder_name(own->name, number);
				numbered = 1;
			}
			event(own, TAKE, name, r->site);
			recorder_unlock();
		}
	} else if (endpoint == ompt_scope_end) {
		struct member *m = task ? task->ptr : NULL;
		if (!m) return;
		if (m->w.region && m->index > 0) run(NULL); /* a worker waits for the next region */
		release(m->w.region);
		free(m->w.children.t);
		free(m);
		task->ptr = NULL;
	}
}

static int barrier(int kind) {
	return kind != ompt_sync_region_taskwait && kind != ompt_sync_region_taskgroup && kind != ompt_sync_region_reduction;
}

static void on_sync_region(int kind, int endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *site) {
	(void) parallel;
	struct waiter *w = waiter_of(task);
	if (!recording || !w || !own) return;
	char name[48];
	if (barrier(kind)) {
		struct member *m = (struct member *) w; /* barriers are met by implicit tasks */
		struct region *r = w->region;
		if (!r || r->n <= 1) return;
		if (endpoint == ompt_scope_begin) {
			charge();
			m->barrier_site = site;
			if (m->index > 0) {
				snprintf(name, sizeof name, "omp.barrier.%u.%u", r->id, m->barriers);
				recorder_lock();
				event(w->actor, POST, name, site);
				recorder_unlock();
			}
		} else if (endpoint == ompt_scope_end) {
			unsigned k = m->barriers++;
			char release_name[48];
			snprintf(name, sizeof name, "omp.barrier.%u.%u", r->id, k);
			snprintf(release_name, sizeof release_name, "omp.release.%u.%u", r->id, k);
			if (m->index == 0) {
				recorder_lock();
				for (unsigned i = 1; i < r->n; i++) event(w->actor, TAKE, name, m->barrier_site);
				join_all(w->actor, &r->tasks);
				for (unsigned i = 1; i < r->n; i++) event(w->actor, POST, release_name, m->barrier_site);
				recorder_unlock();
				__atomic_store_n(&r->released, k + 1, __ATOMIC_RELEASE);
			} else {
				while (__atomic_load_n(&r->released, __ATOMIC_ACQUIRE) <= k) sched_yield();
				recorder_lock();
				event(w->actor, TAKE, release_name, m->barrier_site);
				recorder_unlock();
			}
		}
	} else if (kind == ompt_sync_region_taskwait && endpoint == ompt_scope_end) {
		recorder_lock();
		join_all(w->actor, &w->children);
		recorder_unlock();
	} else if (kind == ompt_sync_region_taskgroup) {
		if (endpoint == ompt_scope_begin) {
			struct group *g = calloc(1, sizeof *g);
			g->outer = w->group;
			w->group = g;
		} else if (endpoint == ompt_scope_end && w->group) {
			struct group *g = w->group;
			recorder_lock();
			join_all(w->actor, &g->tasks);
			recorder_unlock();
			w->group = g->outer;
			free(g->tasks.t);
			free(g);
		}
	}
}

static void on_sync_region_wait(int kind, int endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *site) {
	(void) kind; (void) parallel; (void) site;
	struct waiter *w = waiter_of(task);
	if (!recording || !w || !own) return;
	if (endpoint == ompt_scope_begin) {
		w->waiting = 1;
		run(NULL);
	} else if (endpoint == ompt_scope_end) {
		w->waiting = 0;
		run(w->actor);
	}
}

static void on_task_create(ompt_data_t *encountering, const ompt_frame_t *frame, ompt_data_t *new_task, int flags,
		int has_dependences, const void *site) {
	(void) frame; (void) has_dependences;
	if (!recording || !(flags & ompt_task_explicit) || !own) return;
	struct waiter *creator = waiter_of(encountering);
	if (!creator) return;
	struct task *t = calloc(1, sizeof *t);
	charge();
	recorder_lock();
	t->id = ++task_count;
	snprintf(t->self.name, sizeof t->self.name, "task%lu", t->id);
	t->w.actor = &t->self;
	t->w.region = creator->region;
	t->w.group = creator->group;
	t->creator = creator;
	t->undeferred = (flags & ompt_task_undeferred) != 0;
	t->self.next = actors;
	actors = &t->self;
	event(creator->actor, CREATE, t->self.name, site);
	add(&creator->children, t);
	if (creator->region) add(&creator->region->tasks, t);
	for (struct group *g = creator->group; g; g = g->outer) add(&g->tasks, t);
	recorder_unlock();
	new_task->ptr = t;
}

static void on_task_schedule(ompt_data_t *prior, int status, ompt_data_t *next) {
	if (!recording || !own) return;
	charge();
	struct waiter *p = waiter_of(prior), *n = waiter_of(next);
	struct task *ended = NULL;
	if (p && p->actor != own && (status == ompt_task_complete || status == ompt_task_cancel
			|| status == ompt_task_late_fulfill)) {
		ended = (struct task *) p;
		recorder_lock();
		event(&ended->self, EXIT, NULL, NULL);
		ended->ended = ended->self.ended = 1;
		if (ended->undeferred) { /* its creator waited for it */
			event(ended->creator->actor, JOIN, ended->self.name, NULL);
			ended->joined = 1;
		}
		recorder_unlock();
	}
	if (n && n->actor != own) {
		struct task *t = (struct task *) n;
		if (!t->started) {
			t->started = 1;
			recorder_lock();
			char name[16];
			for (int i = 0; i < t->predecessor_count; i++) {
				snprintf(name, sizeof name, "task%lu", t->predecessors[i]);
				event(&t->self, JOIN, name, NULL);
			}
			recorder_unlock();
		}
		acting = &t->self;
	} else if (n) {
		acting = n->waiting ? NULL : n->actor;
	}
}

/* A thread's mutex waits: the actor waiting, left out while it waits. */
static __thread struct actor *locking;

/* The name of a mutex, kept for the thread's last one (critical sections in loops) */
static __thread struct { int kind; ompt_wait_id_t id; char name[48]; } last_mutex;

static void mutex_name(char *name, size_t size, int kind, ompt_wait_id_t id) {
	if (last_mutex.kind != kind || last_mutex.id != id || !last_mutex.name[0]) {
		snprintf(last_mutex.name, sizeof last_mutex.name, "omp.%s.%lx", kind == ompt_mutex_critical ? "critical"
				: kind == ompt_mutex_atomic ? "atomic" : "lock", (unsigned long) id);
		last_mutex.kind = kind;
		last_mutex.id = id;
	}
	strncpy(name, last_mutex.name, size - 1);
	name[size - 1] = 0;
}

/* ordered: the K-th entry of a region's ordered construct waits for the K-1-th to leave. */
struct ordered { unsigned region; ompt_wait_id_t id; unsigned long entries; };
static struct ordered ordered_seen[64];

static struct ordered *ordered(unsigned region, ompt_wait_id_t id) {
	struct ordered *o = &ordered_seen[(id >> 4 ^ region) & 63];
	if (o->region != region || o->id != id) {
		o->region = region;
		o->id = id;
		o->entries = 0;
	}
	return o;
}

static __thread unsigned long ordered_entry;

/* The mutexes held, by wait id: the runtime reports a release after it, so the next owner's acquisition is logged
   only once the release is (the trace must be an order the program could run in). Under the recorder's lock. */
static ompt_wait_id_t *held;
static size_t held_slots, held_count;

static size_t held_slot(ompt_wait_id_t id) {
	size_t j = (size_t) (id * 0x9E3779B97F4A7C15ULL >> 20) & (held_slots - 1);
	while (held[j] && held[j] != id) j = (j + 1) & (held_slots - 1);
	return j;
}

static int holding(ompt_wait_id_t id) {
	return held_slots && held[held_slot(id)] == id;
}

static void hold(ompt_wait_id_t id) {
	if (!id) return;
	if ((held_count + 1) * 2 >= held_slots) {
		size_t old = held_slots;
		ompt_wait_id_t *table = held;
		held_slots = held_slots ? held_slots * 2 : 256;
		held = calloc(held_slots, sizeof *held);
		held_count = 0;
		for (size_t i = 0; i < old; i++) if (table[i]) { held[held_slot(table[i])] = table[i]; held_count++; }
		free(table);
	}
	size_t j = held_slot(id);
	if (!held[j]) held_count++;
	held[j] = id;
}

static void let_go(ompt_wait_id_t id) {
	if (!held_slots || held[held_slot(id)] != id) return;
	/* remove with backward shifting, so that probes stay unbroken */
	size_t j = held_slot(id);
	held[j] = 0;
	held_count--;
	for (size_t k = (j + 1) & (held_slots - 1); held[k]; k = (k + 1) & (held_slots - 1)) {
		ompt_wait_id_t moved = held[k];
		held[k] = 0;
		held[held_slot(moved)] = moved;
	}
}

static void on_mutex_acquire(int kind, unsigned hint, unsigned implementation, ompt_wait_id_t id, const void *site) {
	(void) hint; (void) implementation; (void) id; (void) site;
	if (!recording || !own || kind == ompt_mutex_test_lock || kind == ompt_mutex_test_nest_lock) return;
	locking = acting;
	run(NULL);
}

static void on_mutex_acquired(int kind, ompt_wait_id_t id, const void *site) {
	if (!recording || !own) return;
	if (kind != ompt_mutex_test_lock && kind != ompt_mutex_test_nest_lock) {
		acting = locking; /* its clock resumes now: the wait is left out */
		mark = recorder_cpu();
	} else {
		charge();
	}
	struct actor *a = acting ? acting : own;
	char name[64];
	recorder_lock();
	while (holding(id)) { /* its last owner has released it but not yet said so */
		recorder_unlock();
		sched_yield();
		recorder_lock();
	}
	hold(id);
	if (kind == ompt_mutex_ordered) {
		unsigned region = 0; /* the region is not given: the wait id is the loop's */
		struct ordered *o = ordered(region, id);
		ordered_entry = o->entries++;
		if (ordered_entry > 0) {
			snprintf(name, sizeof name, "omp.ordered.%lx.%lu", (unsigned long) id, ordered_entry);
			event(a, TAKE, name, site);
		}
	} else {
		mutex_name(name, sizeof name, kind, id);
		event(a, LOCK, name, site);
	}
	recorder_unlock();
}

static void on_mutex_released(int kind, ompt_wait_id_t id, const void *site) {
	if (!recording || !own) return;
	struct actor *a = acting ? acting : own;
	char name[64];
	charge();
	recorder_lock();
	if (kind == ompt_mutex_ordered) {
		snprintf(name, sizeof name, "omp.ordered.%lx.%lu", (unsigned long) id, ordered_entry + 1);
		event(a, POST, name, site);
	} else {
		mutex_name(name, sizeof name, kind, id);
		event(a, UNLOCK, name, site);
	}
	let_go(id);
	recorder_unlock();
}

/* Constructs without synchronisation of their own, counted for the trace's summary (per thread: loops). */
static unsigned long loops, loop_iterations, sections, singles, masked, reductions;

static void on_work(int type, int endpoint, ompt_data_t *parallel, ompt_data_t *task, uint64_t count,
		const void *site) {
	(void) parallel; (void) task; (void) site;
	if (!recording || endpoint != ompt_scope_begin) return;
	switch (type) {
	case ompt_work_loop: case ompt_work_distribute: case ompt_work_taskloop:
		__atomic_add_fetch(&loops, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&loop_iterations, count, __ATOMIC_RELAXED);
		break;
	case ompt_work_sections: __atomic_add_fetch(&sections, 1, __ATOMIC_RELAXED); break;
	case ompt_work_single_executor: __atomic_add_fetch(&singles, 1, __ATOMIC_RELAXED); break;
	default: break;
	}
}

static void on_masked(int endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *site) {
	(void) parallel; (void) task; (void) site;
	if (recording && endpoint == ompt_scope_begin) __atomic_add_fetch(&masked, 1, __ATOMIC_RELAXED);
}

static void on_reduction(int kind, int endpoint, ompt_data_t *parallel, ompt_data_t *task, const void *site) {
	(void) kind; (void) parallel; (void) task; (void) site;
	if (recording && endpoint == ompt_scope_begin) __atomic_add_fetch(&reductions, 1, __ATOMIC_RELAXED);
}

/* recorder_finish: the threads and tasks still there when the program ends end with it. */
static void finish(void) {
	if (!recording) return;
	char text[1024];
	snprintf(text, sizeof text, "openmp: %u parallel regions, %lu explicit tasks; reported by the runtime (per "
			"thread): %lu worksharing loops of %lu iterations in all, %lu sections constructs, %lu single, %lu masked, "
			"%lu reductions (loops GCC schedules statically call no runtime and are seen through their barriers only)",
			region_count, task_count, loops, loop_iterations, sections, singles, masked, reductions);
	recorder_summary(text);
	charge();
	recorder_lock();
	for (struct actor *a = actors; a; a = a->next) {
		if (!a->ended && a != own && a->name[0] && strcmp(a->name, "main") != 0) {
			event(a, EXIT, NULL, NULL);
			a->ended = 1;
		}
	}
	recording = 0; /* the main thread's own exit follows, on its clock */
	recorder_unlock();
}

static int initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
	(void) device; (void) data;
	ompt_set_callback_t set = (ompt_set_callback_t) lookup("ompt_set_callback");
	if (!set || !recorder_active()) return 0;
#define ON(event, function) set(ompt_callback_##event, (ompt_callback_t) function)
	ON(thread_begin, on_thread_begin);
	ON(parallel_begin, on_parallel_begin);
	ON(parallel_end, on_parallel_end);
	ON(implicit_task, on_implicit_task);
	ON(sync_region, on_sync_region);
	ON(sync_region_wait, on_sync_region_wait);
	ON(task_create, on_task_create);
	ON(task_schedule, on_task_schedule);
	ON(dependences, on_dependences);
	ON(mutex_acquire, on_mutex_acquire);
	ON(mutex_acquired, on_mutex_acquired);
	ON(mutex_released, on_mutex_released);
	ON(work, on_work);
	ON(masked, on_masked);
	ON(reduction, on_reduction);
#undef ON
	recording = 1;
	thread_actor();
	recorder_actor = current_actor;
	recorder_finish = finish;
	return 1;
}

static void finalize(ompt_data_t *data) {
	(void) data;
}

/* Called by the OpenMP runtime when it starts: the tool, when the recorder writes a trace in this process. */
__attribute__((visibility("default"))) ompt_start_tool_result_t *ompt_start_tool(unsigned version,
		const char *runtime) {
	(void) version; (void) runtime;
	static ompt_start_tool_result_t tool = { initialize, finalize, { 0 } };
	return recorder_active() ? &tool : NULL;
}
