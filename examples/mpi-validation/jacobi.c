/*
 * A Jacobi solver of Laplace's equation on an N x N grid, with the communication pattern of the
 * classical distributed-memory stencil codes (PETSc's DMDA ghost update and KSP norm test, the LLNL MPI
 * tutorial's heat equation, HPCG's halo exchange): the rows are split into blocks over a 1-D cartesian
 * communicator (MPI_Cart_create, MPI_Cart_shift; MPI_PROC_NULL at the edges); each iteration exchanges the
 * ghost rows with the neighbours by MPI_Irecv / MPI_Isend / MPI_Waitall, updates the interior and sums the
 * squared change with MPI_Allreduce for the convergence test. Rank 0 gathers nothing; it prints the
 * iterations and the final residual, which do not depend on the number of processes.
 * PERFCAST_COMPUTE(rows * N) counts one step per grid point updated (a no-op when run normally).
 * Usage: jacobi N ITERATIONS
 */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfcast.h"

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int n = argc > 1 ? atoi(argv[1]) : 1000, iterations = argc > 2 ? atoi(argv[2]) : 100;
	int size, rank, dims[1] = {0}, periods[1] = {0}, up, down;
	MPI_Comm grid;
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	MPI_Dims_create(size, 1, dims);
	MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 1, &grid);
	MPI_Comm_rank(grid, &rank);
	MPI_Cart_shift(grid, 0, 1, &up, &down);
	/* rows first .. first + rows - 1 of the interior rows 1 .. n - 2 */
	int interior = n - 2, rows = interior / size + (rank < interior % size), first = 1;
	for (int r = 0; r < rank; r++) first += interior / size + (r < interior % size);
	/* local rows 0 and rows + 1 are ghosts */
	double *u = calloc((size_t) (rows + 2) * n, sizeof *u), *v = calloc((size_t) (rows + 2) * n, sizeof *v);
	if (!u || !v) MPI_Abort(MPI_COMM_WORLD, 1);
	for (int i = 0; i < rows + 2; i++) { /* boundary: 1 on the left edge and on the top row, 0 elsewhere */
		u[(size_t) i * n] = v[(size_t) i * n] = 1;
		if (first + i - 1 == 0) for (int j = 0; j < n; j++) u[(size_t) i * n + j] = v[(size_t) i * n + j] = 1;
	}
	double residual = 0;
	int it;
	for (it = 0; it < iterations; it++) {
		MPI_Request requests[4];
		MPI_Irecv(u, n, MPI_DOUBLE, up, 0, grid, &requests[0]);
		MPI_Irecv(u + (size_t) (rows + 1) * n, n, MPI_DOUBLE, down, 1, grid, &requests[1]);
		MPI_Isend(u + n, n, MPI_DOUBLE, up, 1, grid, &requests[2]);
		MPI_Isend(u + (size_t) rows * n, n, MPI_DOUBLE, down, 0, grid, &requests[3]);
		MPI_Waitall(4, requests, MPI_STATUSES_IGNORE);
		double local = 0;
		for (int i = 1; i <= rows; i++) {
			if (first + i - 1 == n - 1) continue;
			for (int j = 1; j < n - 1; j++) {
				size_t k = (size_t) i * n + j;
				v[k] = 0.25 * (u[k - n] + u[k + n] + u[k - 1] + u[k + 1]);
				local += (v[k] - u[k]) * (v[k] - u[k]);
			}
		}
		PERFCAST_COMPUTE((double) rows * n);
		double *t = u;
		u = v;
		v = t;
		MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, grid);
		if (sqrt(residual) < 1e-9) break;
	}
	if (rank == 0) printf("jacobi %d x %d: %d iterations, residual %.6e\n", n, n, it, sqrt(residual));
	free(u);
	free(v);
	MPI_Comm_free(&grid);
	MPI_Finalize();
	return 0;
}
