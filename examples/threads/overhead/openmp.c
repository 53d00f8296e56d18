/* OpenMP's recorded events at their cheapest: critical sections entered by a team of one thread (two events each:
   lock, unlock) and barriers of a team of two (four events each: a post and a take per thread). Usage:
   openmp critical|barrier [count] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
	int barriers = argc > 1 && strcmp(argv[1], "barrier") == 0;
	long count = argc > 2 ? atol(argv[2]) : 1000000;
	static volatile long n;
	double start = omp_get_wtime();
	if (barriers) {
		#pragma omp parallel num_threads(2)
		for (long i = 0; i < count; i++) {
			#pragma omp barrier
		}
	} else {
		#pragma omp parallel num_threads(1)
		for (long i = 0; i < count; i++) {
			#pragma omp critical
			n++;
		}
	}
	printf("elapsed %.6f\n", omp_get_wtime() - start);
	return 0;
}
