/*
 * Reverse profiling library (Howell, "Reverse Profiling", section 4): intercepts MPI calls through the
 * profiling interface, keeps each rank's simulated time, advances it with the fitted equations of a
 * characterisation, then calls the real PMPI function. Loaded with LD_PRELOAD by perfcast revprof.
 *
 * Environment: PERFCAST_REVPROF_SUMMARY  the summary file of perfcast fit (revprof-summary.txt)
 *              PERFCAST_REVPROF_OUT      folder for the per-rank logs (rank<R>.log)
 *              PERFCAST_REVPROF_STEP     µs per compute step of perfcast_compute(n) (default 1)
 * Point to point: the sender sends its start time ahead of the data; the receiver learns it (for a
 * wildcard receive, from the source a probe finds) and its time becomes max(own, start + T_send(d)).
 * Collectives: every rank synchronises on the latest start, then adds T_f(p, d).
 * Log lines: "kind start end peer bytes name", kind compute, send, recv or coll; the last line "end T".
 * At MPI_Finalize, rank 0 says on stderr ("revprof: ...") which calls lay outside the measured ranges (the
 * equations extrapolated) and which functions the summary lacks (their calls cost nothing).
 */
#define _GNU_SOURCE
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TIME_TAG 32000
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

#define MAX_MISSING 32
static char missing[MAX_MISSING][64]; /* functions called but absent from the summary */
static long missing_calls[MAX_MISSING];
static int missing_count;

static struct equation equations[MAX_EQUATIONS];
static int equation_count;
static double the_time; /* µs */
static double step = 1;
static int rank = -1, size = 1;
static FILE *log_file;

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

/* The fitted time of function f with p processes and d bytes; 0 (and noted) when the model lacks f. */
static double cost(const char *f, double p, double d) {
	for (int i = 0; i < equation_count; i++) {
		struct equation *e = &equations[i];
		if (strcmp(e->function, f)) continue;
		if (!strcmp(e->part, "small") && d > e->split) continue;
		if (!strcmp(e->part, "large") && d <= e->split) continue;
		if (p < e->p_min || p > e->p_max || d < e->d_min || d > e->d_max) e->outside++;
		double t = e->c + e->s * term(e->startup, p, d) + e->k * term(e->data, p, d);
		return t > 0 ? t : 0;
	}
	for (int i = 0; i < missing_count; i++) {
		if (!strcmp(missing[i], f)) {
			missing_calls[i]++;
			return 0;
		}
	}
	if (missing_count < MAX_MISSING) {
		snprintf(missing[missing_count], sizeof missing[0], "%s", f);
		missing_calls[missing_count++] = 1;
	}
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
	double start = the_time;
	the_time += n * step;
	record("compute", start, the_time, -1, 0, "compute");
}

static long bytes(int count, MPI_Datatype type) {
	int sz;
	PMPI_Type_size(type, &sz);
	return (long) count * sz;
}

static void collective(const char *name, long d) {
	double latest;
	PMPI_Allreduce(&the_time, &latest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	double start = latest;
	the_time = start + cost(name, size, (double) d);
	record("coll", start, the_time, -1, d, name);
}

int MPI_Init(int *argc, char ***argv) {
	int r = PMPI_Init(argc, argv);
	PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
	PMPI_Comm_size(MPI_COMM_WORLD, &size);
	load();
	const char *out = getenv("PERFCAST_REVPROF_OUT");
	if (out) {
		char path[4096];
		snprintf(path, sizeof path, "%s/rank%d.log", out, rank);
		log_file = fopen(path, "w");
	}
	return r;
}

int MPI_Finalize(void) {
	if (rank == 0) {
		for (int i = 0; i < equation_count; i++) {
			struct equation *e = &equations[i];
			if (e->outside > 0) {
				fprintf(stderr, "revprof: %ld calls of %s (%s) outside the measured ranges p %ld..%ld, d %ld..%ld: "
						"extrapolated\n", e->outside, e->function, e->part, e->p_min, e->p_max, e->d_min, e->d_max);
			}
		}
		for (int i = 0; i < missing_count; i++) {
			fprintf(stderr, "revprof: %s is not in the summary: its %ld calls cost nothing\n", missing[i],
					missing_calls[i]);
		}
	}
	if (log_file) {
		fprintf(log_file, "end %.6f\n", the_time);
		fclose(log_file);
		log_file = NULL;
	}
	return PMPI_Finalize();
}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm) {
	long d = bytes(count, type);
	double start = the_time;
	PMPI_Send(&start, 1, MPI_DOUBLE, dest, TIME_TAG, comm);
	the_time += cost("MPI_Send", 2, (double) d);
	record("send", start, the_time, dest, d, "MPI_Send");
	return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status *status) {
	MPI_Status probe;
	if (source == MPI_ANY_SOURCE) {
		/* section 4.2's fix: learn which sender matches, then take its time stamp */
		PMPI_Probe(source, tag, comm, &probe);
		source = probe.MPI_SOURCE;
		tag = probe.MPI_TAG;
	}
	double sent;
	PMPI_Recv(&sent, 1, MPI_DOUBLE, source, TIME_TAG, comm, MPI_STATUS_IGNORE);
	int r = PMPI_Recv(buf, count, type, source, tag, comm, status);
	int received;
	PMPI_Get_count(status == MPI_STATUS_IGNORE ? &probe : status, type, &received);
	long d = bytes(status == MPI_STATUS_IGNORE ? count : received, type);
	double start = the_time;
	double arrival = sent + cost("MPI_Send", 2, (double) d);
	the_time = arrival > the_time ? arrival : the_time;
	record("recv", start, the_time, source, d, "MPI_Recv");
	return r;
}

int MPI_Barrier(MPI_Comm comm) {
	collective("MPI_Barrier", 0);
	return PMPI_Barrier(comm);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
	collective("MPI_Bcast", bytes(count, type));
	return PMPI_Bcast(buf, count, type, root, comm);
}

int MPI_Reduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm) {
	collective("MPI_Reduce", bytes(count, type));
	return PMPI_Reduce(in, out, count, type, op, root, comm);
}

int MPI_Allreduce(const void *in, void *out, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
	collective("MPI_Allreduce", bytes(count, type));
	return PMPI_Allreduce(in, out, count, type, op, comm);
}

int MPI_Allgather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	collective("MPI_Allgather", bytes(count, type));
	return PMPI_Allgather(in, count, type, out, rcount, rtype, comm);
}

int MPI_Alltoall(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype,
		MPI_Comm comm) {
	collective("MPI_Alltoall", bytes(count, type));
	return PMPI_Alltoall(in, count, type, out, rcount, rtype, comm);
}

int MPI_Gather(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm) {
	collective("MPI_Gather", bytes(count, type));
	return PMPI_Gather(in, count, type, out, rcount, rtype, root, comm);
}

int MPI_Scatter(const void *in, int count, MPI_Datatype type, void *out, int rcount, MPI_Datatype rtype, int root,
		MPI_Comm comm) {
	collective("MPI_Scatter", bytes(rcount, rtype));
	return PMPI_Scatter(in, count, type, out, rcount, rtype, root, comm);
}
