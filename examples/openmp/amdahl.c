/* Amdahl's law: PHASES times a serial phase on the initial thread (a quarter of the work), then a
 * parallel region whose parallel for shares the other three quarters evenly among the team. With 25 %
 * serial the speed-up is at most 1 / (0.25 + 0.75 / P): 1.6 on 2 processors, 2.3 on 4, 2.9 on 8.
 * Usage: amdahl [SIZE]   (SIZE: the work of one phase in thousands of rounds, default 50000: about 3 s on one
 * processor) */
#include "kernels.h"

#define PHASES 20
#define CHUNKS 96 /* the parallel phase's iterations: a multiple of 8, so a team of 8 shares them evenly */

int main(int argc, char **argv) {
	long size = size_arg(argc, argv, 50000, "the work of one phase, in thousands of rounds");
	long serial = size * 1000 / 4;                  /* 25 % */
	long chunk = (size * 1000 - serial) / CHUNKS;  /* 75 %, in CHUNKS iterations */
	uint64_t state = 1, parts[CHUNKS] = {0};
	for (int p = 0; p < PHASES; p++) {
		state = mix(state, serial); /* serial: each phase needs the previous one's result */
#pragma omp parallel for schedule(static)
		for (int c = 0; c < CHUNKS; c++) parts[c] = mix(state + c, chunk);
		for (int c = 0; c < CHUNKS; c++) state ^= parts[c];
	}
	printf("amdahl %d phases of %ld thousand rounds: checksum %016llx\n", PHASES, size, (unsigned long long) state);
	return 0;
}
