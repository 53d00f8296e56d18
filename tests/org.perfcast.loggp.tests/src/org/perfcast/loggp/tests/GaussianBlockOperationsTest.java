package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.loggp.GaussianBlockOperations;

/** The block operations compute what the elimination needs, and the benchmark times every one. */
class GaussianBlockOperationsTest {

	private static double[] product(double[] x, double[] y, int b) {
		double[] out = new double[b * b];
		for (int i = 0; i < b; i++) {
			for (int k = 0; k < b; k++) {
				for (int j = 0; j < b; j++) {
					out[i * b + j] += x[i * b + k] * y[k * b + j];
				}
			}
		}
		return out;
	}

	@Test
	void testOp1FactorsAndInverts() {
		int b = 12;
		SplittableRandom random = new SplittableRandom(3);
		double[] a = random.doubles(b * b).toArray();
		for (int i = 0; i < b; i++) {
			a[i * b + i] += b;
		}
		double[] original = a.clone();
		double[] lInverse = new double[b * b];
		double[] uInverse = new double[b * b];
		GaussianBlockOperations.op1(a, lInverse, uInverse, b);
		double[] l = new double[b * b];
		double[] u = new double[b * b];
		for (int i = 0; i < b; i++) {
			for (int j = 0; j < b; j++) {
				if (i > j) {
					l[i * b + j] = a[i * b + j];
				} else {
					u[i * b + j] = a[i * b + j];
				}
			}
			l[i * b + i] = 1;
		}
		double[] lu = product(l, u, b);
		double[] li = product(lInverse, l, b);
		double[] ui = product(u, uInverse, b);
		for (int i = 0; i < b * b; i++) {
			assertEquals(original[i], lu[i], 1e-9, "L U = A");
			assertEquals(i / b == i % b ? 1 : 0, li[i], 1e-9, "L^-1 L = I");
			assertEquals(i / b == i % b ? 1 : 0, ui[i], 1e-9, "U U^-1 = I");
		}
		double[] block = new SplittableRandom(4).doubles(b * b).toArray();
		double[] out = new double[b * b];
		double[] eliminated = block.clone();
		GaussianBlockOperations.op2(lInverse, block, out, eliminated, b);
		double[] expected = product(lInverse, block, b);
		for (int i = 0; i < b * b; i++) {
			assertEquals(expected[i], out[i], 1e-12);
			assertEquals(0, eliminated[i]);
		}
		double[] c = block.clone();
		GaussianBlockOperations.op4(c, lInverse, uInverse, b);
		double[] lu2 = product(lInverse, uInverse, b);
		for (int i = 0; i < b * b; i++) {
			assertEquals(block[i] - lu2[i], c[i], 1e-9, "Op4 = B1 - B2 B3");
		}
	}

	@Test
	void testMeasureTimesEveryOperationAtEverySize() {
		Map<String, double[]> times = GaussianBlockOperations.measure(List.of(8, 32), 1, EngineMonitor.NULL);
		assertEquals(GaussianBlockOperations.OPERATIONS, List.copyOf(times.keySet()));
		for (double[] t : times.values()) {
			assertEquals(2, t.length);
			assertTrue(t[0] > 0 && t[1] > t[0], "a larger block takes longer: " + t[0] + " " + t[1]);
		}
	}
}
