/* A hot critical section: each iteration of a parallel for does 7 units of work on its own and then 3
 * inside #pragma omp critical, so 30 % of the work is serialised. With a team of 8 the speed-up cannot
 * pass 1 / 0.3 = 3.3 however many processors there are, and it nears that bound from 4 processors on.
 * Usage: critical [SIZE]   (SIZE: the loop's iterations, default 30000; about 3 s on one processor) */
#include "kernels.h"

#define OUTSIDE 23000 /* rounds of mix outside the critical section */
#define INSIDE 10000  /* and inside it: 30 % of the iteration */

uint64_t salt = 1; /* read inside the critical section: the work there cannot move out of it */

int main(int argc, char **argv) {
	long n = size_arg(argc, argv, 30000, "the loop's iterations");
	uint64_t total = 0;
	long entries = 0;
#pragma omp parallel for schedule(static)
	for (long i = 0; i < n; i++) {
		uint64_t x = mix(i, OUTSIDE);
#pragma omp critical
		{
			total += mix(x ^ salt, INSIDE); /* a sum: the same whatever order the threads enter in */
			entries++;
		}
	}
	printf("critical %ld iterations, %ld entries: checksum %016llx\n", n, entries, (unsigned long long) total);
	return 0;
}
