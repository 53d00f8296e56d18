/*
 * MPI characterisation (Howell, "Reverse Profiling", section 2): times MPI functions over message sizes in
 * the communicator of all processes and prints one CSV row per repetition, "function,p,d,time" with d in
 * bytes and time in microseconds, the maximum over the ranks. Each repetition starts after a barrier and
 * times `inner` calls, dividing by their number, so that short calls are measured above the clock's
 * resolution. Written by perfcast characterise; build with mpicc, run with mpirun.
 *
 *   characterise SIZES REPEAT FUNCTIONS
 *   SIZES     comma-separated byte counts, e.g. 0,1,16,256,4096
 *   REPEAT    repetitions per (function, size)
 *   FUNCTIONS comma-separated names, e.g. MPI_Send,MPI_Bcast,MPI_Barrier
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

/* One call of the function on d bytes per process. */
static void call(const char *f, char *a, char *b, long d) {
	int n = (int) d;
	if (!strcmp(f, "MPI_Send")) {
		/* half a ping-pong between ranks 0 and 1; the others wait at the next barrier */
		if (rank == 0) {
			MPI_Send(a, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
			MPI_Recv(b, n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		} else if (rank == 1) {
			MPI_Recv(b, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			MPI_Send(a, n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
		}
	} else if (!strcmp(f, "MPI_Bcast")) {
		MPI_Bcast(a, n, MPI_BYTE, 0, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Reduce")) {
		MPI_Reduce(a, b, n, MPI_BYTE, MPI_BOR, 0, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Allreduce")) {
		MPI_Allreduce(a, b, n, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Allgather")) {
		MPI_Allgather(a, n, MPI_BYTE, b, n, MPI_BYTE, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Alltoall")) {
		MPI_Alltoall(a, n, MPI_BYTE, b, n, MPI_BYTE, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Gather")) {
		MPI_Gather(a, n, MPI_BYTE, b, n, MPI_BYTE, 0, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Scatter")) {
		MPI_Scatter(b, n, MPI_BYTE, a, n, MPI_BYTE, 0, MPI_COMM_WORLD);
	} else if (!strcmp(f, "MPI_Barrier")) {
		MPI_Barrier(MPI_COMM_WORLD);
	}
}

static int known(const char *f) {
	const char *all[] = { "MPI_Send", "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Allgather", "MPI_Alltoall",
		"MPI_Gather", "MPI_Scatter", "MPI_Barrier" };
	for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
		if (!strcmp(f, all[i])) {
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv) {
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (argc != 4) {
		if (rank == 0) {
			fprintf(stderr, "usage: characterise SIZES REPEAT FUNCTIONS\n");
		}
		MPI_Finalize();
		return 2;
	}
	long sizes[256];
	int count = 0;
	long largest = 0;
	for (char *s = strtok(argv[1], ","); s && count < 256; s = strtok(NULL, ",")) {
		sizes[count] = atol(s);
		if (sizes[count] > largest) {
			largest = sizes[count];
		}
		count++;
	}
	int repeat = atoi(argv[2]);
	/* room for d bytes from every process (gather, all-to-all) */
	char *a = calloc((size_t) (largest > 0 ? largest : 1) * size, 1);
	char *b = calloc((size_t) (largest > 0 ? largest : 1) * size, 1);
	if (!a || !b) {
		fprintf(stderr, "characterise: cannot allocate %ld bytes per process\n", largest * size);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	if (rank == 0) {
		printf("function,p,d,time\n");
	}
	char *functions = strdup(argv[3]);
	for (char *f = strtok(functions, ","); f; f = strtok(NULL, ",")) {
		if (!known(f)) {
			if (rank == 0) {
				fprintf(stderr, "characterise: unknown function %s\n", f);
			}
			continue;
		}
		if (!strcmp(f, "MPI_Send") && size < 2) {
			continue;
		}
		for (int k = 0; k < count; k++) {
			long d = strcmp(f, "MPI_Barrier") ? sizes[k] : 0;
			if (!strcmp(f, "MPI_Barrier") && k > 0) {
				break;
			}
			int inner = d <= 1024 ? 20 : d <= 65536 ? 5 : 1;
			call(f, a, b, d); /* warm up */
			for (int r = 0; r < repeat; r++) {
				MPI_Barrier(MPI_COMM_WORLD);
				double start = MPI_Wtime();
				for (int i = 0; i < inner; i++) {
					call(f, a, b, d);
				}
				double local = (MPI_Wtime() - start) / inner * 1e6;
				if (!strcmp(f, "MPI_Send")) {
					local /= 2; /* one way of the ping-pong */
				}
				double slowest;
				MPI_Reduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
				if (rank == 0) {
					printf("%s,%d,%ld,%.3f\n", f, size, d, slowest);
				}
			}
			if (rank == 0) {
				fflush(stdout);
				fprintf(stderr, "characterise: np %d %s d=%ld done\n", size, f, d);
			}
		}
	}
	free(functions);
	free(a);
	free(b);
	MPI_Finalize();
	return 0;
}
