package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.Severity;
import org.perfcast.results.io.ResultsFiles;
import org.perfcast.results.io.RunRecorder;

class ResultsFilesTest {

	@TempDir
	Path dir;

	@Test
	void testRecordedRunHoldsEverything() throws IOException {
		RunOutcome outcome = Runs.square(dir, List.of("P=1..4"), List.of("failAt=3"));
		Run run = RunRecorder.record(outcome);
		assertEquals("square", run.getEngineId());
		assertEquals("1.0", run.getEngineVersion());
		assertEquals(List.of("m.square"), run.getInputFiles());
		assertEquals(List.of("P=1..4"), run.getSweeps());
		assertEquals("failAt", run.getOptions().get(1).getName());
		assertEquals(RunStatus.FAILED, run.getStatus());
		assertEquals(4, run.getPointCount());
		RunPoint p2 = run.getPoints().get(1);
		assertEquals(1800.0, p2.getValues().get(0).getValue());
		assertEquals("cycles", p2.getValues().get(0).getUnit());
		assertEquals(List.of(0.0, 1.0), p2.getSeries().get(0).getX());
		assertEquals(2, p2.getSchedules().get(0).getTimelines().size());
		assertEquals(IntervalKind.COMPUTE, p2.getSchedules().get(0).getTimelines().get(0).getIntervals().get(0).getKind());
		assertEquals("//@steps.0",
				p2.getSchedules().get(0).getTimelines().get(0).getIntervals().get(0).getSource().getUriFragment());
		assertEquals(5, p2.getSchedules().get(0).getTimelines().get(1).getIntervals().get(2).getSource().getLine());
		assertEquals(2, p2.getSchedules().get(0).getMessages().size());
		RunPoint p3 = run.getPoints().get(2);
		assertEquals(RunStatus.FAILED, p3.getStatus());
		assertEquals(Severity.ERROR, p3.getMessages().get(0).getSeverity());
		assertEquals(3, p3.getMessages().get(0).getLocation().getLine());
		assertEquals(Severity.INFO, p2.getMessages().get(0).getSeverity());
	}

	@Test
	void testSaveLoadRoundTrip() throws IOException {
		Run run = RunRecorder.record(Runs.square(dir, List.of("P=1,2,4", "N=10..30:10"), List.of()));
		Path file = ResultsFiles.save(run, dir.resolve("results"));
		assertTrue(file.getFileName().toString().matches("\\d{8}-\\d{6}-\\d{3}-square\\.results"), file.toString());
		Run loaded = ResultsFiles.load(file);
		assertTrue(EcoreUtil.equals(run, loaded), "loaded run differs");
		assertEquals(9, loaded.getPoints().size());
		assertEquals(run.getStartTime(), loaded.getStartTime());
	}

	@Test
	void testSaveNeverOverwrites() throws IOException {
		Run run = RunRecorder.record(Runs.square(dir, List.of(), List.of()));
		Path first = ResultsFiles.save(run, dir);
		byte[] before = Files.readAllBytes(first);
		Path second = ResultsFiles.save(run, dir);
		Path third = ResultsFiles.save(run, dir);
		assertNotEquals(first, second);
		assertTrue(second.getFileName().toString().endsWith("-square-2.results"), second.toString());
		assertTrue(third.getFileName().toString().endsWith("-square-3.results"), third.toString());
		assertEquals(new String(before), Files.readString(first));
		assertEquals(3, ResultsFiles.list(dir).size());
	}

	@Test
	void testPreviousRunOfTheSameInputs() throws Exception {
		Run older = RunRecorder.record(Runs.square(dir, List.of("P=1,2"), List.of()));
		Path olderFile = ResultsFiles.save(older, dir);
		ResultsFiles.save(RunRecorder.record(Runs.square(dir, List.of("P=1,2,3"), List.of())), dir);
		Thread.sleep(5);
		Run newer = RunRecorder.record(Runs.square(dir, List.of("P=1,2"), List.of()));
		Path newerFile = ResultsFiles.save(newer, dir);
		assertEquals(Optional.of(olderFile), ResultsFiles.previous(dir, newer, newerFile));
		assertEquals(Optional.empty(), ResultsFiles.previous(dir, older, olderFile));
	}

	@Test
	void testLoadErrors() throws IOException {
		Path bad = dir.resolve("bad.results");
		Files.writeString(bad, "<not xmi");
		assertTrue(assertThrows(IOException.class, () -> ResultsFiles.load(bad)).getMessage().startsWith(bad + ": "));
		assertThrows(IOException.class, () -> ResultsFiles.load(dir.resolve("missing.results")));
	}
}
