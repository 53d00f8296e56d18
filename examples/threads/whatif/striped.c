/* striped.c: T threads adding N keyed items to a table under K locks (a key's lock is its hash modulo K): one
 * lock to split. Each item costs OUT units of work to make and IN to add. Usage: striped [-t T] [-n N] [-k K]
 * [-o OUT] [-i IN]; prints 'elapsed S'. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define MAX_LOCKS 64
static pthread_mutex_t locks[MAX_LOCKS];
static double table[MAX_LOCKS];
static long iterations = 2000, outside = 10000, inside = 30000;
static int stripes = 1;

/* units of work on x, written where it is used: a profiler that names source lines (Coz) tells them apart */
#define WORK(units, x) for (long k_ = 0; k_ < (units); k_++) (x) = (x) * 1.0000001 + 0.5
#ifdef PERFCAST_COZ /* cc -DPERFCAST_COZ: a progress point per item, for coz run (Debian's coz-profiler) */
#include <coz.h>
#define PROGRESS COZ_PROGRESS
#else
#define PROGRESS
#endif

static void *worker(void *arg) {
	uint64_t key = (uint64_t) (long) arg * 0x9E3779B97F4A7C15ULL;
	double x = 1;
	for (long n = 0; n < iterations; n++) {
		WORK(outside, x);
		key = key * 6364136223846793005ULL + 1442695040888963407ULL; /* the next key */
		int s = (int) ((key >> 33) % (uint64_t) stripes);
		pthread_mutex_lock(&locks[s]);
		double y = table[s];
		WORK(inside, y);
		table[s] = y;
		pthread_mutex_unlock(&locks[s]);
		PROGRESS;
	}
	return (void *) (long) (x > 0);
}

int main(int argc, char **argv) {
	int threads = 2, c;
	while ((c = getopt(argc, argv, "t:n:k:o:i:")) != -1) {
		switch (c) {
		case 't': threads = atoi(optarg); break;
		case 'n': iterations = atol(optarg); break;
		case 'k': stripes = atoi(optarg); break;
		case 'o': outside = atol(optarg); break;
		case 'i': inside = atol(optarg); break;
		default: fprintf(stderr, "usage: striped [-t T] [-n N] [-k K] [-o OUT] [-i IN]\n"); return 2;
		}
	}
	if (stripes < 1 || stripes > MAX_LOCKS) stripes = 1;
	for (int i = 0; i < MAX_LOCKS; i++) pthread_mutex_init(&locks[i], NULL);
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	pthread_t t[256];
	for (int i = 0; i < threads && i < 256; i++) pthread_create(&t[i], NULL, worker, (void *) (long) (i + 1));
	for (int i = 0; i < threads && i < 256; i++) pthread_join(t[i], NULL);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("elapsed %.6f\n", (double) (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
