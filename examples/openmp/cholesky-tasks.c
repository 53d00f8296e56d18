/* A blocked Cholesky factorisation A = L L^T of a symmetric positive definite matrix of NT x NT tiles of
 * TS x TS doubles, as OpenMP tasks with depend clauses: one thread of the team creates, for each step k,
 * the factorisation of the diagonal tile (potrf, inout), the solves of the tiles below it (trsm, in the
 * diagonal tile, inout the tile), and the updates of the trailing tiles (syrk and gemm, in the solved
 * tiles, inout the updated one); the other threads run the tasks as their dependences allow, and the
 * creating thread waits for all of them at a taskwait. The tasks' graph narrows at the end of the
 * factorisation, so the speed-up on many processors is less than the team's size.
 * Usage: cholesky-tasks [SIZE]   (SIZE: NT, the tiles per side, default 28, of 120 x 120; about 3 s on one
 * processor) */
#include <math.h>
#include "kernels.h"

#define TS 120

typedef struct {
	double m[TS][TS];
} tile;

/* The diagonal tile's own Cholesky factor, in its lower triangle. */
static void potrf(double a[TS][TS]) {
	for (int j = 0; j < TS; j++) {
		double d = a[j][j];
		for (int k = 0; k < j; k++) d -= a[j][k] * a[j][k];
		d = sqrt(d);
		a[j][j] = d;
		for (int i = j + 1; i < TS; i++) {
			double s = a[i][j];
			for (int k = 0; k < j; k++) s -= a[i][k] * a[j][k];
			a[i][j] = s / d;
		}
	}
}

/* b = b L^-T, L the lower triangle of l. */
static void trsm(double l[TS][TS], double b[TS][TS]) {
	for (int i = 0; i < TS; i++)
		for (int j = 0; j < TS; j++) {
			double s = b[i][j];
			for (int k = 0; k < j; k++) s -= b[i][k] * l[j][k];
			b[i][j] = s / l[j][j];
		}
}

/* c -= a b^T (syrk when a and b are the same tile). */
static void gemm(double a[TS][TS], double b[TS][TS], double c[TS][TS]) {
	for (int i = 0; i < TS; i++)
		for (int j = 0; j < TS; j++) {
			double s = 0;
			for (int k = 0; k < TS; k++) s += a[i][k] * b[j][k];
			c[i][j] -= s;
		}
}

int main(int argc, char **argv) {
	long nt = size_arg(argc, argv, 28, "the tiles per side");
	long n = nt * TS;
	/* the lower triangle's tiles; A(i, j) = 1 / (1 + |i - j|), and n + 1 on the diagonal: diagonally dominant */
	tile ***a = calloc(nt, sizeof *a);
	if (a == NULL) return 1;
	for (long i = 0; i < nt; i++) {
		a[i] = calloc(i + 1, sizeof **a);
		if (a[i] == NULL) return 1;
		for (long j = 0; j <= i; j++) {
			a[i][j] = malloc(sizeof(tile));
			if (a[i][j] == NULL) return 1;
			for (int r = 0; r < TS; r++)
				for (int c = 0; c < TS; c++) {
					long gi = i * TS + r, gj = j * TS + c;
					a[i][j]->m[r][c] = gi == gj ? n + 1.0 : 1.0 / (1 + labs(gi - gj));
				}
		}
	}
#pragma omp parallel
#pragma omp single
	{
		for (long k = 0; k < nt; k++) {
#pragma omp task depend(inout: *a[k][k])
			potrf(a[k][k]->m);
			for (long i = k + 1; i < nt; i++) {
#pragma omp task depend(in: *a[k][k]) depend(inout: *a[i][k])
				trsm(a[k][k]->m, a[i][k]->m);
			}
			for (long i = k + 1; i < nt; i++) {
				for (long j = k + 1; j < i; j++) {
#pragma omp task depend(in: *a[i][k], *a[j][k]) depend(inout: *a[i][j])
					gemm(a[i][k]->m, a[j][k]->m, a[i][j]->m);
				}
#pragma omp task depend(in: *a[i][k]) depend(inout: *a[i][i])
				gemm(a[i][k]->m, a[i][k]->m, a[i][i]->m); /* syrk */
			}
		}
#pragma omp taskwait
	}
	/* the checksum: the sum of L's elements (the upper triangles of the diagonal tiles are not L's) */
	double sum = 0;
	for (long i = 0; i < nt; i++)
		for (long j = 0; j <= i; j++) {
			for (int r = 0; r < TS; r++)
				for (int c = 0; c < (i == j ? r + 1 : TS); c++) sum += a[i][j]->m[r][c];
			free(a[i][j]);
		}
	printf("cholesky-tasks %ld x %ld tiles of %d: checksum %.10e\n", nt, nt, TS, sum);
	return 0;
}
