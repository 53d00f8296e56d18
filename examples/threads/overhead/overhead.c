/* Uncontended mutex lock/unlock pairs in one thread: two recorded events each. Usage: overhead [pairs] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
	long pairs = argc > 1 ? atol(argv[1]) : 1000000;
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	static volatile long count;
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (long i = 0; i < pairs; i++) {
		pthread_mutex_lock(&m);
		count++;
		pthread_mutex_unlock(&m);
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("elapsed %.6f\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
