/* imbalanced.c: ranks that compute different amounts between collectives. N rounds, each rank r doing its units of
 * work (rank 0: A, rank 1: B, the others A) then an MPI_Allreduce of one double. Balancing the ranks is -a and -b
 * both (A + B) / 2 on two ranks. Usage: mpirun -np 2 imbalanced [-n N] [-a A] [-b B]; rank 0 prints 'elapsed S'. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static double work(long units, double x) {
	for (long k = 0; k < units; k++) x = x * 1.0000001 + 0.5;
	return x;
}

int main(int argc, char **argv) {
	long rounds = 200, a = 100000, b = 300000;
	int c;
	MPI_Init(&argc, &argv);
	while ((c = getopt(argc, argv, "n:a:b:")) != -1) {
		switch (c) {
		case 'n': rounds = atol(optarg); break;
		case 'a': a = atol(optarg); break;
		case 'b': b = atol(optarg); break;
		default: fprintf(stderr, "usage: imbalanced [-n N] [-a A] [-b B]\n"); MPI_Abort(MPI_COMM_WORLD, 2);
		}
	}
	int rank;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	long units = rank == 1 ? b : a;
	double x = rank + 1, sum = 0;
	MPI_Barrier(MPI_COMM_WORLD);
	double start = MPI_Wtime();
	for (long n = 0; n < rounds; n++) {
		x = work(units, x);
		double part = x * 1e-300;
		MPI_Allreduce(&part, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
		x += sum;
	}
	double elapsed = MPI_Wtime() - start;
	if (rank == 0) printf("elapsed %.6f\n", elapsed);
	MPI_Finalize();
	return 0;
}
