/*
 * LogGP parameters of this machine's MPI between ranks 0 and 1 (run with mpirun -np 2), measured as in
 * Culler et al.'s and Kielmann et al.'s microbenchmarks, simplified:
 *   o  the send overhead: the mean time of one MPI_Send of 1 byte, each send issued after the previous
 *      message's reply came back (so that it never waits for the network);
 *   g  the gap: the mean time per message of a burst of 1-byte MPI_Sends (the receiver only receives);
 *   L  the latency: the half round trip of a 1-byte ping-pong, less 2 o;
 *   G  the gap per byte, for long messages: the growth of the half round trip from 64 KiB to 1 MiB, per byte
 *      (from small messages it would count per-fragment costs of the eager protocol as bandwidth).
 * Each is the median of 7 repetitions. Prints "L o g G" in µs on one line.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define REPEATS 7
#define MID 65536
#define BIG 1048576

static char buffer[BIG];
static int rank;

static int by_value(const void *a, const void *b) {
	double x = *(const double *) a, y = *(const double *) b;
	return (x > y) - (x < y);
}

static double median(double *t) {
	qsort(t, REPEATS, sizeof *t, by_value);
	return t[REPEATS / 2];
}

/* half the round trip of a ping-pong of d bytes, µs */
static double half_round_trip(int d, int n) {
	MPI_Barrier(MPI_COMM_WORLD);
	double start = MPI_Wtime();
	for (int i = 0; i < n; i++) {
		if (rank == 0) {
			MPI_Send(buffer, d, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
			MPI_Recv(buffer, d, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else if (rank == 1) {
			MPI_Recv(buffer, d, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(buffer, d, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
		}
	}
	return (MPI_Wtime() - start) / n / 2 * 1e6;
}

/* the mean time of a 1-byte MPI_Send call, each after the reply to the previous one, µs (rank 0's) */
static double send_overhead(int n) {
	double inside = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	for (int i = 0; i < n; i++) {
		if (rank == 0) {
			double start = MPI_Wtime();
			MPI_Send(buffer, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
			inside += MPI_Wtime() - start;
			MPI_Recv(buffer, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else if (rank == 1) {
			MPI_Recv(buffer, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(buffer, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD);
		}
	}
	return inside / n * 1e6;
}

/* the time per message of a burst of n 1-byte sends, µs, closed by a 1-byte reply */
static double gap(int n) {
	MPI_Barrier(MPI_COMM_WORLD);
	double start = MPI_Wtime();
	for (int i = 0; i < n; i++) {
		if (rank == 0) MPI_Send(buffer, 1, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
		else if (rank == 1) MPI_Recv(buffer, 1, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	}
	if (rank == 0) MPI_Recv(buffer, 1, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
	else if (rank == 1) MPI_Send(buffer, 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
	return (MPI_Wtime() - start) / n * 1e6;
}

int main(int argc, char **argv) {
	int size;
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (size < 2) {
		if (rank == 0) fprintf(stderr, "loggp-params: run with mpirun -np 2\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	double small[REPEATS], mid[REPEATS], big[REPEATS], o[REPEATS], g[REPEATS];
	half_round_trip(1, 1000); /* warm up */
	half_round_trip(BIG, 50);
	for (int r = 0; r < REPEATS; r++) {
		small[r] = half_round_trip(1, 20000);
		mid[r] = half_round_trip(MID, 500);
		big[r] = half_round_trip(BIG, 50);
		o[r] = send_overhead(20000);
		g[r] = gap(20000);
	}
	double s = median(small), m = median(mid), b = median(big), os = median(o), gs = median(g);
	if (rank == 0) {
		double L = s - 2 * os;
		printf("%.4f %.4f %.4f %.7f\n", L > 0 ? L : 0, os, gs > os ? gs : os, (b - m) / (BIG - MID));
	}
	MPI_Finalize();
	return 0;
}
