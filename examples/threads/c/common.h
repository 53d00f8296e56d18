/* Shared by the example programs: a clock and a unit of work. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static volatile double sink;

/* About units thousand square roots. */
static double work(int units) {
	double x = 0;
	for (long i = 0; i < units * 1000L; i++) x += sqrt(i + fmod(x, 7));
	return x;
}

static int arg(int argc, char **argv, int i, int fallback) {
	return argc > i ? atoi(argv[i]) : fallback;
}
