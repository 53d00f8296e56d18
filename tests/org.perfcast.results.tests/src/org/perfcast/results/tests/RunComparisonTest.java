package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.model.results.Run;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunRecorder;

class RunComparisonTest {

	@TempDir
	Path dir;

	@Test
	void testRerunOfTheSameInputsIsUnchanged() throws IOException {
		Run a = RunRecorder.record(Runs.square(dir, List.of("P=1..3"), List.of()));
		Run b = RunRecorder.record(Runs.square(dir, List.of("P=1..3"), List.of()));
		assertTrue(RunComparison.sameInputs(a, b));
		RunComparison comparison = RunComparison.compare(a, b);
		assertEquals(List.of(), comparison.changes());
		assertEquals(9, comparison.unchanged());
		assertEquals(List.of(), comparison.unmatched());
	}

	@Test
	void testChangedValuesWithDeltaAndRelativeChange() throws IOException {
		Run before = RunRecorder.record(Runs.square(dir, List.of("P=1..3"), List.of()));
		Run after = RunRecorder.record(Runs.square(dir, List.of("P=2..4"), List.of()));
		after.getPoints().get(0).getValues().get(0).setValue(2000);
		assertFalse(RunComparison.sameInputs(before, after));
		RunComparison comparison = RunComparison.compare(before, after);
		assertEquals(1, comparison.changes().size());
		RunComparison.ValueChange change = comparison.changes().get(0);
		assertEquals("N=60, P=2", change.point());
		assertEquals(200, change.delta());
		assertEquals(200.0 / 1800, change.relative(), 1e-12);
		assertEquals("T at N=60, P=2: 1.8 kcycles -> 2 kcycles (+11.1%)", change.toString());
		assertEquals(List.of("N=60, P=4: only in the later run", "N=60, P=1: only in the earlier run"),
				comparison.unmatched());
	}
}
