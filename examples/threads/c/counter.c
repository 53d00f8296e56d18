/* A lock-contended counter: work outside the mutex, then more work inside it.
 * Usage: counter [threads] [iterations] [outside] [inside] */
#include <pthread.h>
#include "common.h"

static int threads, iterations, outside, inside;
static long counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static double spin(int units) {
	double x = 1;
	for (int i = 0; i < units; i++) x = x * 1.0000001 + 1e-9;
	return x;
}

static void *worker(void *p) {
	(void) p;
	for (int i = 0; i < iterations; i++) {
		sink += spin(outside);
		pthread_mutex_lock(&lock);
		counter++;
		sink += spin(inside);
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

int main(int argc, char **argv) {
	threads = arg(argc, argv, 1, 8);
	iterations = arg(argc, argv, 2, 2000);
	outside = arg(argc, argv, 3, 40000);
	inside = arg(argc, argv, 4, 10000);
	double start = now();
	pthread_t t[64];
	for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, worker, NULL);
	for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
	printf("counter %ld\nelapsed %.6f\n", counter, now() - start);
	return 0;
}
