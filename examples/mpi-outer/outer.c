/*
 * The Cowichan "outer" problem in C/MPI, as in section 5 of Howell's "Reverse Profiling": N points, the
 * N x N matrix of their distances distributed by rows (each process computes its rows, above and below the
 * diagonal), the diagonal set to N times the largest distance, and the vector of distances from the origin.
 * Each process generates its share of points and gets the others with MPI_Allgather; MPI_Allreduce finds the
 * largest distance. PERFCAST_COMPUTE counts one compute step per distance, for perfcast revprof.
 *
 *   mpirun -np P ./outer N      prints "outer N P TIME_US" (the slowest rank's time, measured)
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "perfcast.h"

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int rank, size;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	long n = argc > 1 ? atol(argv[1]) : 1000;
	if (n < size || n % size != 0) {
		if (rank == 0) fprintf(stderr, "outer: N (%ld) must be a multiple of the processes (%d)\n", n, size);
		MPI_Finalize();
		return 2;
	}
	long rows = n / size;
	double *mine = malloc(2 * rows * sizeof(double));
	double *points = malloc(2 * n * sizeof(double));
	double *matrix = malloc(rows * n * sizeof(double));
	double *vector = malloc(rows * sizeof(double));
	if (!mine || !points || !matrix || !vector) {
		fprintf(stderr, "outer: out of memory for N = %ld\n", n);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	for (long i = 0; i < rows; i++) {
		long g = rank * rows + i; /* the same points whatever the process count */
		mine[2 * i] = (double) ((g * 7919) % 1000);
		mine[2 * i + 1] = (double) ((g * 104729) % 1000);
	}
	MPI_Barrier(MPI_COMM_WORLD);
	double start = MPI_Wtime();
	MPI_Allgather(mine, (int) (2 * rows), MPI_DOUBLE, points, (int) (2 * rows), MPI_DOUBLE, MPI_COMM_WORLD);
	double largest = 0;
	for (long i = 0; i < rows; i++) {
		long g = rank * rows + i;
		double x = points[2 * g], y = points[2 * g + 1];
		for (long j = 0; j < n; j++) {
			double dx = x - points[2 * j], dy = y - points[2 * j + 1];
			double d = sqrt(dx * dx + dy * dy);
			matrix[i * n + j] = d;
			if (j != g && d > largest) largest = d;
		}
		vector[i] = sqrt(x * x + y * y);
	}
	PERFCAST_COMPUTE(rows * n);
	double global;
	MPI_Allreduce(&largest, &global, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
	for (long i = 0; i < rows; i++) {
		matrix[i * n + rank * rows + i] = n * global;
	}
	double elapsed = (MPI_Wtime() - start) * 1e6, slowest;
	MPI_Reduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
	if (rank == 0) {
		printf("outer %ld %d %.1f\n", n, size, slowest);
	}
	free(mine);
	free(points);
	free(matrix);
	free(vector);
	MPI_Finalize();
	return 0;
}
