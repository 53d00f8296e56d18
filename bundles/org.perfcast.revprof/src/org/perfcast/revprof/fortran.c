/*
 * The reverse profiling library's Fortran bindings (mpif.h and use mpi: mpi_send_; use mpi_f08: through Open MPI's
 * ompi_send_f). Open MPI's Fortran bindings call PMPI_ directly, past the C entry points of revprof.c. Every C entry
 * point there has a Fortran one here that converts the handles and calls it, so that Fortran programs are timed,
 * traced and told about uncovered calls exactly as C programs are. Fortran counts from 1 (Waitany's index,
 * Waitsome's indices).
 */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdlib.h>

#include "revprof.h"

_Static_assert(sizeof(MPI_Fint) == sizeof(int), "INTEGER arrays (counts, displacements, ranks) pass as int arrays");

extern int mpi_fortran_in_place_ __attribute__((weak));
extern int mpi_fortran_bottom_ __attribute__((weak));
extern int mpi_fortran_unweighted_ __attribute__((weak));
extern int mpi_fortran_weights_empty_ __attribute__((weak));

#define F_STATUS_INTS (sizeof(MPI_Status) / sizeof(int))

static void *f_buffer(void *buf) {
	if (buf == (void *) &mpi_fortran_in_place_) return MPI_IN_PLACE;
	if (buf == (void *) &mpi_fortran_bottom_) return MPI_BOTTOM;
	return buf;
}

static const int *f_weights(const MPI_Fint *w) {
	if (w == (const MPI_Fint *) &mpi_fortran_unweighted_) return MPI_UNWEIGHTED;
	if (w == (const MPI_Fint *) &mpi_fortran_weights_empty_) return MPI_WEIGHTS_EMPTY;
	return w;
}

static MPI_Datatype f_type(const MPI_Fint *t) { return PMPI_Type_f2c(*t); }
static MPI_Comm f_comm(const MPI_Fint *c) { return PMPI_Comm_f2c(*c); }
static MPI_Op f_op(const MPI_Fint *o) { return PMPI_Op_f2c(*o); }

static void f_status(MPI_Status *c, MPI_Fint *f) {
	if (f != MPI_F_STATUS_IGNORE) PMPI_Status_c2f(c, f);
}

static void f_request(int ierr, MPI_Request r, MPI_Fint *f) {
	if (ierr == MPI_SUCCESS) *f = PMPI_Request_c2f(r);
}

static MPI_Request *f_requests(int n, const MPI_Fint *f) {
	MPI_Request *r = malloc((n > 0 ? n : 1) * sizeof *r);
	for (int i = 0; i < n; i++) r[i] = PMPI_Request_f2c(f[i]);
	return r;
}

/* Writes the requests back (completed ones are MPI_REQUEST_NULL now) and frees them. */
static void f_requests_back(int n, MPI_Request *r, MPI_Fint *f) {
	for (int i = 0; i < n; i++) f[i] = PMPI_Request_c2f(r[i]);
	free(r);
}

static MPI_Status *f_statuses(int n, const MPI_Fint *f) {
	return f == MPI_F_STATUSES_IGNORE ? MPI_STATUSES_IGNORE : malloc((n > 0 ? n : 1) * sizeof(MPI_Status));
}

/* Writes the first n statuses back and frees them. */
static void f_statuses_back(int n, MPI_Status *c, MPI_Fint *f) {
	if (c == MPI_STATUSES_IGNORE) return;
	for (int i = 0; i < n; i++) PMPI_Status_c2f(&c[i], &f[i * F_STATUS_INTS]);
	free(c);
}

/* Alltoallw's datatypes, one per process of the (remote group of the) communicator. */
static MPI_Datatype *f_types(const MPI_Fint *f, MPI_Comm comm) {
	int inter = 0, n;
	PMPI_Comm_test_inter(comm, &inter);
	if (inter) PMPI_Comm_remote_size(comm, &n);
	else PMPI_Comm_size(comm, &n);
	MPI_Datatype *t = malloc((n > 0 ? n : 1) * sizeof *t);
	for (int i = 0; i < n; i++) t[i] = PMPI_Type_f2c(f[i]);
	return t;
}

#define FORTRAN(name, ompi, params) \
	void name##_ params __attribute__((alias(#ompi))); \
	void name##__ params __attribute__((alias(#ompi))); \
	void ompi params

/* start and end */

FORTRAN(mpi_init, ompi_init_f, (MPI_Fint *ierr)) {
	*ierr = MPI_Init(NULL, NULL);
}

FORTRAN(mpi_init_thread, ompi_init_thread_f, (MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)) {
	int p;
	*ierr = MPI_Init_thread(NULL, NULL, *required, &p);
	*provided = p;
}

FORTRAN(mpi_finalize, ompi_finalize_f, (MPI_Fint *ierr)) {
	*ierr = MPI_Finalize();
}

/* communicators */

#define F_COMM_OUT(call) \
	MPI_Comm c = MPI_COMM_NULL; \
	*ierr = call; \
	if (*ierr == MPI_SUCCESS) *out = PMPI_Comm_c2f(c)

FORTRAN(mpi_comm_dup, ompi_comm_dup_f, (MPI_Fint *comm, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_dup(f_comm(comm), &c));
}

FORTRAN(mpi_comm_dup_with_info, ompi_comm_dup_with_info_f, (MPI_Fint *comm, MPI_Fint *info, MPI_Fint *out,
		MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_dup_with_info(f_comm(comm), PMPI_Info_f2c(*info), &c));
}

FORTRAN(mpi_comm_idup, ompi_comm_idup_f, (MPI_Fint *comm, MPI_Fint *out, MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Request r;
	F_COMM_OUT(MPI_Comm_idup(f_comm(comm), &c, &r));
	f_request(*ierr, r, request);
}

FORTRAN(mpi_comm_split, ompi_comm_split_f, (MPI_Fint *comm, MPI_Fint *color, MPI_Fint *key, MPI_Fint *out,
		MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_split(f_comm(comm), *color, *key, &c));
}

FORTRAN(mpi_comm_split_type, ompi_comm_split_type_f, (MPI_Fint *comm, MPI_Fint *type, MPI_Fint *key,
		MPI_Fint *info, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_split_type(f_comm(comm), *type, *key, PMPI_Info_f2c(*info), &c));
}

FORTRAN(mpi_comm_create, ompi_comm_create_f, (MPI_Fint *comm, MPI_Fint *group, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_create(f_comm(comm), PMPI_Group_f2c(*group), &c));
}

FORTRAN(mpi_comm_create_group, ompi_comm_create_group_f, (MPI_Fint *comm, MPI_Fint *group, MPI_Fint *tag,
		MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Comm_create_group(f_comm(comm), PMPI_Group_f2c(*group), *tag, &c));
}

/* LOGICAL arrays and flags pass as int: gfortran's .TRUE. is 1, as Open MPI's is. */
FORTRAN(mpi_cart_create, ompi_cart_create_f, (MPI_Fint *comm, MPI_Fint *n, MPI_Fint *dims, MPI_Fint *periods,
		MPI_Fint *reorder, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Cart_create(f_comm(comm), *n, dims, periods, *reorder, &c));
}

FORTRAN(mpi_cart_sub, ompi_cart_sub_f, (MPI_Fint *comm, MPI_Fint *remain, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Cart_sub(f_comm(comm), remain, &c));
}

FORTRAN(mpi_graph_create, ompi_graph_create_f, (MPI_Fint *comm, MPI_Fint *n, MPI_Fint *index, MPI_Fint *edges,
		MPI_Fint *reorder, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Graph_create(f_comm(comm), *n, index, edges, *reorder, &c));
}

FORTRAN(mpi_dist_graph_create, ompi_dist_graph_create_f, (MPI_Fint *comm, MPI_Fint *n, MPI_Fint *sources,
		MPI_Fint *degrees, MPI_Fint *dests, MPI_Fint *weights, MPI_Fint *info, MPI_Fint *reorder, MPI_Fint *out,
		MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Dist_graph_create(f_comm(comm), *n, sources, degrees, dests, f_weights(weights),
			PMPI_Info_f2c(*info), *reorder, &c));
}

FORTRAN(mpi_dist_graph_create_adjacent, ompi_dist_graph_create_adjacent_f, (MPI_Fint *comm, MPI_Fint *indegree,
		MPI_Fint *sources, MPI_Fint *sourceweights, MPI_Fint *outdegree, MPI_Fint *dests, MPI_Fint *destweights,
		MPI_Fint *info, MPI_Fint *reorder, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Dist_graph_create_adjacent(f_comm(comm), *indegree, sources, f_weights(sourceweights), *outdegree,
			dests, f_weights(destweights), PMPI_Info_f2c(*info), *reorder, &c));
}

FORTRAN(mpi_intercomm_create, ompi_intercomm_create_f, (MPI_Fint *local, MPI_Fint *leader, MPI_Fint *peer,
		MPI_Fint *remote, MPI_Fint *tag, MPI_Fint *out, MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Intercomm_create(f_comm(local), *leader, f_comm(peer), *remote, *tag, &c));
}

FORTRAN(mpi_intercomm_merge, ompi_intercomm_merge_f, (MPI_Fint *comm, MPI_Fint *high, MPI_Fint *out,
		MPI_Fint *ierr)) {
	F_COMM_OUT(MPI_Intercomm_merge(f_comm(comm), *high, &c));
}

FORTRAN(mpi_comm_free, ompi_comm_free_f, (MPI_Fint *comm, MPI_Fint *ierr)) {
	MPI_Comm c = f_comm(comm);
	*ierr = MPI_Comm_free(&c);
	if (*ierr == MPI_SUCCESS) *comm = PMPI_Comm_c2f(c);
}

/* point to point */

#define F_SEND(n, CALL) \
	FORTRAN(mpi_##n, ompi_##n##_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *dest, MPI_Fint *tag, \
			MPI_Fint *comm, MPI_Fint *ierr)) { \
		*ierr = CALL(f_buffer(buf), *count, f_type(type), *dest, *tag, f_comm(comm)); \
	}
F_SEND(send, MPI_Send)
F_SEND(ssend, MPI_Ssend)
F_SEND(bsend, MPI_Bsend)
F_SEND(rsend, MPI_Rsend)

/* Nonblocking and persistent operations: the arguments of a send or receive and a request. */
#define F_REQUEST_P2P(n, CALL) \
	FORTRAN(mpi_##n, ompi_##n##_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *peer, MPI_Fint *tag, \
			MPI_Fint *comm, MPI_Fint *request, MPI_Fint *ierr)) { \
		MPI_Request r; \
		*ierr = CALL(f_buffer(buf), *count, f_type(type), *peer, *tag, f_comm(comm), &r); \
		f_request(*ierr, r, request); \
	}
F_REQUEST_P2P(isend, MPI_Isend)
F_REQUEST_P2P(issend, MPI_Issend)
F_REQUEST_P2P(ibsend, MPI_Ibsend)
F_REQUEST_P2P(irsend, MPI_Irsend)
F_REQUEST_P2P(irecv, MPI_Irecv)
F_REQUEST_P2P(send_init, MPI_Send_init)
F_REQUEST_P2P(ssend_init, MPI_Ssend_init)
F_REQUEST_P2P(bsend_init, MPI_Bsend_init)
F_REQUEST_P2P(rsend_init, MPI_Rsend_init)
F_REQUEST_P2P(recv_init, MPI_Recv_init)

FORTRAN(mpi_recv, ompi_recv_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *source, MPI_Fint *tag,
		MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Status s;
	*ierr = MPI_Recv(f_buffer(buf), *count, f_type(type), *source, *tag, f_comm(comm), &s);
	f_status(&s, status);
}

FORTRAN(mpi_sendrecv, ompi_sendrecv_f, (char *sbuf, MPI_Fint *scount, MPI_Fint *stype, MPI_Fint *dest,
		MPI_Fint *stag, char *rbuf, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *source, MPI_Fint *rtag,
		MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Status s;
	*ierr = MPI_Sendrecv(f_buffer(sbuf), *scount, f_type(stype), *dest, *stag, f_buffer(rbuf), *rcount,
			f_type(rtype), *source, *rtag, f_comm(comm), &s);
	f_status(&s, status);
}

FORTRAN(mpi_sendrecv_replace, ompi_sendrecv_replace_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *dest,
		MPI_Fint *stag, MPI_Fint *source, MPI_Fint *rtag, MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Status s;
	*ierr = MPI_Sendrecv_replace(f_buffer(buf), *count, f_type(type), *dest, *stag, *source, *rtag, f_comm(comm),
			&s);
	f_status(&s, status);
}

FORTRAN(mpi_mprobe, ompi_mprobe_f, (MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *message,
		MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Message m;
	MPI_Status s;
	*ierr = MPI_Mprobe(*source, *tag, f_comm(comm), &m, &s);
	if (*ierr == MPI_SUCCESS) *message = PMPI_Message_c2f(m);
	f_status(&s, status);
}

FORTRAN(mpi_improbe, ompi_improbe_f, (MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *flag,
		MPI_Fint *message, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Message m;
	MPI_Status s;
	int found = 0;
	*ierr = MPI_Improbe(*source, *tag, f_comm(comm), &found, &m, &s);
	*flag = found != 0;
	if (*ierr == MPI_SUCCESS && found) {
		*message = PMPI_Message_c2f(m);
		f_status(&s, status);
	}
}

FORTRAN(mpi_mrecv, ompi_mrecv_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *message, MPI_Fint *status,
		MPI_Fint *ierr)) {
	MPI_Message m = PMPI_Message_f2c(*message);
	MPI_Status s;
	*ierr = MPI_Mrecv(f_buffer(buf), *count, f_type(type), &m, &s);
	if (*ierr == MPI_SUCCESS) *message = PMPI_Message_c2f(m);
	f_status(&s, status);
}

FORTRAN(mpi_imrecv, ompi_imrecv_f, (char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *message,
		MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Message m = PMPI_Message_f2c(*message);
	MPI_Request r;
	*ierr = MPI_Imrecv(f_buffer(buf), *count, f_type(type), &m, &r);
	if (*ierr == MPI_SUCCESS) *message = PMPI_Message_c2f(m);
	f_request(*ierr, r, request);
}

FORTRAN(mpi_start, ompi_start_f, (MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Request r = PMPI_Request_f2c(*request);
	*ierr = MPI_Start(&r);
	*request = PMPI_Request_c2f(r);
}

FORTRAN(mpi_startall, ompi_startall_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Request *r = f_requests(*n, request);
	*ierr = MPI_Startall(*n, r);
	f_requests_back(*n, r, request);
}

FORTRAN(mpi_request_free, ompi_request_free_f, (MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Request r = PMPI_Request_f2c(*request);
	*ierr = MPI_Request_free(&r);
	if (*ierr == MPI_SUCCESS) *request = PMPI_Request_c2f(r);
}

/* completion */

FORTRAN(mpi_wait, ompi_wait_f, (MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Request r = PMPI_Request_f2c(*request);
	MPI_Status s;
	*ierr = MPI_Wait(&r, &s);
	*request = PMPI_Request_c2f(r);
	f_status(&s, status);
}

FORTRAN(mpi_test, ompi_test_f, (MPI_Fint *request, MPI_Fint *flag, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Request r = PMPI_Request_f2c(*request);
	MPI_Status s;
	int done = 0;
	*ierr = MPI_Test(&r, &done, &s);
	*request = PMPI_Request_c2f(r);
	*flag = done != 0;
	if (done) f_status(&s, status);
}

FORTRAN(mpi_waitall, ompi_waitall_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Request *r = f_requests(*n, request);
	MPI_Status *s = f_statuses(*n, status);
	*ierr = MPI_Waitall(*n, r, s);
	f_requests_back(*n, r, request);
	f_statuses_back(*n, s, status);
}

FORTRAN(mpi_testall, ompi_testall_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *flag, MPI_Fint *status,
		MPI_Fint *ierr)) {
	MPI_Request *r = f_requests(*n, request);
	MPI_Status *s = f_statuses(*n, status);
	int done = 0;
	*ierr = MPI_Testall(*n, r, &done, s);
	*flag = done != 0;
	f_requests_back(*n, r, request);
	f_statuses_back(done ? *n : 0, s, status);
}

FORTRAN(mpi_waitany, ompi_waitany_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *index, MPI_Fint *status,
		MPI_Fint *ierr)) {
	MPI_Request *r = f_requests(*n, request);
	MPI_Status s;
	int i = MPI_UNDEFINED;
	*ierr = MPI_Waitany(*n, r, &i, &s);
	f_requests_back(*n, r, request);
	*index = i == MPI_UNDEFINED ? i : i + 1;
	f_status(&s, status);
}

FORTRAN(mpi_testany, ompi_testany_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *index, MPI_Fint *flag,
		MPI_Fint *status, MPI_Fint *ierr)) {
	MPI_Request *r = f_requests(*n, request);
	MPI_Status s;
	int i = MPI_UNDEFINED, done = 0;
	*ierr = MPI_Testany(*n, r, &i, &done, &s);
	f_requests_back(*n, r, request);
	*index = i == MPI_UNDEFINED ? i : i + 1;
	*flag = done != 0;
	if (done) f_status(&s, status);
}

#define F_SOME(name, CALL) \
	FORTRAN(mpi_##name, ompi_##name##_f, (MPI_Fint *n, MPI_Fint *request, MPI_Fint *outcount, MPI_Fint *indices, \
			MPI_Fint *status, MPI_Fint *ierr)) { \
		MPI_Request *r = f_requests(*n, request); \
		MPI_Status *s = f_statuses(*n, status); \
		int count = 0; \
		*ierr = CALL(*n, r, &count, indices, s); \
		f_requests_back(*n, r, request); \
		*outcount = count; \
		if (count == MPI_UNDEFINED) count = 0; \
		for (int i = 0; i < count; i++) indices[i]++; \
		f_statuses_back(count, s, status); \
	}
F_SOME(waitsome, MPI_Waitsome)
F_SOME(testsome, MPI_Testsome)

/* collectives */

FORTRAN(mpi_barrier, ompi_barrier_f, (MPI_Fint *comm, MPI_Fint *ierr)) {
	*ierr = MPI_Barrier(f_comm(comm));
}

FORTRAN(mpi_ibarrier, ompi_ibarrier_f, (MPI_Fint *comm, MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Request r;
	*ierr = MPI_Ibarrier(f_comm(comm), &r);
	f_request(*ierr, r, request);
}

/* Each collective comes blocking (mpi_NAME) and nonblocking (mpi_iNAME, with a request before ierr). */
#define F_COLLECTIVE(n, CALL, ICALL, params, ...) \
	FORTRAN(mpi_##n, ompi_##n##_f, (F_PARAMS params, MPI_Fint *ierr)) { \
		*ierr = CALL(__VA_ARGS__); \
	} \
	FORTRAN(mpi_i##n, ompi_i##n##_f, (F_PARAMS params, MPI_Fint *request, MPI_Fint *ierr)) { \
		MPI_Request r; \
		*ierr = ICALL(__VA_ARGS__, &r); \
		f_request(*ierr, r, request); \
	}
#define F_PARAMS(...) __VA_ARGS__

F_COLLECTIVE(bcast, MPI_Bcast, MPI_Ibcast,
		(char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *root, MPI_Fint *comm),
		f_buffer(buf), *count, f_type(type), *root, f_comm(comm))
F_COLLECTIVE(reduce, MPI_Reduce, MPI_Ireduce,
		(char *in, char *out, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *root, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), *count, f_type(type), f_op(op), *root, f_comm(comm))
F_COLLECTIVE(allreduce, MPI_Allreduce, MPI_Iallreduce,
		(char *in, char *out, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), *count, f_type(type), f_op(op), f_comm(comm))
F_COLLECTIVE(scan, MPI_Scan, MPI_Iscan,
		(char *in, char *out, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), *count, f_type(type), f_op(op), f_comm(comm))
F_COLLECTIVE(exscan, MPI_Exscan, MPI_Iexscan,
		(char *in, char *out, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), *count, f_type(type), f_op(op), f_comm(comm))
F_COLLECTIVE(reduce_scatter, MPI_Reduce_scatter, MPI_Ireduce_scatter,
		(char *in, char *out, MPI_Fint *rcounts, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), rcounts, f_type(type), f_op(op), f_comm(comm))
F_COLLECTIVE(reduce_scatter_block, MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block,
		(char *in, char *out, MPI_Fint *rcount, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm),
		f_buffer(in), f_buffer(out), *rcount, f_type(type), f_op(op), f_comm(comm))
F_COLLECTIVE(allgather, MPI_Allgather, MPI_Iallgather,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), f_comm(comm))
F_COLLECTIVE(alltoall, MPI_Alltoall, MPI_Ialltoall,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), f_comm(comm))
F_COLLECTIVE(allgatherv, MPI_Allgatherv, MPI_Iallgatherv,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcounts, MPI_Fint *displs,
				MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), rcounts, displs, f_type(rtype), f_comm(comm))
F_COLLECTIVE(alltoallv, MPI_Alltoallv, MPI_Ialltoallv,
		(char *in, MPI_Fint *counts, MPI_Fint *sdispls, MPI_Fint *type, char *out, MPI_Fint *rcounts,
				MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), counts, sdispls, f_type(type), f_buffer(out), rcounts, rdispls, f_type(rtype), f_comm(comm))
F_COLLECTIVE(gather, MPI_Gather, MPI_Igather,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root,
				MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), *root, f_comm(comm))
F_COLLECTIVE(scatter, MPI_Scatter, MPI_Iscatter,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root,
				MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), *root, f_comm(comm))
F_COLLECTIVE(gatherv, MPI_Gatherv, MPI_Igatherv,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcounts, MPI_Fint *displs,
				MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), rcounts, displs, f_type(rtype), *root, f_comm(comm))
F_COLLECTIVE(scatterv, MPI_Scatterv, MPI_Iscatterv,
		(char *in, MPI_Fint *counts, MPI_Fint *displs, MPI_Fint *type, char *out, MPI_Fint *rcount,
				MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm),
		f_buffer(in), counts, displs, f_type(type), f_buffer(out), *rcount, f_type(rtype), *root, f_comm(comm))

#define F_ALLTOALLW_ARGS \
	MPI_Comm c = f_comm(comm); \
	MPI_Datatype *t = f_types(types, c), *rt = f_types(rtypes, c)

FORTRAN(mpi_alltoallw, ompi_alltoallw_f, (char *in, MPI_Fint *counts, MPI_Fint *sdispls, MPI_Fint *types,
		char *out, MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *ierr)) {
	F_ALLTOALLW_ARGS;
	*ierr = MPI_Alltoallw(f_buffer(in), counts, sdispls, t, f_buffer(out), rcounts, rdispls, rt, c);
	free(t);
	free(rt);
}

/* The datatypes of a nonblocking Alltoallw must live until it completes: they are not freed (two arrays of
 * the communicator's size per call). */
FORTRAN(mpi_ialltoallw, ompi_ialltoallw_f, (char *in, MPI_Fint *counts, MPI_Fint *sdispls, MPI_Fint *types,
		char *out, MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *request,
		MPI_Fint *ierr)) {
	F_ALLTOALLW_ARGS;
	MPI_Request r;
	*ierr = MPI_Ialltoallw(f_buffer(in), counts, sdispls, t, f_buffer(out), rcounts, rdispls, rt, c, &r);
	f_request(*ierr, r, request);
}

F_COLLECTIVE(neighbor_allgather, MPI_Neighbor_allgather, MPI_Ineighbor_allgather,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), f_comm(comm))
F_COLLECTIVE(neighbor_alltoall, MPI_Neighbor_alltoall, MPI_Ineighbor_alltoall,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), *rcount, f_type(rtype), f_comm(comm))
F_COLLECTIVE(neighbor_allgatherv, MPI_Neighbor_allgatherv, MPI_Ineighbor_allgatherv,
		(char *in, MPI_Fint *count, MPI_Fint *type, char *out, MPI_Fint *rcounts, MPI_Fint *displs,
				MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), *count, f_type(type), f_buffer(out), rcounts, displs, f_type(rtype), f_comm(comm))
F_COLLECTIVE(neighbor_alltoallv, MPI_Neighbor_alltoallv, MPI_Ineighbor_alltoallv,
		(char *in, MPI_Fint *counts, MPI_Fint *sdispls, MPI_Fint *type, char *out, MPI_Fint *rcounts,
				MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm),
		f_buffer(in), counts, sdispls, f_type(type), f_buffer(out), rcounts, rdispls, f_type(rtype), f_comm(comm))

/* Neighbor_alltoallw: a datatype per out-neighbour (types) and per in-neighbour (rtypes), displacements in bytes. */
static void f_neighbour_types(const MPI_Fint *types, const MPI_Fint *rtypes, MPI_Comm comm, MPI_Datatype **t,
		MPI_Datatype **rt) {
	int in, out, *sources, *dests;
	topology_neighbours(comm, &in, &sources, &out, &dests);
	free(sources);
	free(dests);
	*t = malloc((out > 0 ? out : 1) * sizeof **t);
	*rt = malloc((in > 0 ? in : 1) * sizeof **rt);
	for (int i = 0; i < out; i++) (*t)[i] = PMPI_Type_f2c(types[i]);
	for (int i = 0; i < in; i++) (*rt)[i] = PMPI_Type_f2c(rtypes[i]);
}

FORTRAN(mpi_neighbor_alltoallw, ompi_neighbor_alltoallw_f, (char *in, MPI_Fint *counts, MPI_Aint *sdispls,
		MPI_Fint *types, char *out, MPI_Fint *rcounts, MPI_Aint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm,
		MPI_Fint *ierr)) {
	MPI_Comm c = f_comm(comm);
	MPI_Datatype *t, *rt;
	f_neighbour_types(types, rtypes, c, &t, &rt);
	*ierr = MPI_Neighbor_alltoallw(f_buffer(in), counts, sdispls, t, f_buffer(out), rcounts, rdispls, rt, c);
	free(t);
	free(rt);
}

/* As for Ialltoallw, the datatypes live until the operation completes: not freed. */
FORTRAN(mpi_ineighbor_alltoallw, ompi_ineighbor_alltoallw_f, (char *in, MPI_Fint *counts, MPI_Aint *sdispls,
		MPI_Fint *types, char *out, MPI_Fint *rcounts, MPI_Aint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm,
		MPI_Fint *request, MPI_Fint *ierr)) {
	MPI_Comm c = f_comm(comm);
	MPI_Datatype *t, *rt;
	f_neighbour_types(types, rtypes, c, &t, &rt);
	MPI_Request r;
	*ierr = MPI_Ineighbor_alltoallw(f_buffer(in), counts, sdispls, t, f_buffer(out), rcounts, rdispls, rt, c, &r);
	f_request(*ierr, r, request);
}

/* calls not covered, reported as the C ones are */

FORTRAN(mpi_put, ompi_put_f, (char *origin, MPI_Fint *count, MPI_Fint *type, MPI_Fint *target, MPI_Aint *disp,
		MPI_Fint *tcount, MPI_Fint *ttype, MPI_Fint *win, MPI_Fint *ierr)) {
	*ierr = MPI_Put(f_buffer(origin), *count, f_type(type), *target, *disp, *tcount, f_type(ttype),
			PMPI_Win_f2c(*win));
}

FORTRAN(mpi_get, ompi_get_f, (char *origin, MPI_Fint *count, MPI_Fint *type, MPI_Fint *target, MPI_Aint *disp,
		MPI_Fint *tcount, MPI_Fint *ttype, MPI_Fint *win, MPI_Fint *ierr)) {
	*ierr = MPI_Get(f_buffer(origin), *count, f_type(type), *target, *disp, *tcount, f_type(ttype),
			PMPI_Win_f2c(*win));
}

FORTRAN(mpi_accumulate, ompi_accumulate_f, (char *origin, MPI_Fint *count, MPI_Fint *type, MPI_Fint *target,
		MPI_Aint *disp, MPI_Fint *tcount, MPI_Fint *ttype, MPI_Fint *op, MPI_Fint *win, MPI_Fint *ierr)) {
	*ierr = MPI_Accumulate(f_buffer(origin), *count, f_type(type), *target, *disp, *tcount, f_type(ttype), f_op(op),
			PMPI_Win_f2c(*win));
}

FORTRAN(mpi_win_fence, ompi_win_fence_f, (MPI_Fint *assertion, MPI_Fint *win, MPI_Fint *ierr)) {
	*ierr = MPI_Win_fence(*assertion, PMPI_Win_f2c(*win));
}

#define F_FILE_IO(n, CALL) \
	FORTRAN(mpi_##n, ompi_##n##_f, (MPI_Fint *fh, char *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *status, \
			MPI_Fint *ierr)) { \
		MPI_File f = PMPI_File_f2c(*fh); \
		MPI_Status s; \
		*ierr = CALL(f, f_buffer(buf), *count, f_type(type), &s); \
		f_status(&s, status); \
	}
F_FILE_IO(file_read, MPI_File_read)
F_FILE_IO(file_write, MPI_File_write)
F_FILE_IO(file_read_all, MPI_File_read_all)
F_FILE_IO(file_write_all, MPI_File_write_all)

/* MPI_Comm_spawn's strings are Fortran's (blank padded, lengths passed after the arguments): the call is
 * reported and handed to Open MPI's own binding unchanged. */
typedef void (*f_spawn)(char *, char *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *,
		MPI_Fint *, size_t, size_t);

FORTRAN(mpi_comm_spawn, ompi_comm_spawn_f, (char *command, char *argv, MPI_Fint *maxprocs, MPI_Fint *info,
		MPI_Fint *root, MPI_Fint *comm, MPI_Fint *intercomm, MPI_Fint *errcodes, MPI_Fint *ierr, size_t command_len,
		size_t argv_len)) {
	not_covered("MPI_Comm_spawn");
	f_spawn next = (f_spawn) dlsym(RTLD_NEXT, "ompi_comm_spawn_f");
	if (next == NULL) {
		*ierr = MPI_ERR_INTERN;
		return;
	}
	next(command, argv, maxprocs, info, root, comm, intercomm, errcodes, ierr, command_len, argv_len);
}
