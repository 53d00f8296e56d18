/* A reduction over a parallel for: reduction(+: count, sum) gives each thread of the team its own
 * partial count and sum, which the runtime adds together at the loop's end. Iterations cost the same, the
 * schedule is static, so the loop scales with the processors up to the team's size. The loop runs REPEAT
 * times, a parallel region each.
 * Usage: reduction [SIZE]   (SIZE: the loop's iterations, default 200000; about 3 s on one processor) */
#include "kernels.h"

#define REPEAT 10
#define COST 500 /* rounds of mix per iteration */

int main(int argc, char **argv) {
	long n = size_arg(argc, argv, 200000, "the loop's iterations");
	uint64_t count = 0;
	double sum = 0;
	for (int r = 0; r < REPEAT; r++) {
#pragma omp parallel for schedule(static) reduction(+: count, sum)
		for (long i = 0; i < n; i++) {
			uint64_t x = mix(i * REPEAT + r, COST);
			count += x >> 40;
			sum += (x >> 11) * 0x1.0p-53; /* in [0, 1) */
		}
	}
	/* count is exact whatever the order of the additions; sum may differ in its last digits */
	printf("reduction %ld iterations: checksum %016llx, mean %.6f\n", n, (unsigned long long) count,
			sum / (n * (double) REPEAT));
	return 0;
}
