package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.RunOverlay;
import org.perfcast.results.io.RunRecorder;

class RunOverlayTest {

	@TempDir
	Path dir;

	private Run run(String sweep) throws IOException {
		return RunRecorder.record(Runs.square(dir, List.of(sweep), List.of()));
	}

	@Test
	void testEveryValueOfTwoRunsOverTheSameParameterOnOneChart() throws IOException {
		Run first = run("P=4,1,2");
		Run second = run("P=2..5");
		List<RunOverlay> overlays = RunOverlay.of(List.of(first, second));
		assertEquals(List.of("T", "work", "P"), overlays.stream().map(RunOverlay::value).toList());
		RunOverlay t = overlays.get(0);
		assertEquals("P", t.parameter());
		assertEquals("T (cycles) over P of m, run by run", t.title());
		assertEquals(List.of("square on m.square", "square on m.square (2)"), t.curves().stream()
				.map(RunOverlay.Curve::label).toList(), "labels stay unique");
		assertArrayEquals(new double[] { 1, 2, 4 }, t.curves().get(0).x(), "sorted by the parameter");
		assertArrayEquals(new double[] { 2, 3, 4, 5 }, t.curves().get(1).x());
		RunOverlay p = overlays.get(2);
		assertArrayEquals(p.curves().get(1).x(), p.curves().get(1).y(), "P against P is the diagonal");
		assertEquals("work (ops)", overlays.get(1).valueWithUnit());
	}

	@Test
	void testProgramsAndUnitsStayApart() throws IOException {
		Run first = run("P=1..3");
		Run other = run("P=1..3");
		other.getInputFiles().set(0, "elsewhere/n.square");
		Run seconds = run("P=1..3");
		seconds.getPoints().forEach(p -> p.getValues().forEach(v -> v.setUnit("s")));
		List<RunOverlay> overlays = RunOverlay.of(List.of(first, other, seconds));
		assertEquals(List.of(), overlays, "three runs, but no two of one program in one unit");
		overlays = RunOverlay.of(List.of(first, other, seconds, run("P=2,3")));
		assertEquals(List.of("m"), overlays.stream().map(RunOverlay::program).distinct().toList());
		assertEquals(2, overlays.get(0).curves().size());
	}

	@Test
	void testOnlyCompletedPointsAreDrawn() throws IOException {
		Run first = run("P=1..3");
		first.getPoints().get(1).setStatus(RunStatus.FAILED);
		RunOverlay t = RunOverlay.of(List.of(first, run("P=1..3"))).get(0);
		assertArrayEquals(new double[] { 1, 3 }, t.curves().get(0).x());
		assertEquals(3, t.curves().get(1).x().length);
	}

	@Test
	void testRunsOverOtherParametersOrWithoutOneSweepStayApart() throws IOException {
		Run overP = run("P=1..3");
		Run overN = run("N=10,20");
		assertEquals(List.of(), RunOverlay.of(List.of(overP)), "one run is no comparison");
		assertEquals(List.of(), RunOverlay.of(List.of(overP, overN)), "different axes");
		Run twoSweeps = RunRecorder.record(Runs.square(dir, List.of("P=1..2", "N=10,20"), List.of()));
		Run noSweep = RunRecorder.record(Runs.square(dir, List.of(), List.of()));
		assertEquals(List.of(), RunOverlay.of(List.of(overP, twoSweeps, noSweep)));
		List<RunOverlay> three = RunOverlay.of(List.of(overP, overN, run("P=2,3"), run("N=5")));
		assertEquals(List.of("P", "P", "P", "N", "N", "N"), three.stream().map(RunOverlay::parameter).toList());
		assertEquals(2, three.get(0).curves().size());
	}
}
