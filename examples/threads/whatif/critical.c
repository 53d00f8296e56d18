/* critical.c: T threads, each N times doing OUT units of work outside lock m and IN units inside it: the
 * critical section to make faster. Usage: critical [-t T] [-n N] [-o OUT] [-i IN]; prints 'elapsed S'. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static long iterations = 2000, outside = 20000, inside = 20000;
static volatile double sink;

/* units of work on x, written where it is used: a profiler that names source lines (Coz) tells them apart */
#define WORK(units, x) for (long k_ = 0; k_ < (units); k_++) (x) = (x) * 1.0000001 + 0.5
#ifdef PERFCAST_COZ /* cc -DPERFCAST_COZ: a progress point per item, for coz run (Debian's coz-profiler) */
#include <coz.h>
#define PROGRESS COZ_PROGRESS
#else
#define PROGRESS
#endif

static void *worker(void *arg) {
	double x = (double) (long) arg;
	for (long n = 0; n < iterations; n++) {
		WORK(outside, x);
		pthread_mutex_lock(&m);
		double y = sink;
		WORK(inside, y);
		sink = y;
		pthread_mutex_unlock(&m);
		PROGRESS;
	}
	return (void *) (long) (x > 0);
}

int main(int argc, char **argv) {
	int threads = 2, c;
	while ((c = getopt(argc, argv, "t:n:o:i:")) != -1) {
		switch (c) {
		case 't': threads = atoi(optarg); break;
		case 'n': iterations = atol(optarg); break;
		case 'o': outside = atol(optarg); break;
		case 'i': inside = atol(optarg); break;
		default: fprintf(stderr, "usage: critical [-t T] [-n N] [-o OUT] [-i IN]\n"); return 2;
		}
	}
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	pthread_t t[256];
	for (int i = 0; i < threads && i < 256; i++) pthread_create(&t[i], NULL, worker, (void *) (long) (i + 1));
	for (int i = 0; i < threads && i < 256; i++) pthread_join(t[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("elapsed %.6f\n", (double) (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
