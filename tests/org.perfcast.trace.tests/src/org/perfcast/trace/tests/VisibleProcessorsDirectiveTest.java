package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.BinaryTrace;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceHeader;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.TraceSource;

/**
 * {@code @visible-processors N}: the processors the recorded program saw. Read, kept in the binary form, optional
 * (old traces stay valid), checked; a prediction for another count warns.
 */
class VisibleProcessorsDirectiveTest {

	static final String TRACE = "@recorded pthreads\n@unit s\n@visible-processors 4\n# process 1\n0 main create T1 "
			+ "cpu=0\n1 T1 exit cpu=1\n1 main join T1 cpu=0\n1 main exit cpu=0\n@end\n";

	@Test
	void theDirectiveIsReadAndOldTracesWithoutItStayValid() throws Exception {
		Trace trace = TraceReader.read(TRACE, "v.vtrace");
		assertEquals(4, trace.header().visibleProcessors());
		assertEquals("pthreads", trace.header().recorder());
		Trace old = TraceReader.read(TRACE.replace("@visible-processors 4\n", ""), "old.vtrace");
		assertEquals(0, old.header().visibleProcessors());
		assertNull(old.header().visibleProcessorsWarning(8), "an old trace does not say what the program saw");
	}

	@Test
	void aBadCountIsAnErrorAtItsLine() {
		for (String bad : List.of("0", "-1", "x", "4097", "", "2 3")) {
			TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(TRACE.replace(
					"@visible-processors 4", "@visible-processors " + bad), "v.vtrace"), bad);
			assertEquals("v.vtrace:3: @visible-processors wants the number of processors the program saw, 1 to 4096, "
					+ "e.g. @visible-processors 8; got '" + bad.strip() + "'", e.toString());
		}
		TraceException late = assertThrows(TraceException.class, () -> TraceReader.read(
				"0 A exit\n@visible-processors 2\n", "v.vtrace"));
		assertEquals("v.vtrace:2: directives such as @visible-processors come before the first event", late.toString());
	}

	@Test
	void theBinaryFormKeepsIt(@TempDir Path dir) throws Exception {
		Trace trace = TraceReader.read(TRACE, "v.vtrace");
		for (int visible : new int[] { 0, 4 }) {
			Path binary = dir.resolve("v" + visible + ".vtraceb");
			TraceHeader header = new TraceHeader(trace.header().priorities(), trace.header().unit(), "", visible);
			try (OutputStream out = Files.newOutputStream(binary); BinaryTrace.Writer writer = new BinaryTrace.Writer(
					out, header)) {
				for (TraceEvent e : trace.events()) {
					writer.write(e);
				}
			}
			assertEquals(visible == 0 ? 1 : 2, Files.readAllBytes(binary)[4], "version 1 unless it says the count");
			try (TraceSource source = TraceFiles.open(binary, binary.toString())) {
				assertEquals(visible, source.header().visibleProcessors());
				assertEquals("s", source.header().unit());
			}
			try (TraceSource source = TraceFiles.open(binary, "b")) {
				assertEquals(TraceSimulator.simulate(Recording.of(trace), TargetMachine.unbound(2), SimulationModel.DIRECT)
						.completion(), TraceSimulator.simulate(Recording.of(Trace.of(source)), TargetMachine.unbound(2),
								SimulationModel.DIRECT).completion());
			}
		}
	}

	@Test
	void aPredictionForAnotherCountSaysWhatTheProgramSaw(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("v.vtrace");
		Files.writeString(file, TRACE);
		for (int processors : new int[] { 2, 4 }) {
			TraceEngine.Prediction p = TraceEngine.predict(file, "v.vtrace", 0, TargetMachine.unbound(processors),
					SimulationModel.AUTO, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
			if (processors == 4) {
				assertTrue(p.warnings().stream().noneMatch(w -> w.contains("recorded seeing")), p.warnings().toString());
			} else {
				assertEquals("recorded seeing 4 processors; a program that sizes its pools from the processor count "
						+ "would run differently on 2: record with --visible-processors 2", p.warnings().get(0));
			}
		}
	}
}
