package org.perfcast.revprof;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Weighted least squares for a few columns by the normal equations, on columns scaled to unit weighted norm
 * so that p²·d and 1 can share a system. Gives the coefficients, their standard errors
 * (σ² (XᵀWX)⁻¹ with σ² = χ² / (n − m)) and χ², the weighted residual sum of squares.
 */
final class LeastSquares {

	/**
	 * A solution.
	 *
	 * @param coefficients one per column
	 * @param errors       their standard errors (0 when n = m)
	 * @param rss          the weighted residual sum of squares, χ²
	 */
	record Solution(double[] coefficients, double[] errors, double rss) {
	}

	private LeastSquares() {
	}

	/**
	 * Fits {@code y ≈ Σ c_j x[j][i]}, point i weighing {@code w[i]}.
	 *
	 * @return the solution, or null when the columns are (nearly) dependent or there are fewer points than columns
	 */
	static @Nullable Solution fit(double[][] x, double[] y, double[] w) {
		int m = x.length;
		int n = y.length;
		if (n < m) {
			return null;
		}
		// scale each column to unit weighted norm, so that the normal matrix has a unit diagonal
		double[] scale = new double[m];
		for (int j = 0; j < m; j++) {
			for (int i = 0; i < n; i++) {
				scale[j] += w[i] * x[j][i] * x[j][i];
			}
			scale[j] = Math.sqrt(scale[j]);
			if (scale[j] == 0 || !Double.isFinite(scale[j])) {
				return null;
			}
		}
		double[][] a = new double[m][m];
		double[] b = new double[m];
		for (int i = 0; i < n; i++) {
			for (int j = 0; j < m; j++) {
				double xj = x[j][i] / scale[j];
				b[j] += w[i] * xj * y[i];
				for (int k = 0; k < m; k++) {
					a[j][k] += w[i] * xj * x[k][i] / scale[k];
				}
			}
		}
		double[][] inverse = invert(a);
		if (inverse == null) {
			return null;
		}
		double[] c = new double[m];
		for (int j = 0; j < m; j++) {
			for (int k = 0; k < m; k++) {
				c[j] += inverse[j][k] * b[k];
			}
		}
		double rss = 0;
		for (int i = 0; i < n; i++) {
			double fit = 0;
			for (int j = 0; j < m; j++) {
				fit += c[j] * x[j][i] / scale[j];
			}
			rss += w[i] * (y[i] - fit) * (y[i] - fit);
		}
		double sigma2 = n > m ? rss / (n - m) : 0;
		double[] errors = new double[m];
		for (int j = 0; j < m; j++) {
			errors[j] = Math.sqrt(Math.max(0, sigma2 * inverse[j][j])) / scale[j];
			c[j] /= scale[j];
		}
		return new Solution(c, errors, rss);
	}

	/** The inverse by Gauss–Jordan with partial pivoting, or null when singular. */
	private static double @Nullable [][] invert(double[][] matrix) {
		int m = matrix.length;
		double[][] a = new double[m][2 * m];
		double largest = 0;
		for (int i = 0; i < m; i++) {
			System.arraycopy(matrix[i], 0, a[i], 0, m);
			a[i][m + i] = 1;
			for (int j = 0; j < m; j++) {
				largest = Math.max(largest, Math.abs(matrix[i][j]));
			}
		}
		for (int col = 0; col < m; col++) {
			int pivot = col;
			for (int r = col + 1; r < m; r++) {
				if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) {
					pivot = r;
				}
			}
			if (Math.abs(a[pivot][col]) <= 1e-10 * largest) {
				return null;
			}
			double[] swap = a[col];
			a[col] = a[pivot];
			a[pivot] = swap;
			double div = a[col][col];
			for (int j = 0; j < 2 * m; j++) {
				a[col][j] /= div;
			}
			for (int r = 0; r < m; r++) {
				if (r != col && a[r][col] != 0) {
					double f = a[r][col];
					for (int j = 0; j < 2 * m; j++) {
						a[r][j] -= f * a[col][j];
					}
				}
			}
		}
		double[][] inverse = new double[m][m];
		for (int i = 0; i < m; i++) {
			System.arraycopy(a[i], m, inverse[i], 0, m);
		}
		return inverse;
	}
}
