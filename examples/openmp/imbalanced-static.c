/* An imbalanced parallel for with the static schedule: iteration i costs about i units of work, and
 * schedule(static) gives each of the team's threads one contiguous block, so the last thread gets the
 * heaviest block (15/64 of the work with 8 threads): however many processors, the loop cannot end before
 * that thread does, and its speed-up stops near 4.3 with a team of 8. The loop runs REPEAT times, a
 * parallel region each. Compare imbalanced-dynamic.c, the same loop scheduled dynamically.
 * Usage: imbalanced-static [SIZE]   (SIZE: the loop's iterations, default 3000; about 3 s on one processor) */
#include "kernels.h"

#define REPEAT 4
#define UNIT 60 /* rounds of mix per unit of cost */

int main(int argc, char **argv) {
	long n = size_arg(argc, argv, 3000, "the loop's iterations");
	uint64_t *out = calloc(n, sizeof *out);
	if (out == NULL) return 1;
	for (int r = 0; r < REPEAT; r++) {
#pragma omp parallel for schedule(static)
		for (long i = 0; i < n; i++) out[i] += mix(i + r, UNIT * (i + 1));
	}
	uint64_t sum = 0;
	for (long i = 0; i < n; i++) sum += out[i];
	printf("imbalanced-static %ld iterations: checksum %016llx\n", n, (unsigned long long) sum);
	free(out);
	return 0;
}
