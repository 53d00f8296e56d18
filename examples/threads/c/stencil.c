/* A one-dimensional Jacobi stencil: strips per thread, a barrier after each iteration.
 * Usage: stencil [n] [iterations] [threads] */
#include <pthread.h>
#include "common.h"

static int n, iterations, threads;
static double *grid[2];
static pthread_barrier_t barrier;

static void *worker(void *p) {
	int me = (int) (long) p;
	int from = 1 + (long) me * n / threads, to = 1 + (long) (me + 1) * n / threads;
	for (int it = 0; it < iterations; it++) {
		double *old = grid[it % 2], *next = grid[(it + 1) % 2];
		for (int i = from; i < to; i++) next[i] = (old[i - 1] + old[i] + old[i + 1]) / 3;
		pthread_barrier_wait(&barrier);
	}
	return NULL;
}

int main(int argc, char **argv) {
	n = arg(argc, argv, 1, 400000);
	iterations = arg(argc, argv, 2, 1000);
	threads = arg(argc, argv, 3, 8);
	grid[0] = calloc(n + 2, sizeof(double));
	grid[1] = calloc(n + 2, sizeof(double));
	grid[0][0] = grid[1][0] = 1;
	pthread_barrier_init(&barrier, NULL, threads);
	double start = now();
	pthread_t t[64];
	for (long i = 0; i < threads; i++) pthread_create(&t[i], NULL, worker, (void *) i);
	for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
	printf("edge %.6f\nelapsed %.6f\n", grid[iterations % 2][1], now() - start);
	return 0;
}
