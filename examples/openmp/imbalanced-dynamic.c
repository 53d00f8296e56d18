/* An imbalanced parallel for with the dynamic schedule: the loop of imbalanced-static.c (iteration i costs
 * about i units of work), but schedule(dynamic, 4) hands out chunks of 4 iterations to whichever thread
 * asks next, so the work balances and the loop scales with the processors up to the team's size. The loop
 * runs REPEAT times, a parallel region each.
 * Usage: imbalanced-dynamic [SIZE]   (SIZE: the loop's iterations, default 3000; about 3 s on one processor) */
#include "kernels.h"

#define REPEAT 4
#define UNIT 60 /* rounds of mix per unit of cost */

int main(int argc, char **argv) {
	long n = size_arg(argc, argv, 3000, "the loop's iterations");
	uint64_t *out = calloc(n, sizeof *out);
	if (out == NULL) return 1;
	for (int r = 0; r < REPEAT; r++) {
#pragma omp parallel for schedule(dynamic, 4)
		for (long i = 0; i < n; i++) out[i] += mix(i + r, UNIT * (i + 1));
	}
	uint64_t sum = 0;
	for (long i = 0; i < n; i++) sum += out[i];
	printf("imbalanced-dynamic %ld iterations: checksum %016llx\n", n, (unsigned long long) sum);
	free(out);
	return 0;
}
