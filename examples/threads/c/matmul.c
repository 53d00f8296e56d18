/* Blocked matrix multiply C = A B: block rows dealt to the threads, joined by main.
 * Usage: matmul [n] [threads] [block] */
#include <pthread.h>
#include "common.h"

static int n, threads, b;
static double *a, *bm, *c;

static void *worker(void *p) {
	int me = (int) (long) p;
	for (int ib = me * b; ib < n; ib += threads * b)
		for (int kb = 0; kb < n; kb += b)
			for (int jb = 0; jb < n; jb += b)
				for (int i = ib; i < ib + b && i < n; i++)
					for (int k = kb; k < kb + b && k < n; k++) {
						double aik = a[i * n + k];
						for (int j = jb; j < jb + b && j < n; j++) c[i * n + j] += aik * bm[k * n + j];
					}
	return NULL;
}

int main(int argc, char **argv) {
	n = arg(argc, argv, 1, 1024);
	threads = arg(argc, argv, 2, 8);
	b = arg(argc, argv, 3, 32);
	a = malloc(sizeof(double) * n * n);
	bm = malloc(sizeof(double) * n * n);
	c = calloc((size_t) n * n, sizeof(double));
	for (int i = 0; i < n * n; i++) {
		a[i] = (i % 7) * 0.5;
		bm[i] = (i % 5) * 0.25;
	}
	double start = now();
	pthread_t t[64];
	for (long i = 0; i < threads; i++) pthread_create(&t[i], NULL, worker, (void *) i);
	for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
	double sum = 0;
	for (int i = 0; i < n * n; i++) sum += c[i];
	printf("checksum %.1f\nelapsed %.6f\n", sum, now() - start);
	return 0;
}
