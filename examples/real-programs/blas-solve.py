"""Multiplies and solves dense matrices with NumPy on OpenBLAS's threads (Debian's python3-numpy over
libopenblas0-pthread): the main thread builds the matrices (serial), then A @ B (dgemm) and solve(A, C) (LU,
dgetrf/dgetrs) run on OpenBLAS's own pthreads pool, OPENBLAS_NUM_THREADS of them (else one per processor
this process may run on).
    OPENBLAS_NUM_THREADS=2 /usr/bin/python3 blas-solve.py [N]    (matrices of N x N, default 2000)"""
import sys

import numpy as np

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
rng = np.random.default_rng(1)
a = rng.random((n, n)) + n * np.eye(n)
b = rng.random((n, n))
c = a @ b
x = np.linalg.solve(a, c)
print(f"blas-solve: n={n}, |x - b| = {np.abs(x - b).max():.3e}, trace(c) = {np.trace(c):.6e}")
