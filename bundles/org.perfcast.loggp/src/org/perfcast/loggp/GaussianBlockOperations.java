package org.perfcast.loggp;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.perfcast.engine.EngineMonitor;

/**
 * The four basic operations of the blocked Gaussian elimination without pivoting (section 5.1 of the paper) on
 * b × b blocks of doubles, row-major, and a benchmark of them on this machine to fill a machine model's cost
 * tables:
 * <ul>
 * <li>Op1 = {B1^U, B2^U B3^-1, (B4^U)^-1}: the diagonal block triangularised in place (unit lower L, upper U)
 * and the inverses of L and U that the row and column operations use;</li>
 * <li>Op2 = {B1 B2, B3 = 0}: a block of the pivot row multiplied by L^-1, the eliminated block set to 0;</li>
 * <li>Op3 = {B1 B2}: a block of the pivot column multiplied by U^-1;</li>
 * <li>Op4 = {B1 − B2 B3}: a trailing block updated by the product of its row and column blocks.</li>
 * </ul>
 */
public final class GaussianBlockOperations {

	/** The block sizes of the paper's study. */
	public static final List<Integer> PAPER_SIZES = List.of(10, 12, 16, 20, 24, 30, 40, 48, 60, 64, 80, 96, 120, 160);

	/** The operations' names, as the machine model's basic operations are called. */
	public static final List<String> OPERATIONS = List.of("Op1", "Op2", "Op3", "Op4");

	private GaussianBlockOperations() {
	}

	/** Op1: triangularises {@code a} in place (L below the diagonal, U on and above) and writes L^-1 and U^-1. */
	public static void op1(double[] a, double[] lInverse, double[] uInverse, int b) {
		for (int k = 0; k < b; k++) {
			double pivot = a[k * b + k];
			for (int i = k + 1; i < b; i++) {
				double f = a[i * b + k] / pivot;
				a[i * b + k] = f;
				for (int j = k + 1; j < b; j++) {
					a[i * b + j] -= f * a[k * b + j];
				}
			}
		}
		Arrays.fill(lInverse, 0);
		Arrays.fill(uInverse, 0);
		for (int c = 0; c < b; c++) {
			// column c of L^-1 by forward substitution (unit diagonal)
			lInverse[c * b + c] = 1;
			for (int i = c + 1; i < b; i++) {
				double sum = 0;
				for (int k = c; k < i; k++) {
					sum += a[i * b + k] * lInverse[k * b + c];
				}
				lInverse[i * b + c] = -sum;
			}
			// column c of U^-1 by back substitution
			for (int i = c; i >= 0; i--) {
				double sum = i == c ? 1 : 0;
				for (int k = i + 1; k <= c; k++) {
					sum -= a[i * b + k] * uInverse[k * b + c];
				}
				uInverse[i * b + c] = sum / a[i * b + i];
			}
		}
	}

	/** Op2: {@code out} = L^-1 · {@code block}, and {@code eliminated} set to 0. */
	public static void op2(double[] lInverse, double[] block, double[] out, double[] eliminated, int b) {
		multiply(lInverse, block, out, b);
		Arrays.fill(eliminated, 0);
	}

	/** Op3: {@code out} = {@code block} · U^-1. */
	public static void op3(double[] block, double[] uInverse, double[] out, int b) {
		multiply(block, uInverse, out, b);
	}

	/** Op4: {@code c} −= {@code a} · {@code bm}. */
	public static void op4(double[] c, double[] a, double[] bm, int b) {
		for (int i = 0; i < b; i++) {
			for (int k = 0; k < b; k++) {
				double f = a[i * b + k];
				for (int j = 0; j < b; j++) {
					c[i * b + j] -= f * bm[k * b + j];
				}
			}
		}
	}

	private static void multiply(double[] x, double[] y, double[] out, int b) {
		Arrays.fill(out, 0);
		for (int i = 0; i < b; i++) {
			for (int k = 0; k < b; k++) {
				double f = x[i * b + k];
				for (int j = 0; j < b; j++) {
					out[i * b + j] += f * y[k * b + j];
				}
			}
		}
	}

	/**
	 * The median time in µs of each operation at each block size on this machine, over repetitions of at least
	 * {@code minimumMillis} each: operation name to one time per size.
	 */
	public static Map<String, double[]> measure(List<Integer> sizes, double minimumMillis, EngineMonitor monitor) {
		Map<String, double[]> times = new LinkedHashMap<>();
		OPERATIONS.forEach(op -> times.put(op, new double[sizes.size()]));
		monitor.begin("Gaussian elimination block operations", sizes.size());
		// let the JIT compile every operation before the first size is timed
		int w = 24;
		double[] a = new double[w * w];
		double[] l = new double[w * w];
		double[] u = new double[w * w];
		double[] o = new double[w * w];
		for (int i = 0; i < w; i++) {
			a[i * w + i] = 1;
		}
		time(() -> {
			op1(a.clone(), l, u, w);
			op2(l, a, o, u.clone(), w);
			op3(a, u, o, w);
			op4(o, a, l, w);
		}, 4 * minimumMillis);
		for (int s = 0; s < sizes.size(); s++) {
			int b = sizes.get(s);
			SplittableRandom random = new SplittableRandom(b);
			double[] diagonal = new double[b * b];
			for (int i = 0; i < b * b; i++) {
				diagonal[i] = random.nextDouble();
			}
			for (int i = 0; i < b; i++) {
				diagonal[i * b + i] += b; // diagonally dominant: no pivoting needed
			}
			double[] work = diagonal.clone();
			double[] lInverse = new double[b * b];
			double[] uInverse = new double[b * b];
			double[] other = random.doubles(b * b).toArray();
			double[] out = new double[b * b];
			double[] zero = new double[b * b];
			times.get("Op1")[s] = time(() -> {
				System.arraycopy(diagonal, 0, work, 0, work.length);
				op1(work, lInverse, uInverse, b);
			}, minimumMillis);
			times.get("Op2")[s] = time(() -> op2(lInverse, other, out, zero, b), minimumMillis);
			times.get("Op3")[s] = time(() -> op3(other, uInverse, out, b), minimumMillis);
			times.get("Op4")[s] = time(() -> op4(out, other, lInverse, b), minimumMillis);
			monitor.worked(1);
			monitor.checkCancelled();
		}
		return times;
	}

	/** The median µs of one run of {@code operation}, over 5 samples of at least {@code millis} each. */
	private static double time(Runnable operation, double millis) {
		for (int i = 0; i < 3; i++) {
			operation.run();
		}
		double[] samples = new double[5];
		for (int s = 0; s < samples.length; s++) {
			long runs = 0;
			long start = System.nanoTime();
			long end = start + (long) (millis * 1e6);
			long now;
			do {
				operation.run();
				runs++;
				now = System.nanoTime();
			} while (now < end);
			samples[s] = (now - start) / 1e3 / runs;
		}
		Arrays.sort(samples);
		return samples[samples.length / 2];
	}
}
