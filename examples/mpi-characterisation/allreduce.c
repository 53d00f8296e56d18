/*
 * REPEAT calls of MPI_Allreduce on D bytes (D / 8 doubles, summed), nothing else: reverse profiled with this
 * folder's revprof-summary.txt, its predicted time is REPEAT times the fitted equation
 * T(p, d) = c + s p^2 + k p^2 d of the datasheet, so a sweep over the processes and the size draws that equation.
 * Usage: allreduce D REPEAT
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	int bytes = argc > 1 ? atoi(argv[1]) : 8, repeat = argc > 2 ? atoi(argv[2]) : 100, rank;
	int count = bytes / 8 > 0 ? bytes / 8 : 1;
	double *in = calloc((size_t) count, sizeof *in), *out = calloc((size_t) count, sizeof *out);
	if (!in || !out) MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	in[0] = rank;
	for (int i = 0; i < repeat; i++) MPI_Allreduce(in, out, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
	if (rank == 0) printf("allreduce of %d bytes, %d times: sum of the ranks %.0f\n", count * 8, repeat, out[0]);
	free(in);
	free(out);
	MPI_Finalize();
	return 0;
}
