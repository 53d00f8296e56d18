/* Divide and conquer: the sum of f(i) over a range, halved into a new thread down to a threshold.
 * Usage: forkjoin [n] [threshold] */
#include <pthread.h>
#include "common.h"

struct range { long from, to, threshold; double sum; };

static void *sum(void *p) {
	struct range *r = p;
	if (r->to - r->from <= r->threshold) {
		double s = 0;
		for (long i = r->from; i < r->to; i++) s += sin((double) i) * sqrt((double) i);
		r->sum = s;
		return NULL;
	}
	long middle = (r->from + r->to) / 2;
	struct range left = { r->from, middle, r->threshold, 0 }, right = { middle, r->to, r->threshold, 0 };
	pthread_t t;
	pthread_create(&t, NULL, sum, &left);
	sum(&right);
	pthread_join(t, NULL);
	r->sum = left.sum + right.sum;
	return NULL;
}

int main(int argc, char **argv) {
	struct range all = { 0, arg(argc, argv, 1, 64000000), arg(argc, argv, 2, 2000000), 0 };
	double start = now();
	sum(&all);
	printf("sum %.3f\nelapsed %.6f\n", all.sum, now() - start);
	return 0;
}
