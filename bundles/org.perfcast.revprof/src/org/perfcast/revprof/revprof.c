/*
 * Reverse profiling library (Howell, "Reverse Profiling", section 4): intercepts MPI calls through the
 * profiling interface, keeps each rank's simulated time, advances it with the fitted equations of a
 * characterisation, then calls the real PMPI function. Loaded with LD_PRELOAD by perfcast revprof.
 *
 * Environment: PERFCAST_REVPROF_SUMMARY  the summary file of perfcast fit (revprof-summary.txt)
 *              PERFCAST_MPI_TRACE        a folder: trace mode (no equations, no time stamps) writes a
 *                                        time-independent trace, rank-<R>.txt per rank and trace.mpitrace
 *              PERFCAST_MPI_TRACE_CLOCK  cpu (default: the rank's thread CPU clock) or wall (monotonic)
 *              PERFCAST_REVPROF_OUT      folder for the per-rank logs (rank<R>.log)
 *              PERFCAST_REVPROF_STEP     µs per compute step of perfcast_compute(n) (default 1)
 *              PERFCAST_REVPROF_COMPUTE  steps (default: only perfcast_compute(n) computes) or cpu / wall:
 *                                        the computation between MPI calls, measured on the rank's thread
 *                                        CPU clock (or the monotonic wall clock), also advances the simulated
 *                                        time, so that a program without annotations is predicted too;
 *                                        perfcast_compute(n) then adds nothing (the clock counts that work)
 *
 * Time stamps. Every communicator the program has (world, self, and those it makes by dup, split, create,
 * topologies and intercommunicators) gets a shadow: a PMPI_Comm_dup of it, kept in a table keyed by the
 * program's communicator. A send first sends its time stamp, nonblocking, on the shadow to the same
 * destination with the same tag, then the data on the program's communicator. The program's receives,
 * probes and wildcards therefore see only its own messages and match exactly as without the library. When a
 * receive completes, its status names the source s and tag t; messages of one sender and tag are matched in
 * the order they were sent, on both communicators, so the receive takes the stamp of (s, t) that comes after
 * those of the receives posted before it and still pending for exactly (s, t) (they matched earlier
 * messages). One rule is approximate: a receive that completes before an earlier-posted wildcard receive
 * still in progress with a message of the same (s, t) takes that message's stamp.
 * Point to point: a send ends at start + T(d), and that end is its time stamp; a receive ends at max(own
 * time, the stamp). T is the call's own equation (MPI_Ssend, ...) when the summary has it, else MPI_Send's.
 * A nonblocking operation starts at its call (a persistent one at each Start) and takes effect when a Wait
 * or Test completes it.
 * Collectives: every rank synchronises, on the shadow of the collective's communicator, on the latest start
 * and the largest block d of any rank, then ends at that start + T_f(p, d), p the communicator's size; a
 * v variant or a nonblocking collective uses its own equation if the summary has it, else its family's
 * (MPI_Gatherv and MPI_Igather: MPI_Gather). A nonblocking collective starts its synchronisation with
 * PMPI_Iallreduce and takes effect when completed.
 * Neighbourhood collectives: see their section (the stamps travel by a PMPI_Neighbor_allgather on the shadow).
 * Fortran: Open MPI's Fortran bindings call PMPI_ directly, so the mpif.h / use mpi entry points (mpi_send_)
 * and the ompi_*_f functions the mpi_f08 module calls are defined too (fortran.c), one for every C entry point.
 * Log lines: "kind start end peer bytes name", kind compute, send, recv or coll; the last line "end T".
 * Trace mode (PERFCAST_MPI_TRACE): each rank writes one line per event, the format of docs/mpi.md's "Recorded
 * MPI runs": "compute US" for the computation since the previous MPI call (measured from the end of one
 * intercepted call to the start of the next), "send|ssend|recv PEER TAG COMM BYTES", "isend|issend|irecv
 * PEER TAG COMM BYTES REQ", "wait REQ [SOURCE TAG BYTES]" when a request completes (a receive's actual
 * source and tag), "cancel REQ" when a cancelled receive completes, a collective by its family ("bcast ROOT COMM BYTES", "allreduce COMM BYTES", ...) and
 * "comm ID RANK..." for each communicator the rank joins. Ranks are MPI_COMM_WORLD ranks; a communicator's
 * id is agreed by its members (one more than the largest id any of them has used), world 0, self 1.
 * At MPI_Finalize, rank 0 says on stderr ("revprof: ...") which calls lay outside the measured ranges (the
 * equations extrapolated), which functions the summary lacks (their calls cost nothing) and which calls the
 * library does not cover (not timed).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "revprof.h"

#define MAX_EQUATIONS 64

struct equation {
	char function[64];
	char part[8];
	long split;
	char startup[8];
	char data[16];
	double c, s, k;
	double c_err, s_err, k_err;
	long p_min, p_max, d_min, d_max;
	long outside; /* calls outside the measured ranges: extrapolated */
};

#define MAX_NAMES 64
struct counted {
	char name[64];
	long calls;
};
static struct counted missing[MAX_NAMES]; /* functions called but absent from the summary */
static int missing_count;
static struct counted uncovered[MAX_NAMES]; /* calls the library does not time */
static int uncovered_count;

static struct equation equations[MAX_EQUATIONS];
static int equation_count;
static double the_time; /* µs */
static double step = 1;
static int rank = -1, size = 1;
static FILE *log_file;

/* ---- trace mode: the clock between MPI calls ---- */

static FILE *trace_file; /* this rank's trace */
static int tracing;
static int measuring; /* the clock between MPI calls runs: trace mode, or PERFCAST_REVPROF_COMPUTE=cpu|wall */
static clockid_t trace_clock = CLOCK_THREAD_CPUTIME_ID;
static double trace_last;    /* the clock at the end of the last intercepted call (µs) */
static double trace_pending; /* computation measured at the entry of the current call, not yet written */
static int trace_inside;
static long trace_requests;  /* the last request id given */
static int coll_root = -1;   /* the root of the rooted collective being called */

static double trace_now(void) {
	struct timespec t;
	clock_gettime(trace_clock, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* An intercepted call begins: the computation since the end of the last one is measured. */
static void record(const char *kind, double start, double end, int peer, long bytes, const char *name);

static void tr_enter(void) {
	if (!measuring || trace_inside) return;
	trace_inside = 1;
	double now = trace_now();
	if (now > trace_last) trace_pending += now - trace_last;
	if (!tracing && trace_pending > 0) { /* reverse profiling with measured computation */
		double start = the_time;
		the_time += trace_pending;
		trace_pending = 0;
		record("compute", start, the_time, -1, 0, "compute");
	}
}

/* An intercepted call ends. */
static void tr_mark(void) {
	if (!measuring) return;
	trace_inside = 0;
	trace_last = trace_now();
}

#define TR_RETURN(call) do { int r_ = (call); tr_mark(); return r_; } while (0)

static void tr_compute(void) {
	if (trace_pending > 0) fprintf(trace_file, "compute %.3f\n", trace_pending);
	trace_pending = 0;
}

static void tr_line(const char *format, ...) {
	if (!trace_file) return;
	tr_enter();
	tr_compute();
	va_list args;
	va_start(args, format);
	vfprintf(trace_file, format, args);
	va_end(args);
}

static void count(struct counted *list, int *n, const char *name) {
	for (int i = 0; i < *n; i++) {
		if (!strcmp(list[i].name, name)) {
			list[i].calls++;
			return;
		}
	}
	if (*n < MAX_NAMES) {
		snprintf(list[*n].name, sizeof list[0].name, "%s", name);
		list[(*n)++].calls = 1;
	}
}

void not_covered(const char *name) {
	count(uncovered, &uncovered_count, name);
}

static double log2p(double p) {
	return log(p) / log(2);
}

static double term(const char *form, double p, double d) {
	if (!strcmp(form, "p")) return p;
	if (!strcmp(form, "log_p")) return log2p(p);
	if (!strcmp(form, "p^2")) return p * p;
	if (!strcmp(form, "d")) return d;
	if (!strcmp(form, "p*d")) return p * d;
	if (!strcmp(form, "log_p*d")) return log2p(p) * d;
	if (!strcmp(form, "p^2*d")) return p * p * d;
	return 0;
}

static int has_equation(const char *f) {
	for (int i = 0; i < equation_count; i++) {
		if (!strcmp(equations[i].function, f)) return 1;
	}
	return 0;
}

/* The fitted time of function f (else of its family) with p processes and d bytes; 0 (noted) without one. */
static double cost(const char *f, const char *family, double p, double d) {
	if (tracing) return 0;
	if (family && !has_equation(f)) f = family;
	for (int i = 0; i < equation_count; i++) {
		struct equation *e = &equations[i];
		if (strcmp(e->function, f)) continue;
		if (!strcmp(e->part, "small") && d > e->split) continue;
		if (!strcmp(e->part, "large") && d <= e->split) continue;
		if (p < e->p_min || p > e->p_max || d < e->d_min || d > e->d_max) e->outside++;
		double t = e->c + e->s * term(e->startup, p, d) + e->k * term(e->data, p, d);
		return t > 0 ? t : 0;
	}
	count(missing, &missing_count, f);
	return 0;
}

static void load(void) {
	const char *path = getenv("PERFCAST_REVPROF_SUMMARY");
	const char *s = getenv("PERFCAST_REVPROF_STEP");
	if (s) step = atof(s);
	if (!path) return;
	FILE *in = fopen(path, "r");
	if (!in) {
		fprintf(stderr, "revprof: cannot read %s\n", path);
		return;
	}
	char line[512];
	while (fgets(line, sizeof line, in) && equation_count < MAX_EQUATIONS) {
		if (line[0] == '#') continue;
		struct equation *e = &equations[equation_count];
		char split[32];
		if (sscanf(line, "%63s %7s %31s %7s %15s %lf %lf %lf %lf %lf %lf %ld %ld %ld %ld", e->function, e->part, split,
				e->startup, e->data, &e->c, &e->s, &e->k, &e->c_err, &e->s_err, &e->k_err, &e->p_min, &e->p_max, &e->d_min,
				&e->d_max) == 15) {
			e->split = strcmp(split, "-") ? atol(split) : -1;
			equation_count++;
		}
	}
	fclose(in);
}

static void record(const char *kind, double start, double end, int peer, long bytes, const char *name) {
	if (log_file) fprintf(log_file, "%s %.6f %.6f %d %ld %s\n", kind, start, end, peer, bytes, name);
}

void perfcast_compute(double n) {
	if (measuring) return; /* compute=cpu|wall (or trace mode): the clock counts this computation already */
	double start = the_time;
	the_time += n * step;
	record("compute", start, the_time, -1, 0, "compute");
}

static long bytes(long count, MPI_Datatype type) {
	int sz;
	PMPI_Type_size(type, &sz);
	return count * sz;
}

static double later(double a, double b) {
	return a > b ? a : b;
}

/* The latest start and largest block of (start, block) `mine` and the `k` pairs of `theirs`. */
static void latest_of(const double mine[2], const double *theirs, int k, double latest[2]) {
	latest[0] = mine[0];
	latest[1] = mine[1];
	for (int i = 0; i < k; i++) {
		latest[0] = later(latest[0], theirs[2 * i]);
		latest[1] = later(latest[1], theirs[2 * i + 1]);
	}
}

/* ---- shadow communicators ---- */

struct shadow {
	MPI_Comm user, shadow;
	int id, n;    /* trace mode: the communicator's id (-1: an intercommunicator) and size */
	int *members; /* trace mode: the world rank of each of its ranks */
	int twin;     /* trace mode: the id its neighbourhood collectives' messages travel on (0: none yet) */
};
static struct shadow *shadows;
static int shadow_count, shadow_capacity;

static int trace_ids = 1; /* the largest communicator id this rank has used */

/* Trace mode: the id and members of a new communicator, agreed by its members, and its "comm" line. */
static void trace_comm(struct shadow *s, int fixed) {
	int inter = 0;
	s->id = -1;
	s->n = 0;
	s->members = NULL;
	PMPI_Comm_test_inter(s->user, &inter);
	if (inter) return;
	MPI_Group group, world;
	PMPI_Comm_group(s->user, &group);
	PMPI_Comm_group(MPI_COMM_WORLD, &world);
	PMPI_Group_size(group, &s->n);
	int *ranks = malloc((s->n > 0 ? s->n : 1) * sizeof *ranks);
	s->members = malloc((s->n > 0 ? s->n : 1) * sizeof *s->members);
	for (int i = 0; i < s->n; i++) ranks[i] = i;
	PMPI_Group_translate_ranks(group, s->n, ranks, world, s->members);
	free(ranks);
	PMPI_Group_free(&group);
	PMPI_Group_free(&world);
	if (fixed >= 0) {
		s->id = fixed;
	} else {
		int mine = trace_ids + 1;
		PMPI_Allreduce(&mine, &s->id, 1, MPI_INT, MPI_MAX, s->shadow);
	}
	if (s->id > trace_ids) trace_ids = s->id;
	if (trace_file) {
		fprintf(trace_file, "comm %d", s->id);
		for (int i = 0; i < s->n; i++) fprintf(trace_file, " %d", s->members[i]);
		fprintf(trace_file, "\n");
	}
}

static struct shadow *entry_of(MPI_Comm comm);

static MPI_Comm shadow_of(MPI_Comm comm) {
	for (int i = 0; i < shadow_count; i++) {
		if (shadows[i].user == comm) return shadows[i].shadow;
	}
	return MPI_COMM_NULL;
}

static void add_shadow(MPI_Comm comm) {
	if (comm == MPI_COMM_NULL) return;
	if (shadow_count == shadow_capacity) {
		shadow_capacity = shadow_capacity ? 2 * shadow_capacity : 16;
		shadows = realloc(shadows, shadow_capacity * sizeof *shadows);
	}
	memset(&shadows[shadow_count], 0, sizeof shadows[shadow_count]);
	shadows[shadow_count].user = comm;
	PMPI_Comm_dup(comm, &shadows[shadow_count].shadow);
	shadow_count++;
	if (tracing) trace_comm(&shadows[shadow_count - 1], comm == MPI_COMM_WORLD ? 0 : comm == MPI_COMM_SELF ? 1 : -1);
}

static struct shadow *entry_of(MPI_Comm comm) {
	for (int i = 0; i < shadow_count; i++) {
		if (shadows[i].user == comm) return &shadows[i];
	}
	return NULL;
}

/* Trace mode: "KIND PEER TAG COMM BYTES [REQ]", the peer a world rank (any: MPI_ANY_SOURCE). */
static void tr_p2p(const char *kind, MPI_Comm comm, int peer, int tag, long bytes, long request) {
	if (!trace_file || peer == MPI_PROC_NULL) return;
	struct shadow *s = entry_of(comm);
	if (!s || s->id < 0 || (peer != MPI_ANY_SOURCE && (peer < 0 || peer >= s->n))) {
		not_covered("point-to-point on an intercommunicator or a communicator not intercepted (trace)");
		return;
	}
	char p[16], t[16], q[24] = "";
	if (peer == MPI_ANY_SOURCE) snprintf(p, sizeof p, "any");
	else snprintf(p, sizeof p, "%d", s->members[peer]);
	if (tag == MPI_ANY_TAG) snprintf(t, sizeof t, "any");
	else snprintf(t, sizeof t, "%d", tag);
	if (request >= 0) snprintf(q, sizeof q, " %ld", request);
	tr_line("%s %s %s %d %ld%s\n", kind, p, t, s->id, bytes, q);
}

/* Trace mode: a received message's completion, "wait REQ SOURCE TAG BYTES" (or a blocking "recv ..."). */
static void tr_received(MPI_Comm comm, const MPI_Status *status, long request) {
	int cancelled = 0;
	PMPI_Test_cancelled(status, &cancelled);
	if (!trace_file) return;
	if (cancelled) { /* MPI_Cancel took it back: it matched no message */
		if (request >= 0) tr_line("cancel %ld\n", request);
		return;
	}
	int n;
	PMPI_Get_count(status, MPI_BYTE, &n);
	long d = n == MPI_UNDEFINED ? 0 : n;
	if (status->MPI_SOURCE == MPI_PROC_NULL) return; /* a receive from MPI_PROC_NULL: its irecv was not written either */
	if (request < 0) {
		tr_p2p("recv", comm, status->MPI_SOURCE, status->MPI_TAG, d, -1);
		return;
	}
	struct shadow *s = entry_of(comm);
	int source = s && s->id >= 0 && status->MPI_SOURCE >= 0 && status->MPI_SOURCE < s->n ? s->members[status->MPI_SOURCE]
			: status->MPI_SOURCE;
	tr_line("wait %ld %d %d %ld\n", request, source, status->MPI_TAG, d);
}

/* Trace mode: a collective by its family's keyword ("bcast ROOT COMM BYTES", "barrier COMM", ...). */
static void tr_collective(const char *name, const char *family, long d, MPI_Comm comm) {
	const char *f = family ? family : name;
	struct shadow *s = entry_of(comm);
	if (!trace_file) return;
	if (!s || s->id < 0) {
		not_covered("collective on an intercommunicator or a communicator not intercepted (trace)");
		return;
	}
	const char *kind = !strcmp(f, "MPI_Barrier") ? "barrier" : !strcmp(f, "MPI_Bcast") ? "bcast"
			: !strcmp(f, "MPI_Reduce") ? "reduce" : !strcmp(f, "MPI_Allreduce") ? "allreduce"
			: !strcmp(f, "MPI_Allgather") ? "allgather" : !strcmp(f, "MPI_Alltoall") ? "alltoall"
			: !strcmp(f, "MPI_Gather") ? "gather" : !strcmp(f, "MPI_Scatter") ? "scatter" : NULL;
	if (!kind) {
		not_covered(name);
		return;
	}
	int rooted = !strcmp(kind, "bcast") || !strcmp(kind, "reduce") || !strcmp(kind, "gather") || !strcmp(kind, "scatter");
	if (!strcmp(kind, "barrier")) tr_line("barrier %d\n", s->id);
	else if (rooted) tr_line("%s %d %d %ld\n", kind, coll_root >= 0 && coll_root < s->n ? s->members[coll_root] : 0,
			s->id, d);
	else tr_line("%s %d %ld\n", kind, s->id, d);
	coll_root = -1;
}

static void drop_shadow(MPI_Comm comm) {
	for (int i = 0; i < shadow_count; i++) {
		if (shadows[i].user == comm) {
			PMPI_Comm_free(&shadows[i].shadow);
			shadows[i] = shadows[--shadow_count];
			return;
		}
	}
}

/* ---- time stamps ---- */

struct pending_send { /* a stamp on its way */
	double stamp;
	MPI_Request request;
	struct pending_send *next;
};
static struct pending_send *pending_sends;

static void send_stamp(MPI_Comm comm, int dest, int tag, double arrival) {
	if (dest == MPI_PROC_NULL || tracing) return;
	MPI_Comm shadow = shadow_of(comm);
	if (shadow == MPI_COMM_NULL) {
		not_covered("point-to-point on a communicator made by a call not intercepted");
		return;
	}
	for (struct pending_send **p = &pending_sends; *p;) {
		int done;
		PMPI_Test(&(*p)->request, &done, MPI_STATUS_IGNORE);
		if (done) {
			struct pending_send *d = *p;
			*p = d->next;
			free(d);
		} else {
			p = &(*p)->next;
		}
	}
	struct pending_send *s = malloc(sizeof *s);
	s->stamp = arrival;
	s->next = pending_sends;
	pending_sends = s;
	PMPI_Isend(&s->stamp, 1, MPI_DOUBLE, dest, tag, shadow, &s->request);
}

struct stamp { /* received, not yet taken */
	MPI_Comm shadow;
	int source, tag;
	double time;
	struct stamp *next;
};
static struct stamp *stamps, **stamps_end = &stamps;

/* The stamp of (source, tag) after the first `skip` ones not yet taken, received from the shadow if need be. */
static double take_stamp(MPI_Comm shadow, int source, int tag, int skip) {
	for (;;) {
		int seen = 0;
		for (struct stamp **p = &stamps; *p; p = &(*p)->next) {
			struct stamp *s = *p;
			if (s->shadow != shadow || s->source != source || s->tag != tag) continue;
			if (seen++ < skip) continue;
			double t = s->time;
			*p = s->next;
			if (stamps_end == &s->next) stamps_end = p;
			free(s);
			return t;
		}
		struct stamp *s = malloc(sizeof *s);
		s->shadow = shadow;
		s->source = source;
		s->tag = tag;
		s->next = NULL;
		PMPI_Recv(&s->time, 1, MPI_DOUBLE, source, tag, shadow, MPI_STATUS_IGNORE);
		*stamps_end = s;
		stamps_end = &s->next;
	}
}

/* ---- requests ---- */

enum kind { SEND, RECV, COLL, MESSAGE };

struct request {
	uintptr_t key; /* the MPI_Request (or, for a matched probe, MPI_Message) */
	enum kind kind;
	int persistent, active;
	const char *name, *family;
	double start, end; /* a send's end */
	long bytes;      /* a send's size; a collective's block */
	MPI_Comm comm;
	int peer, tag;   /* a send's destination; a receive's source and tag, possibly wildcards */
	long seq;        /* receives: the order they were posted */
	long trace_id;   /* trace mode: the request's id in the trace */
	MPI_Request sync; /* a nonblocking collective's synchronisation */
	double mine[2], latest[2];
	double *theirs;  /* a nonblocking neighbourhood collective: its in-neighbours' (start, block) pairs */
	int degree;      /* ... and how many (MPI_PROC_NULL ones at a non-periodic edge included) */
	int neighbours;  /* ... the real ones */
	struct request *next;
};

#define BUCKETS 1024
static struct request *requests[BUCKETS];
static long next_seq;

static uintptr_t handle(const void *h, size_t n) {
	uintptr_t k = 0;
	memcpy(&k, h, n < sizeof k ? n : sizeof k);
	return k;
}
#define KEY(h) handle(&(h), sizeof(h))

static struct request *find(uintptr_t key) {
	for (struct request *r = requests[key % BUCKETS]; r; r = r->next) {
		if (r->key == key) return r;
	}
	return NULL;
}

static struct request *add(uintptr_t key, enum kind kind, const char *name, const char *family, MPI_Comm comm) {
	struct request *r = calloc(1, sizeof *r);
	r->key = key;
	r->kind = kind;
	r->name = name;
	r->family = family;
	r->comm = comm;
	r->active = 1;
	r->start = the_time;
	r->seq = next_seq++;
	r->next = requests[key % BUCKETS];
	requests[key % BUCKETS] = r;
	tr_mark();
	return r;
}

static void drop(uintptr_t key) {
	for (struct request **p = &requests[key % BUCKETS]; *p; p = &(*p)->next) {
		if ((*p)->key == key) {
			struct request *r = *p;
			*p = r->next;
			free(r->theirs);
			free(r);
			return;
		}
	}
}

/* A receive posted as `seq` completed with `status`: the rank learns the sender's stamp. */
static void received(MPI_Comm comm, const MPI_Status *status, long seq, const char *name) {
	if (tracing) return;
	int source = status->MPI_SOURCE, tag = status->MPI_TAG, cancelled = 0;
	PMPI_Test_cancelled(status, &cancelled);
	if (source == MPI_PROC_NULL || cancelled) return;
	MPI_Comm shadow = shadow_of(comm);
	if (shadow == MPI_COMM_NULL) {
		not_covered("point-to-point on a communicator made by a call not intercepted");
		return;
	}
	int skip = 0;
	for (int b = 0; b < BUCKETS; b++) {
		for (struct request *r = requests[b]; r; r = r->next) {
			if ((r->kind == RECV || r->kind == MESSAGE) && r->active && r->seq < seq && r->comm == comm
					&& r->peer == source && r->tag == tag) {
				skip++;
			}
		}
	}
	double arrival = take_stamp(shadow, source, tag, skip);
	int n;
	PMPI_Get_count(status, MPI_BYTE, &n);
	long d = n == MPI_UNDEFINED ? 0 : n;
	double start = the_time;
	the_time = later(the_time, arrival);
	record("recv", start, the_time, source, d, name);
}

/* A send's end: its start + the equation of its mode (else MPI_Send's); the receiver learns it. */
static double arrival(double start, int dest, long d, const char *name) {
	return dest == MPI_PROC_NULL ? start : start + cost(name, "MPI_Send", 2, (double) d);
}

static void sent(double start, double end, int dest, long d, const char *name) {
	if (dest == MPI_PROC_NULL) return;
	double from = the_time;
	the_time = later(the_time, end);
	record("send", from < start ? from : start, the_time, dest, d, name);
}

static MPI_Comm sync_comm(MPI_Comm comm) {
	MPI_Comm shadow = shadow_of(comm);
	return shadow == MPI_COMM_NULL ? comm : shadow;
}

static int comm_size(MPI_Comm comm) {
	int p, inter = 0;
	PMPI_Comm_test_inter(comm, &inter);
	if (inter) PMPI_Comm_remote_size(comm, &p);
	else PMPI_Comm_size(comm, &p);
	return p;
}

/* A blocking collective: from the latest start of all ranks, T_f(p, the largest block). */
static void collective(const char *name, const char *family, long d, MPI_Comm comm) {
	tr_enter(); /* the computation before it (compute=cpu) advances the time first */
	if (tracing) {
		tr_collective(name, family, d, comm);
		return;
	}
	double mine[2] = { the_time, (double) d }, latest[2];
	PMPI_Allreduce(mine, latest, 2, MPI_DOUBLE, MPI_MAX, sync_comm(comm));
	the_time = latest[0] + cost(name, family, comm_size(comm), latest[1]);
	record("coll", latest[0], the_time, -1, (long) latest[1], name);
}

/* A nonblocking collective begins: its synchronisation starts alongside. */
static void icollective(MPI_Request *request, const char *name, const char *family, long d, MPI_Comm comm) {
	tr_enter();
	if (tracing) { /* written where it starts, as if blocking */
		tr_collective(name, family, d, comm);
		return;
	}
	struct request *r = add(KEY(*request), COLL, name, family, comm);
	r->mine[0] = the_time;
	r->mine[1] = (double) d;
	PMPI_Iallreduce(r->mine, r->latest, 2, MPI_DOUBLE, MPI_MAX, sync_comm(comm), &r->sync);
}

/* The request `key` completed with `status`. */
static void complete(uintptr_t key, const MPI_Status *status) {
	struct request *r = find(key);
	if (!r || !r->active) return;
	if (tracing && r->kind == SEND && r->peer != MPI_PROC_NULL) tr_line("wait %ld\n", r->trace_id);
	if (tracing && r->kind == RECV) tr_received(r->comm, status, r->trace_id);
	switch (r->kind) {
	case SEND:
		sent(r->start, r->end, r->peer, r->bytes, r->name);
		break;
	case RECV:
		r->active = 0;
		received(r->comm, status, r->seq, r->name);
		break;
	case COLL: {
		PMPI_Wait(&r->sync, MPI_STATUS_IGNORE);
		int p = comm_size(r->comm);
		if (r->theirs) { /* a neighbourhood: the latest start and largest block of the rank and its in-neighbours */
			latest_of(r->mine, r->theirs, r->degree, r->latest);
			p = r->neighbours + 1;
		}
		double end = r->latest[0] + cost(r->name, r->family, p, r->latest[1]);
		double start = the_time;
		the_time = later(the_time, end);
		record("coll", start, the_time, -1, (long) r->latest[1], r->name);
		break;
	}
	case MESSAGE:
		break;
	}
	if (r->persistent) r->active = 0;
	else drop(key);
}

/* ---- initialisation and the report ---- */

/* Opens path for writing as fopen(path, "w") would, but not through a link, and not a file another account owns
 * (a name planted in a shared folder such as /tmp): then NULL with errno EPERM. */
static FILE *open_own(const char *path) {
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
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

static void started(void) {
	PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
	PMPI_Comm_size(MPI_COMM_WORLD, &size);
	const char *trace = getenv("PERFCAST_MPI_TRACE");
	if (trace && *trace) {
		tracing = measuring = 1;
		const char *clock = getenv("PERFCAST_MPI_TRACE_CLOCK");
		if (clock && !strcmp(clock, "wall")) trace_clock = CLOCK_MONOTONIC;
		char path[4096];
		snprintf(path, sizeof path, "%s/rank-%d.txt", trace, rank);
		trace_file = open_own(path);
		if (!trace_file) {
			fprintf(stderr, "revprof: cannot write %s\n", path);
		} else {
			setvbuf(trace_file, NULL, _IOFBF, 1 << 20);
			fprintf(trace_file, "# perfcast MPI trace: rank %d of %d, computation on the %s clock in us\n", rank, size,
					trace_clock == CLOCK_MONOTONIC ? "wall" : "cpu");
		}
	}
	const char *compute = getenv("PERFCAST_REVPROF_COMPUTE");
	if (!tracing && compute && (!strcmp(compute, "cpu") || !strcmp(compute, "wall"))) {
		measuring = 1;
		if (!strcmp(compute, "wall")) trace_clock = CLOCK_MONOTONIC;
	} else if (!tracing && compute && *compute && strcmp(compute, "steps") && rank == 0) {
		fprintf(stderr, "revprof: PERFCAST_REVPROF_COMPUTE=%s is none of steps, cpu, wall: steps\n", compute);
	}
	add_shadow(MPI_COMM_WORLD);
	add_shadow(MPI_COMM_SELF);
	load();
	const char *out = getenv("PERFCAST_REVPROF_OUT");
	tr_mark();
	if (out && !tracing) {
		char path[4096];
		snprintf(path, sizeof path, "%s/rank%d.log", out, rank);
		log_file = open_own(path);
	}
}

int MPI_Init(int *argc, char ***argv) {
	tr_enter();
	int r = PMPI_Init(argc, argv);
	started();
	tr_mark();
	return r;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
	tr_enter();
	int r = PMPI_Init_thread(argc, argv, required, provided);
	started();
	if (*provided == MPI_THREAD_MULTIPLE && rank == 0) {
		fprintf(stderr, "revprof: MPI_THREAD_MULTIPLE: the library's tables expect one thread in MPI at a time\n");
	}
	tr_mark();
	return r;
}

int MPI_Finalize(void) {
	tr_enter();
	while (pending_sends) {
		struct pending_send *s = pending_sends;
		PMPI_Wait(&s->request, MPI_STATUS_IGNORE);
		pending_sends = s->next;
		free(s);
	}
	/* every rank's counts of calls not covered, so that rank 0 reports them all */
	if (rank == 0) {
		for (int i = 0; i < equation_count; i++) {
			struct equation *e = &equations[i];
			if (e->outside > 0) {
				fprintf(stderr, "revprof: %ld calls of %s (%s) outside the measured ranges p %ld..%ld, d %ld..%ld: "
						"extrapolated\n", e->outside, e->function, e->part, e->p_min, e->p_max, e->d_min, e->d_max);
			}
		}
		for (int i = 0; i < missing_count; i++) {
			fprintf(stderr, "revprof: %s is not in the summary: its %ld calls cost nothing\n", missing[i].name,
					missing[i].calls);
		}
	}
	for (int r = 1; r < size; r++) { /* rank 0 merges the others' uncovered calls */
		if (rank == r) {
			PMPI_Send(&uncovered_count, 1, MPI_INT, 0, 0, shadow_of(MPI_COMM_WORLD));
			PMPI_Send(uncovered, (int) (uncovered_count * sizeof uncovered[0]), MPI_BYTE, 0, 1, shadow_of(MPI_COMM_WORLD));
		} else if (rank == 0) {
			int n;
			struct counted theirs[MAX_NAMES];
			PMPI_Recv(&n, 1, MPI_INT, r, 0, shadow_of(MPI_COMM_WORLD), MPI_STATUS_IGNORE);
			PMPI_Recv(theirs, (int) (n * sizeof theirs[0]), MPI_BYTE, r, 1, shadow_of(MPI_COMM_WORLD), MPI_STATUS_IGNORE);
			for (int i = 0; i < n; i++) {
				for (long c = 0; c < theirs[i].calls; c++) count(uncovered, &uncovered_count, theirs[i].name);
			}
		}
	}
	if (rank == 0) {
		for (int i = 0; i < uncovered_count; i++) {
			fprintf(stderr, "revprof: %s called %ld times: not covered, not timed\n", uncovered[i].name,
					uncovered[i].calls);
		}
	}
	if (trace_file) {
		tr_compute();
		int ok = !ferror(trace_file);
		ok &= fclose(trace_file) == 0;
		trace_file = NULL;
		int all;
		PMPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, shadow_of(MPI_COMM_WORLD));
		if (rank == 0) {
			char path[4096];
			snprintf(path, sizeof path, "%s/trace.mpitrace", getenv("PERFCAST_MPI_TRACE"));
			FILE *index = open_own(path);
			if (index) {
				fprintf(index, "# perfcast MPI trace: %d ranks, computation on the %s clock in us\nranks %d\n", size,
						trace_clock == CLOCK_MONOTONIC ? "wall" : "cpu", size);
				for (int r = 0; r < size; r++) fprintf(index, "rank %d rank-%d.txt\n", r, r);
				fclose(index);
			}
			if (!index || !all) fprintf(stderr, "revprof: the trace in %s is incomplete\n", getenv("PERFCAST_MPI_TRACE"));
		}
	}
	if (log_file) {
		fprintf(log_file, "end %.6f\n", the_time);
		fclose(log_file);
		log_file = NULL;
	}
	TR_RETURN(PMPI_Finalize());
}

/* ---- communicators ---- */

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_dup(comm, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_dup_with_info(comm, info, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_split(comm, color, key, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_split_type(comm, type, key, info, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_create(comm, group, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Comm_create_group(comm, group, tag, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Cart_create(MPI_Comm comm, int n, const int dims[], const int periods[], int reorder, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Cart_create(comm, n, dims, periods, reorder, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain[], MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Cart_sub(comm, remain, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Graph_create(MPI_Comm comm, int n, const int index[], const int edges[], int reorder, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Graph_create(comm, n, index, edges, reorder, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int sources[], const int degrees[], const int dests[],
		const int weights[], MPI_Info info, int reorder, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Dist_graph_create(comm, n, sources, degrees, dests, weights, info, reorder, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[], const int sourceweights[],
		int outdegree, const int dests[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Dist_graph_create_adjacent(comm, indegree, sources, sourceweights, outdegree, dests, destweights,
			info, reorder, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Intercomm_create(MPI_Comm local, int leader, MPI_Comm peer, int remote, int tag, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Intercomm_create(local, leader, peer, remote, tag, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Intercomm_merge(MPI_Comm comm, int high, MPI_Comm *out) {
	tr_enter();
	int r = PMPI_Intercomm_merge(comm, high, out);
	add_shadow(*out);
	tr_mark();
	return r;
}

int MPI_Comm_free(MPI_Comm *comm) {
	drop_shadow(*comm);
	TR_RETURN(PMPI_Comm_free(comm));
}

/* ---- point to point ---- */

#define BLOCKING_SEND(NAME, PNAME) \
	int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) { \
		tr_enter(); \
		if (tracing) tr_p2p(!strcmp(#NAME, "MPI_Ssend") ? "ssend" : "send", comm, dest, tag, bytes(count, type), -1); \
		double start = the_time, end = arrival(start, dest, bytes(count, type), #NAME); \
		send_stamp(comm, dest, tag, end); \
		int r = PNAME(buf, count, type, dest, tag, comm); \
		sent(start, end, dest, bytes(count, type), #NAME); \
		tr_mark(); \
		return r; \
	}
BLOCKING_SEND(MPI_Send, PMPI_Send)
BLOCKING_SEND(MPI_Ssend, PMPI_Ssend)
BLOCKING_SEND(MPI_Bsend, PMPI_Bsend)
BLOCKING_SEND(MPI_Rsend, PMPI_Rsend)

#define NONBLOCKING_SEND(NAME, PNAME) \
	int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) { \
		tr_enter(); \
		long id = ++trace_requests; \
		if (tracing) tr_p2p(!strcmp(#NAME, "MPI_Issend") ? "issend" : "isend", comm, dest, tag, bytes(count, type), id); \
		double end = arrival(the_time, dest, bytes(count, type), #NAME); \
		send_stamp(comm, dest, tag, end); \
		int r = PNAME(buf, count, type, dest, tag, comm, request); \
		struct request *q = add(KEY(*request), SEND, #NAME, "MPI_Send", comm); \
		q->end = end; \
		q->bytes = bytes(count, type); \
		q->peer = dest; \
		q->trace_id = id; \
		tr_mark(); \
		return r; \
	}
NONBLOCKING_SEND(MPI_Isend, PMPI_Isend)
NONBLOCKING_SEND(MPI_Issend, PMPI_Issend)
NONBLOCKING_SEND(MPI_Ibsend, PMPI_Ibsend)
NONBLOCKING_SEND(MPI_Irsend, PMPI_Irsend)

#define PERSISTENT_SEND(NAME, PNAME) \
	int NAME(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request) { \
		int r = PNAME(buf, count, type, dest, tag, comm, request); \
		struct request *q = add(KEY(*request), SEND, #NAME, "MPI_Send", comm); \
		q->bytes = bytes(count, type); \
		q->peer = dest; \
		q->tag = tag; \
		q->persistent = 1; \
		q->active = 0; \
		tr_mark(); \
		return r; \
	}
PERSISTENT_SEND(MPI_Send_init, PMPI_Send_init)
PERSISTENT_SEND(MPI_Ssend_init, PMPI_Ssend_init)
PERSISTENT_SEND(MPI_Bsend_init, PMPI_Bsend_init)
PERSISTENT_SEND(MPI_Rsend_init, PMPI_Rsend_init)

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	long seq = next_seq++;
	tr_enter();
	int r = PMPI_Recv(buf, count, type, source, tag, comm, status);
	if (tracing) tr_received(comm, status, -1);
	received(comm, status, seq, "MPI_Recv");
	tr_mark();
	return r;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Irecv(buf, count, type, source, tag, comm, request);
	struct request *q = add(KEY(*request), RECV, "MPI_Irecv", "MPI_Send", comm);
	q->peer = source;
	q->tag = tag;
	q->trace_id = ++trace_requests;
	if (tracing) tr_p2p("irecv", comm, source, tag, bytes(count, type), q->trace_id);
	tr_mark();
	return r;
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
		MPI_Request *request) {
	tr_enter();
	int r = PMPI_Recv_init(buf, count, type, source, tag, comm, request);
	struct request *q = add(KEY(*request), RECV, "MPI_Recv_init", "MPI_Send", comm);
	q->peer = source;
	q->tag = tag;
	q->bytes = bytes(count, type);
	q->persistent = 1;
	q->active = 0;
	tr_mark();
	return r;
}

int MPI_Start(MPI_Request *request) {
	tr_enter();
	struct request *q = find(KEY(*request));
	if (q) {
		q->active = 1;
		q->start = the_time;
		q->seq = next_seq++;
		q->trace_id = ++trace_requests;
		if (tracing) tr_p2p(q->kind == RECV ? "irecv" : !strcmp(q->name, "MPI_Ssend_init") ? "issend" : "isend", q->comm,
				q->peer, q->tag, q->bytes, q->trace_id);
		if (q->kind == SEND) {
			q->end = arrival(q->start, q->peer, q->bytes, q->name);
			send_stamp(q->comm, q->peer, q->tag, q->end);
		}
	}
	TR_RETURN(PMPI_Start(request));
}

int MPI_Startall(int n, MPI_Request requests_[]) {
	tr_enter();
	for (int i = 0; i < n; i++) {
		struct request *q = find(KEY(requests_[i]));
		if (q) {
			q->active = 1;
			q->start = the_time;
			q->seq = next_seq++;
			q->trace_id = ++trace_requests;
			if (tracing) tr_p2p(q->kind == RECV ? "irecv" : !strcmp(q->name, "MPI_Ssend_init") ? "issend" : "isend",
					q->comm, q->peer, q->tag, q->bytes, q->trace_id);
			if (q->kind == SEND) {
			q->end = arrival(q->start, q->peer, q->bytes, q->name);
			send_stamp(q->comm, q->peer, q->tag, q->end);
		}
		}
	}
	TR_RETURN(PMPI_Startall(n, requests_));
}

int MPI_Request_free(MPI_Request *request) {
	drop(KEY(*request));
	TR_RETURN(PMPI_Request_free(request));
}

int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf, int rcount,
		MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	double start = the_time;
	long seq = next_seq++;
	long rid = ++trace_requests, sid = ++trace_requests;
	if (tracing) {
		tr_p2p("irecv", comm, source, rtag, bytes(rcount, rtype), rid);
		tr_p2p("isend", comm, dest, stag, bytes(scount, stype), sid);
	}
	double end = arrival(start, dest, bytes(scount, stype), "MPI_Sendrecv");
	send_stamp(comm, dest, stag, end);
	tr_enter();
	int r = PMPI_Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, status);
	sent(start, end, dest, bytes(scount, stype), "MPI_Sendrecv");
	double send_end = the_time;
	the_time = start; /* the receive's arrival counts from the call's start too */
	if (tracing) {
		tr_received(comm, status, rid);
		if (dest != MPI_PROC_NULL) tr_line("wait %ld\n", sid);
	}
	received(comm, status, seq, "MPI_Sendrecv");
	the_time = later(the_time, send_end);
	tr_mark();
	return r;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag, int source, int rtag,
		MPI_Comm comm, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	double start = the_time;
	long seq = next_seq++;
	long d = bytes(count, type);
	long rid = ++trace_requests, sid = ++trace_requests;
	if (tracing) {
		tr_p2p("irecv", comm, source, rtag, bytes(count, type), rid);
		tr_p2p("isend", comm, dest, stag, bytes(count, type), sid);
	}
	double end = arrival(start, dest, d, "MPI_Sendrecv_replace");
	send_stamp(comm, dest, stag, end);
	tr_enter();
	int r = PMPI_Sendrecv_replace(buf, count, type, dest, stag, source, rtag, comm, status);
	sent(start, end, dest, d, "MPI_Sendrecv_replace");
	double send_end = the_time;
	the_time = start;
	if (tracing) {
		tr_received(comm, status, rid);
		if (dest != MPI_PROC_NULL) tr_line("wait %ld\n", sid);
	}
	received(comm, status, seq, "MPI_Sendrecv_replace");
	the_time = later(the_time, send_end);
	tr_mark();
	return r;
}

/* A matched probe takes its message out of matching: a receive posted now for exactly (source, tag). */
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	tr_enter();
	int r = PMPI_Mprobe(source, tag, comm, message, status);
	if (*message != MPI_MESSAGE_NO_PROC) {
		struct request *q = add(KEY(*message), MESSAGE, "MPI_Mrecv", "MPI_Send", comm);
		q->peer = status->MPI_SOURCE;
		q->tag = status->MPI_TAG;
	}
	tr_mark();
	return r;
}

int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	tr_enter();
	int r = PMPI_Improbe(source, tag, comm, flag, message, status);
	if (*flag && *message != MPI_MESSAGE_NO_PROC) {
		struct request *q = add(KEY(*message), MESSAGE, "MPI_Mrecv", "MPI_Send", comm);
		q->peer = status->MPI_SOURCE;
		q->tag = status->MPI_TAG;
	}
	tr_mark();
	return r;
}

int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	uintptr_t key = KEY(*message);
	struct request *q = find(key);
	tr_enter();
	int r = PMPI_Mrecv(buf, count, type, message, status);
	if (q) {
		MPI_Comm comm = q->comm;
		long seq = q->seq;
		drop(key);
		if (tracing) tr_received(comm, status, -1);
		received(comm, status, seq, "MPI_Mrecv");
	}
	tr_mark();
	return r;
}

int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request) {
	uintptr_t key = KEY(*message);
	struct request *q = find(key);
	tr_enter();
	int r = PMPI_Imrecv(buf, count, type, message, request);
	if (q) {
		struct request *n = add(KEY(*request), RECV, "MPI_Imrecv", "MPI_Send", q->comm);
		n->peer = q->peer;
		n->tag = q->tag;
		n->seq = q->seq;
		n->trace_id = ++trace_requests;
		if (tracing) tr_p2p("irecv", q->comm, q->peer, q->tag, bytes(count, type), n->trace_id);
		drop(key);
	}
	tr_mark();
	return r;
}

/* ---- completion ---- */

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	uintptr_t key = KEY(*request);
	tr_enter();
	int r = PMPI_Wait(request, status);
	complete(key, status);
	tr_mark();
	return r;
}

/*
 * A test that completes nothing is no event and reads no clock: its time is part of the computation around it
 * (a thread CPU clock read is a system call, and programs poll millions of times: hpcc's RandomAccess ran
 * several times slower, and recorded that slowness as computation, when every failed MPI_Test read it twice).
 */
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	uintptr_t key = KEY(*request);
	int r = PMPI_Test(request, flag, status);
	if (!*flag) return r;
	tr_enter();
	complete(key, status);
	tr_mark();
	return r;
}

static uintptr_t *keys(int n, const MPI_Request *request) {
	uintptr_t *k = malloc((n > 0 ? n : 1) * sizeof *k);
	for (int i = 0; i < n; i++) k[i] = KEY(request[i]);
	return k;
}

static MPI_Status *statuses(int n, MPI_Status *given) {
	return given != MPI_STATUSES_IGNORE ? given : malloc((n > 0 ? n : 1) * sizeof(MPI_Status));
}

int MPI_Waitall(int n, MPI_Request request[], MPI_Status status[]) {
	tr_enter();
	uintptr_t *k = keys(n, request);
	MPI_Status *s = statuses(n, status);
	tr_enter();
	int r = PMPI_Waitall(n, request, s);
	for (int i = 0; i < n; i++) complete(k[i], &s[i]);
	if (s != status) free(s);
	free(k);
	tr_mark();
	return r;
}

int MPI_Testall(int n, MPI_Request request[], int *flag, MPI_Status status[]) {
	uintptr_t *k = keys(n, request);
	MPI_Status *s = statuses(n, status);
	int r = PMPI_Testall(n, request, flag, s);
	if (*flag) { /* as MPI_Test: no clock when nothing completes */
		tr_enter();
		for (int i = 0; i < n; i++) complete(k[i], &s[i]);
	}
	if (s != status) free(s);
	free(k);
	if (*flag) tr_mark();
	return r;
}

int MPI_Waitany(int n, MPI_Request request[], int *index, MPI_Status *status) {
	tr_enter();
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	tr_enter();
	uintptr_t *k = keys(n, request);
	tr_enter();
	int r = PMPI_Waitany(n, request, index, status);
	if (*index != MPI_UNDEFINED) complete(k[*index], status);
	free(k);
	tr_mark();
	return r;
}

int MPI_Testany(int n, MPI_Request request[], int *index, int *flag, MPI_Status *status) {
	MPI_Status own;
	if (status == MPI_STATUS_IGNORE) status = &own;
	uintptr_t *k = keys(n, request);
	int r = PMPI_Testany(n, request, index, flag, status);
	if (!*flag || *index == MPI_UNDEFINED) { /* as MPI_Test: no clock when nothing completes */
		free(k);
		return r;
	}
	tr_enter();
	complete(k[*index], status);
	free(k);
	tr_mark();
	return r;
}

int MPI_Waitsome(int n, MPI_Request request[], int *outcount, int indices[], MPI_Status status[]) {
	tr_enter();
	uintptr_t *k = keys(n, request);
	MPI_Status *s = statuses(n, status);
	tr_enter();
	int r = PMPI_Waitsome(n, request, outcount, indices, s);
	for (int i = 0; *outcount != MPI_UNDEFINED && i < *outcount; i++) complete(k[indices[i]], &s[i]);
	if (s != status) free(s);
	free(k);
	tr_mark();
	return r;
}

int MPI_Testsome(int n, MPI_Request request[], int *outcount, int indices[], MPI_Status status[]) {
	tr_enter();
	uintptr_t *k = keys(n, request);
	MPI_Status *s = statuses(n, status);
	tr_enter();
	int r = PMPI_Testsome(n, request, outcount, indices, s);
	for (int i = 0; *outcount != MPI_UNDEFINED && i < *outcount; i++) complete(k[indices[i]], &s[i]);
	if (s != status) free(s);
	free(k);
	tr_mark();
	return r;
}

/* ---- collectives ---- */

static long largest(const int counts[], int n, MPI_Datatype type) {
	long m = 0;
	for (int i = 0; i < n; i++) {
		if (counts[i] > m) m = counts[i];
	}
	return bytes(m, type);
}

static long total(const int counts[], int n) {
	long t = 0;
	for (int i = 0; i < n; i++) t += counts[i];
	return t;
}

static int my_rank(MPI_Comm comm) {
	int r;
	PMPI_Comm_rank(comm, &r);
	tr_mark();
	return r;
}

/* the block of a rooted collective: the root's own block (what every rank sends or receives) */
#define ROOT_BLOCK(count, type) (bytes(count, type))

int MPI_Barrier(MPI_Comm comm) {
	collective("MPI_Barrier", NULL, 0, comm);
	TR_RETURN(PMPI_Barrier(comm));
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
	coll_root = root;
	collective("MPI_Bcast", NULL, bytes(count, type), comm);
	TR_RETURN(PMPI_Bcast(buf, count, type, root, comm));
}

int MPI_Reduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
	coll_root = root;
	collective("MPI_Reduce", NULL, bytes(count, type), comm);
	TR_RETURN(PMPI_Reduce(in, out, count, type, op, root, comm));
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
	collective("MPI_Allreduce", NULL, bytes(count, type), comm);
	TR_RETURN(PMPI_Allreduce(in, out, count, type, op, comm));
}

int MPI_Allgather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	collective("MPI_Allgather", NULL, bytes(rcount, rtype), comm);
	TR_RETURN(PMPI_Allgather(in, count, type, out, rcount, rtype, comm));
}

int MPI_Allgatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[], const int displs[],
		MPI_Datatype rtype, MPI_Comm comm) {
	collective("MPI_Allgatherv", "MPI_Allgather", largest(rcounts, comm_size(comm), rtype), comm);
	TR_RETURN(PMPI_Allgatherv(in, count, type, out, rcounts, displs, rtype, comm));
}

int MPI_Alltoall(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	collective("MPI_Alltoall", NULL, bytes(count, type), comm);
	TR_RETURN(PMPI_Alltoall(in, count, type, out, rcount, rtype, comm));
}

int MPI_Alltoallv(const void *in, const int counts[], const int sdispls[], MPI_Datatype type, void *out,
		const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm) {
	collective("MPI_Alltoallv", "MPI_Alltoall", largest(counts, comm_size(comm), type), comm);
	TR_RETURN(PMPI_Alltoallv(in, counts, sdispls, type, out, rcounts, rdispls, rtype, comm));
}

int MPI_Alltoallw(const void *in, const int counts[], const int sdispls[], const MPI_Datatype types[], void *out,
		const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm) {
	long m = 0;
	for (int i = 0; i < comm_size(comm); i++) m = later(m, bytes(counts[i], types[i]));
	collective("MPI_Alltoallw", "MPI_Alltoall", m, comm);
	TR_RETURN(PMPI_Alltoallw(in, counts, sdispls, types, out, rcounts, rdispls, rtypes, comm));
}

int MPI_Gather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm) {
	coll_root = root;
	collective("MPI_Gather", NULL, in == MPI_IN_PLACE ? bytes(rcount, rtype) : bytes(count, type), comm);
	TR_RETURN(PMPI_Gather(in, count, type, out, rcount, rtype, root, comm));
}

int MPI_Gatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[], const int displs[],
		MPI_Datatype rtype, int root, MPI_Comm comm) {
	coll_root = root;
	long d = my_rank(comm) == root ? largest(rcounts, comm_size(comm), rtype) : bytes(count, type);
	collective("MPI_Gatherv", "MPI_Gather", d, comm);
	TR_RETURN(PMPI_Gatherv(in, count, type, out, rcounts, displs, rtype, root, comm));
}

int MPI_Scatter(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm) {
	coll_root = root;
	collective("MPI_Scatter", NULL, out == MPI_IN_PLACE ? bytes(count, type) : bytes(rcount, rtype), comm);
	TR_RETURN(PMPI_Scatter(in, count, type, out, rcount, rtype, root, comm));
}

int MPI_Scatterv(const void *in, const int counts[], const int displs[], MPI_Datatype type, void *out, int rcount,
		MPI_Datatype rtype, int root, MPI_Comm comm) {
	coll_root = root;
	long d = my_rank(comm) == root ? largest(counts, comm_size(comm), type) : bytes(rcount, rtype);
	collective("MPI_Scatterv", "MPI_Scatter", d, comm);
	TR_RETURN(PMPI_Scatterv(in, counts, displs, type, out, rcount, rtype, root, comm));
}

int MPI_Reduce_scatter(const void *in, void *out, const int rcounts[], MPI_Datatype type, MPI_Op op,
		MPI_Comm comm) {
	collective("MPI_Reduce_scatter", "MPI_Allreduce", bytes(total(rcounts, comm_size(comm)), type), comm);
	TR_RETURN(PMPI_Reduce_scatter(in, out, rcounts, type, op, comm));
}

int MPI_Reduce_scatter_block(const void *in, void *out, int rcount, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
	collective("MPI_Reduce_scatter_block", "MPI_Allreduce", bytes((long) rcount * comm_size(comm), type), comm);
	TR_RETURN(PMPI_Reduce_scatter_block(in, out, rcount, type, op, comm));
}

int MPI_Scan(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
	collective("MPI_Scan", "MPI_Allreduce", bytes(count, type), comm);
	TR_RETURN(PMPI_Scan(in, out, count, type, op, comm));
}

int MPI_Exscan(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
	collective("MPI_Exscan", "MPI_Allreduce", bytes(count, type), comm);
	TR_RETURN(PMPI_Exscan(in, out, count, type, op, comm));
}

/* nonblocking collectives: the operation, then its synchronisation, both in the program's order */

int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ibarrier(comm, request);
	icollective(request, "MPI_Ibarrier", "MPI_Barrier", 0, comm);
	tr_mark();
	return r;
}

int MPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *request) {
	coll_root = root;
	tr_enter();
	int r = PMPI_Ibcast(buf, count, type, root, comm, request);
	icollective(request, "MPI_Ibcast", "MPI_Bcast", bytes(count, type), comm);
	tr_mark();
	return r;
}

int MPI_Ireduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
		MPI_Request *request) {
	coll_root = root;
	tr_enter();
	int r = PMPI_Ireduce(in, out, count, type, op, root, comm, request);
	icollective(request, "MPI_Ireduce", "MPI_Reduce", bytes(count, type), comm);
	tr_mark();
	return r;
}

int MPI_Iallreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
		MPI_Request *request) {
	tr_enter();
	int r = PMPI_Iallreduce(in, out, count, type, op, comm, request);
	icollective(request, "MPI_Iallreduce", "MPI_Allreduce", bytes(count, type), comm);
	tr_mark();
	return r;
}

int MPI_Iallgather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Iallgather(in, count, type, out, rcount, rtype, comm, request);
	icollective(request, "MPI_Iallgather", "MPI_Allgather", bytes(rcount, rtype), comm);
	tr_mark();
	return r;
}

int MPI_Iallgatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[],
		const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Iallgatherv(in, count, type, out, rcounts, displs, rtype, comm, request);
	icollective(request, "MPI_Iallgatherv", "MPI_Allgather", largest(rcounts, comm_size(comm), rtype), comm);
	tr_mark();
	return r;
}

int MPI_Ialltoall(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ialltoall(in, count, type, out, rcount, rtype, comm, request);
	icollective(request, "MPI_Ialltoall", "MPI_Alltoall", bytes(count, type), comm);
	tr_mark();
	return r;
}

int MPI_Ialltoallv(const void *in, const int counts[], const int sdispls[], MPI_Datatype type, void *out,
		const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ialltoallv(in, counts, sdispls, type, out, rcounts, rdispls, rtype, comm, request);
	icollective(request, "MPI_Ialltoallv", "MPI_Alltoall", largest(counts, comm_size(comm), type), comm);
	tr_mark();
	return r;
}

int MPI_Ialltoallw(const void *in, const int counts[], const int sdispls[], const MPI_Datatype types[], void *out,
		const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ialltoallw(in, counts, sdispls, types, out, rcounts, rdispls, rtypes, comm, request);
	long m = 0;
	for (int i = 0; i < comm_size(comm); i++) m = later(m, bytes(counts[i], types[i]));
	icollective(request, "MPI_Ialltoallw", "MPI_Alltoall", m, comm);
	tr_mark();
	return r;
}

int MPI_Igather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm, MPI_Request *request) {
	coll_root = root;
	tr_enter();
	int r = PMPI_Igather(in, count, type, out, rcount, rtype, root, comm, request);
	icollective(request, "MPI_Igather", "MPI_Gather", in == MPI_IN_PLACE ? bytes(rcount, rtype) : bytes(count, type),
			comm);
	tr_mark();
	return r;
}

int MPI_Igatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[], const int displs[],
		MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *request) {
	coll_root = root;
	long d = my_rank(comm) == root ? largest(rcounts, comm_size(comm), rtype) : bytes(count, type);
	tr_enter();
	int r = PMPI_Igatherv(in, count, type, out, rcounts, displs, rtype, root, comm, request);
	icollective(request, "MPI_Igatherv", "MPI_Gather", d, comm);
	tr_mark();
	return r;
}

int MPI_Iscatter(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm, MPI_Request *request) {
	coll_root = root;
	tr_enter();
	int r = PMPI_Iscatter(in, count, type, out, rcount, rtype, root, comm, request);
	icollective(request, "MPI_Iscatter", "MPI_Scatter", out == MPI_IN_PLACE ? bytes(count, type) : bytes(rcount,
			rtype), comm);
	tr_mark();
	return r;
}

int MPI_Iscatterv(const void *in, const int counts[], const int displs[], MPI_Datatype type, void *out, int rcount,
		MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *request) {
	coll_root = root;
	long d = my_rank(comm) == root ? largest(counts, comm_size(comm), type) : bytes(rcount, rtype);
	tr_enter();
	int r = PMPI_Iscatterv(in, counts, displs, type, out, rcount, rtype, root, comm, request);
	icollective(request, "MPI_Iscatterv", "MPI_Scatter", d, comm);
	tr_mark();
	return r;
}

int MPI_Ireduce_scatter(const void *in, void *out, const int rcounts[], MPI_Datatype type, MPI_Op op,
		MPI_Comm comm, MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ireduce_scatter(in, out, rcounts, type, op, comm, request);
	icollective(request, "MPI_Ireduce_scatter", "MPI_Allreduce", bytes(total(rcounts, comm_size(comm)), type), comm);
	tr_mark();
	return r;
}

int MPI_Ireduce_scatter_block(const void *in, void *out, int rcount, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
		MPI_Request *request) {
	tr_enter();
	int r = PMPI_Ireduce_scatter_block(in, out, rcount, type, op, comm, request);
	icollective(request, "MPI_Ireduce_scatter_block", "MPI_Allreduce", bytes((long) rcount * comm_size(comm), type),
			comm);
	tr_mark();
	return r;
}

int MPI_Iscan(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
		MPI_Request *request) {
	tr_enter();
	int r = PMPI_Iscan(in, out, count, type, op, comm, request);
	icollective(request, "MPI_Iscan", "MPI_Allreduce", bytes(count, type), comm);
	tr_mark();
	return r;
}

int MPI_Iexscan(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
		MPI_Request *request) {
	tr_enter();
	int r = PMPI_Iexscan(in, out, count, type, op, comm, request);
	icollective(request, "MPI_Iexscan", "MPI_Allreduce", bytes(count, type), comm);
	tr_mark();
	return r;
}

/* ---- calls that take time but are not timed: counted for the report ---- */

int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *out, MPI_Request *request) {
	not_covered("MPI_Comm_idup");
	TR_RETURN(PMPI_Comm_idup(comm, out, request));
}

/* ---- neighbourhood collectives (communicators with a cartesian, graph or distributed graph topology) ----
 * A rank's neighbourhood collective ends at the latest start of the rank and its in-neighbours + T_f(p, d), p the
 * neighbourhood's size (in-neighbours + 1, those beyond a non-periodic edge not counted) and d the largest block any of them sends one neighbour, f the family's
 * equation (Neighbor_allgather(v): MPI_Allgather's, Neighbor_alltoall(v, w): MPI_Alltoall's) unless the summary
 * has the call's own. The starts travel by a PMPI_Neighbor_allgather on the shadow, which a dup gives the same
 * topology. In a trace each is its messages: an irecv from every in-neighbour and an isend to every
 * out-neighbour, on a twin of the communicator (its own id, the same members), then their waits. */

/* The rank's in- and out-neighbours (ranks of comm; MPI_PROC_NULL at a non-periodic edge), or 0 without a
 * topology. The lists are malloc'd. */
int topology_neighbours(MPI_Comm comm, int *in, int **sources, int *out, int **dests) {
	int topo = MPI_UNDEFINED;
	PMPI_Topo_test(comm, &topo);
	*sources = *dests = NULL;
	*in = *out = 0;
	if (topo == MPI_CART) {
		int dims;
		PMPI_Cartdim_get(comm, &dims);
		*in = *out = 2 * dims;
		*sources = malloc((*in > 0 ? *in : 1) * sizeof **sources);
		*dests = malloc((*out > 0 ? *out : 1) * sizeof **dests);
		for (int d = 0; d < dims; d++) { /* MPI's order: per dimension, the neighbour below, then above */
			int below, above;
			PMPI_Cart_shift(comm, d, 1, &below, &above);
			(*sources)[2 * d] = (*dests)[2 * d] = below;
			(*sources)[2 * d + 1] = (*dests)[2 * d + 1] = above;
		}
		return 1;
	}
	if (topo == MPI_GRAPH) {
		int me, n;
		PMPI_Comm_rank(comm, &me);
		PMPI_Graph_neighbors_count(comm, me, &n);
		*in = *out = n;
		*sources = malloc((n > 0 ? n : 1) * sizeof **sources);
		*dests = malloc((n > 0 ? n : 1) * sizeof **dests);
		PMPI_Graph_neighbors(comm, me, n, *sources);
		memcpy(*dests, *sources, (n > 0 ? n : 1) * sizeof **dests);
		return 1;
	}
	if (topo == MPI_DIST_GRAPH) {
		int weighted;
		PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted);
		*sources = malloc((*in > 0 ? *in : 1) * sizeof **sources);
		*dests = malloc((*out > 0 ? *out : 1) * sizeof **dests);
		int *sw = malloc((*in > 0 ? *in : 1) * sizeof *sw), *dw = malloc((*out > 0 ? *out : 1) * sizeof *dw);
		PMPI_Dist_graph_neighbors(comm, *in, *sources, sw, *out, *dests, dw);
		free(sw);
		free(dw);
		return 1;
	}
	return 0;
}

/* A rank's neighbourhood for one call: its neighbours (ranks of the communicator; MPI_PROC_NULL beyond a
 * non-periodic edge), the bytes it sends each out-neighbour and receives from each in-neighbour. */
struct neighbourhood {
	int in, out, real;      /* in- and out-degree; in-neighbours that are not MPI_PROC_NULL */
	int *sources, *dests;
	long *sent, *got, largest;
};

/* The neighbourhood of a call with counts (or one count for all) of the given types. */
static struct neighbourhood neighbourhood_of(MPI_Comm comm, const int *scounts, int scount, const MPI_Datatype *stypes,
		MPI_Datatype stype, const int *rcounts, int rcount, const MPI_Datatype *rtypes, MPI_Datatype rtype) {
	struct neighbourhood n = { 0 };
	topology_neighbours(comm, &n.in, &n.sources, &n.out, &n.dests);
	n.sent = malloc((n.out > 0 ? n.out : 1) * sizeof *n.sent);
	n.got = malloc((n.in > 0 ? n.in : 1) * sizeof *n.got);
	for (int i = 0; i < n.out; i++) {
		n.sent[i] = bytes(scounts ? scounts[i] : scount, stypes ? stypes[i] : stype);
		if (n.sent[i] > n.largest) n.largest = n.sent[i];
	}
	for (int i = 0; i < n.in; i++) {
		n.got[i] = bytes(rcounts ? rcounts[i] : rcount, rtypes ? rtypes[i] : rtype);
		n.real += n.sources[i] != MPI_PROC_NULL;
	}
	return n;
}

static void neighbourhood_free(struct neighbourhood *n) {
	free(n->sources);
	free(n->dests);
	free(n->sent);
	free(n->got);
}

/* Trace mode: the messages of a neighbourhood collective, on the communicator's twin. */
static void tr_neighbourhood(const char *name, MPI_Comm comm, const struct neighbourhood *n) {
	struct shadow *s = entry_of(comm);
	if (!trace_file) return;
	if (!s || s->id < 0 || !n->sources) {
		not_covered(name);
		return;
	}
	if (s->twin == 0) { /* agreed by the members, as a new communicator's id */
		int mine = trace_ids + 1;
		PMPI_Allreduce(&mine, &s->twin, 1, MPI_INT, MPI_MAX, s->shadow);
		if (s->twin > trace_ids) trace_ids = s->twin;
		fprintf(trace_file, "comm %d", s->twin);
		for (int i = 0; i < s->n; i++) fprintf(trace_file, " %d", s->members[i]);
		fprintf(trace_file, "\n");
	}
	long first = trace_requests + 1;
	for (int i = 0; i < n->in; i++) {
		if (n->sources[i] != MPI_PROC_NULL) tr_line("irecv %d 0 %d %ld %ld\n", s->members[n->sources[i]], s->twin,
				n->got[i], ++trace_requests);
	}
	for (int i = 0; i < n->out; i++) {
		if (n->dests[i] != MPI_PROC_NULL) tr_line("isend %d 0 %d %ld %ld\n", s->members[n->dests[i]], s->twin,
				n->sent[i], ++trace_requests);
	}
	long id = first;
	for (int i = 0; i < n->in; i++) {
		if (n->sources[i] != MPI_PROC_NULL) tr_line("wait %ld %d 0 %ld\n", id++, s->members[n->sources[i]], n->got[i]);
	}
	for (; id <= trace_requests; id++) tr_line("wait %ld\n", id);
}

/* Before the call: the stamps' exchange (blocking), or its start (nonblocking, completed with the request). */
static void neighbourhood(const char *name, const char *family, MPI_Comm comm, MPI_Request *request,
		const int *scounts, int scount, const MPI_Datatype *stypes, MPI_Datatype stype, const int *rcounts, int rcount,
		const MPI_Datatype *rtypes, MPI_Datatype rtype) {
	tr_enter();
	struct neighbourhood n = neighbourhood_of(comm, scounts, scount, stypes, stype, rcounts, rcount, rtypes, rtype);
	if (tracing) {
		tr_neighbourhood(name, comm, &n);
	} else {
		double mine[2] = { the_time, (double) n.largest };
		double *theirs = malloc((n.in > 0 ? n.in : 1) * 2 * sizeof *theirs);
		for (int i = 0; i < n.in; i++) { /* a neighbour at a non-periodic edge (MPI_PROC_NULL) leaves its pair so */
			theirs[2 * i] = mine[0];
			theirs[2 * i + 1] = mine[1];
		}
		if (request) {
			struct request *r = add(KEY(*request), COLL, name, family, comm);
			r->mine[0] = mine[0];
			r->mine[1] = mine[1];
			r->theirs = theirs;
			r->degree = n.in;
			r->neighbours = n.real;
			PMPI_Ineighbor_allgather(r->mine, 2, MPI_DOUBLE, r->theirs, 2, MPI_DOUBLE, sync_comm(comm), &r->sync);
		} else {
			double latest[2];
			PMPI_Neighbor_allgather(mine, 2, MPI_DOUBLE, theirs, 2, MPI_DOUBLE, sync_comm(comm));
			latest_of(mine, theirs, n.in, latest);
			free(theirs);
			the_time = latest[0] + cost(name, family, n.real + 1, latest[1]);
			record("coll", latest[0], the_time, -1, (long) latest[1], name);
		}
	}
	neighbourhood_free(&n);
}

/* The request of a nonblocking neighbourhood collective is known after the call: the stamps' exchange starts then. */
#define NEIGHBOURHOOD_CALL(call, name, family, request, ...) \
	do { \
		if (request) { \
			tr_enter(); \
			int r_ = call; \
			neighbourhood(name, family, comm, request, __VA_ARGS__); \
			tr_mark(); \
			return r_; \
		} \
		neighbourhood(name, family, comm, NULL, __VA_ARGS__); \
		TR_RETURN(call); \
	} while (0)

int MPI_Neighbor_allgather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	NEIGHBOURHOOD_CALL(PMPI_Neighbor_allgather(in, count, type, out, rcount, rtype, comm), "MPI_Neighbor_allgather",
			"MPI_Allgather", (MPI_Request *) NULL, NULL, count, NULL, type, NULL, rcount, NULL, rtype);
}

int MPI_Neighbor_allgatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[],
		const int displs[], MPI_Datatype rtype, MPI_Comm comm) {
	NEIGHBOURHOOD_CALL(PMPI_Neighbor_allgatherv(in, count, type, out, rcounts, displs, rtype, comm),
			"MPI_Neighbor_allgatherv", "MPI_Allgather", (MPI_Request *) NULL, NULL, count, NULL, type, rcounts, 0, NULL,
			rtype);
}

int MPI_Neighbor_alltoall(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	NEIGHBOURHOOD_CALL(PMPI_Neighbor_alltoall(in, count, type, out, rcount, rtype, comm), "MPI_Neighbor_alltoall",
			"MPI_Alltoall", (MPI_Request *) NULL, NULL, count, NULL, type, NULL, rcount, NULL, rtype);
}

int MPI_Neighbor_alltoallv(const void *in, const int counts[], const int sdispls[], MPI_Datatype type, void *out,
		const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm) {
	NEIGHBOURHOOD_CALL(PMPI_Neighbor_alltoallv(in, counts, sdispls, type, out, rcounts, rdispls, rtype, comm),
			"MPI_Neighbor_alltoallv", "MPI_Alltoall", (MPI_Request *) NULL, counts, 0, NULL, type, rcounts, 0, NULL,
			rtype);
}

int MPI_Neighbor_alltoallw(const void *in, const int counts[], const MPI_Aint sdispls[], const MPI_Datatype types[],
		void *out, const int rcounts[], const MPI_Aint rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm) {
	NEIGHBOURHOOD_CALL(PMPI_Neighbor_alltoallw(in, counts, sdispls, types, out, rcounts, rdispls, rtypes, comm),
			"MPI_Neighbor_alltoallw", "MPI_Alltoall", (MPI_Request *) NULL, counts, 0, types, MPI_DATATYPE_NULL,
			rcounts, 0, rtypes, MPI_DATATYPE_NULL);
}

int MPI_Ineighbor_allgather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm, MPI_Request *request) {
	NEIGHBOURHOOD_CALL(PMPI_Ineighbor_allgather(in, count, type, out, rcount, rtype, comm, request),
			"MPI_Ineighbor_allgather", "MPI_Allgather", request, NULL, count, NULL, type, NULL, rcount, NULL, rtype);
}

int MPI_Ineighbor_allgatherv(const void *in, int count, MPI_Datatype type, void *out, const int rcounts[],
		const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request) {
	NEIGHBOURHOOD_CALL(PMPI_Ineighbor_allgatherv(in, count, type, out, rcounts, displs, rtype, comm, request),
			"MPI_Ineighbor_allgatherv", "MPI_Allgather", request, NULL, count, NULL, type, rcounts, 0, NULL, rtype);
}

int MPI_Ineighbor_alltoall(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm, MPI_Request *request) {
	NEIGHBOURHOOD_CALL(PMPI_Ineighbor_alltoall(in, count, type, out, rcount, rtype, comm, request),
			"MPI_Ineighbor_alltoall", "MPI_Alltoall", request, NULL, count, NULL, type, NULL, rcount, NULL, rtype);
}

int MPI_Ineighbor_alltoallv(const void *in, const int counts[], const int sdispls[], MPI_Datatype type, void *out,
		const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request) {
	NEIGHBOURHOOD_CALL(PMPI_Ineighbor_alltoallv(in, counts, sdispls, type, out, rcounts, rdispls, rtype, comm,
			request), "MPI_Ineighbor_alltoallv", "MPI_Alltoall", request, counts, 0, NULL, type, rcounts, 0, NULL, rtype);
}

int MPI_Ineighbor_alltoallw(const void *in, const int counts[], const MPI_Aint sdispls[], const MPI_Datatype types[],
		void *out, const int rcounts[], const MPI_Aint rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm,
		MPI_Request *request) {
	NEIGHBOURHOOD_CALL(PMPI_Ineighbor_alltoallw(in, counts, sdispls, types, out, rcounts, rdispls, rtypes, comm,
			request), "MPI_Ineighbor_alltoallw", "MPI_Alltoall", request, counts, 0, types, MPI_DATATYPE_NULL, rcounts,
			0, rtypes, MPI_DATATYPE_NULL);
}

int MPI_Put(const void *origin, int count, MPI_Datatype type, int target, MPI_Aint disp, int tcount,
		MPI_Datatype ttype, MPI_Win win) {
	not_covered("MPI_Put");
	TR_RETURN(PMPI_Put(origin, count, type, target, disp, tcount, ttype, win));
}

int MPI_Get(void *origin, int count, MPI_Datatype type, int target, MPI_Aint disp, int tcount, MPI_Datatype ttype,
		MPI_Win win) {
	not_covered("MPI_Get");
	TR_RETURN(PMPI_Get(origin, count, type, target, disp, tcount, ttype, win));
}

int MPI_Accumulate(const void *origin, int count, MPI_Datatype type, int target, MPI_Aint disp, int tcount,
		MPI_Datatype ttype, MPI_Op op, MPI_Win win) {
	not_covered("MPI_Accumulate");
	TR_RETURN(PMPI_Accumulate(origin, count, type, target, disp, tcount, ttype, op, win));
}

int MPI_Win_fence(int assertion, MPI_Win win) {
	not_covered("MPI_Win_fence");
	TR_RETURN(PMPI_Win_fence(assertion, win));
}

int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Status *status) {
	not_covered("MPI_File_read");
	TR_RETURN(PMPI_File_read(fh, buf, count, type, status));
}

int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype type, MPI_Status *status) {
	not_covered("MPI_File_write");
	TR_RETURN(PMPI_File_write(fh, buf, count, type, status));
}

int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype type, MPI_Status *status) {
	not_covered("MPI_File_read_all");
	TR_RETURN(PMPI_File_read_all(fh, buf, count, type, status));
}

int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype type, MPI_Status *status) {
	not_covered("MPI_File_write_all");
	TR_RETURN(PMPI_File_write_all(fh, buf, count, type, status));
}

int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs, MPI_Info info, int root, MPI_Comm comm,
		MPI_Comm *intercomm, int errcodes[]) {
	not_covered("MPI_Comm_spawn");
	TR_RETURN(PMPI_Comm_spawn(command, argv, maxprocs, info, root, comm, intercomm, errcodes));
}
