package org.perfcast.record.tests;

import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Assumptions;

/**
 * Whether real runs on this machine can be compared with predictions: two threads that share nothing
 * ({@code programs/native-sync/parallel_control.c}) must run at least {@link #SPEEDUP} times as fast on two processors
 * as on one. On a machine that other work loads they do not, and a test that compares real runs is aborted (reported
 * as skipped, with the speed-up measured) rather than failed or passed on numbers that mean nothing.
 */
final class QuietMachine {

	/** The control program's speed-up on two processors below which the machine is too busy to measure. */
	static final double SPEEDUP = 1.8;

	private QuietMachine() {
	}

	/** The control program's speed-up now; aborts the test when it is below {@link #SPEEDUP}. */
	static double require(Path dir) throws Exception {
		double speedup = NativeSynchronisationTest.realSpeedup(NativeSynchronisationTest.build(dir, "parallel_control"),
				3);
		Assumptions.assumeTrue(speedup >= SPEEDUP, () -> String.format(Locale.ROOT, "this machine is busy: two threads "
				+ "that share nothing run only %.2f times as fast on 2 processors as on 1, so real runs cannot be "
				+ "compared with predictions (needs %.1f)", speedup, SPEEDUP));
		return speedup;
	}
}
