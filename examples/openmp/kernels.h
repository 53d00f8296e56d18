/* Shared by the OpenMP kernels: the size argument, a unit of work and the checksum line.
 * The work is pure arithmetic on registers (no memory traffic, no timing, no sleeping), so that
 * a kernel's time is its processor time and the same on every run. */
#ifndef KERNELS_H
#define KERNELS_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* argv[1] as a positive number (the problem's size), else the default; anything else is an error. */
static long size_arg(int argc, char **argv, long fallback, const char *what) {
	if (argc < 2) return fallback;
	char *end;
	errno = 0;
	long n = strtol(argv[1], &end, 10);
	if (errno != 0 || *end != '\0' || end == argv[1] || n < 1 || argc > 2) {
		fprintf(stderr, "usage: %s [SIZE]   (SIZE: %s, a positive number; default %ld)\n", argv[0], what, fallback);
		exit(2);
	}
	return n;
}

/* rounds rounds of xorshift64* from x: about 2 ns a round, dependent, so never vectorised or skipped. */
static inline uint64_t mix(uint64_t x, long rounds) {
	x += 0x9E3779B97F4A7C15ULL; /* never the fixed point 0 */
	for (long r = 0; r < rounds; r++) {
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		x *= 0x2545F4914F6CDD1DULL;
	}
	return x;
}

#endif
