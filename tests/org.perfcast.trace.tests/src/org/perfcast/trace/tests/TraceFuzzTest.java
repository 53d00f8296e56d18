package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.tests.fixtures.Mutations;
import org.perfcast.trace.BinaryTrace;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.TraceSource;

/**
 * Mutated traces, text and binary (a fixed seed, hundreds of cases each): reading and replaying them ends in a
 * {@link TraceException} at a line or a replay, never in another exception.
 */
class TraceFuzzTest {

	private static final int CASES = 400;

	/** The traces the mutations start from: the paper's examples and a recorded-looking one. */
	private static List<String> seeds() throws IOException {
		List<String> seeds = new ArrayList<>();
		Path examples = Path.of(System.getProperty("perfcast.examples", "../../examples"));
		for (String name : List.of("vppb/p.vtrace", "vppb/q.vtrace", "vppb/r.vtrace")) {
			Path file = examples.resolve(name);
			if (Files.isRegularFile(file)) {
				seeds.add(Files.readString(file));
			}
		}
		seeds.add("""
				@recorded pthreads
				@unit s
				0.001 main create T1 cpu=0.001 at=prog.c:10
				0.002 main post omp.fork.1 cpu=0.002
				0.003 T1 take omp.fork.1 cpu=0.0001
				0.004 T1 lock m1 cpu=0.0002
				0.005 T1 io 0.001 cpu=0.0003
				0.006 T1 unlock m1 cpu=0.0004
				0.007 main rlock rw cpu=0.003
				0.008 main unlock rw cpu=0.004
				0.009 T1 sleep 0.002 cpu=0.0005
				0.010 T1 exit cpu=0.0006
				0.011 main join T1 cpu=0.005
				0.012 main exit cpu=0.006
				@end
				""");
		assertTrue(seeds.size() >= 2, "seed traces found: " + seeds.size());
		return seeds;
	}

	private static void replay(Path file) throws Exception {
		try {
			Recording r = TraceFiles.record(file, file.getFileName().toString(), EngineMonitor.NULL);
			TraceSimulator.simulate(r, new TargetMachine(2, Map.of()), SimulationModel.AUTO);
		} catch (TraceException e) {
			assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), "a message");
		} catch (Exception | StackOverflowError e) {
			fail("not a trace error: " + e + "\n" + Files.readString(file, StandardCharsets.ISO_8859_1), e);
		}
	}

	@Test
	void mutatedTextTracesAreTraceErrors(@TempDir Path dir) throws Exception {
		Random random = new Random(21);
		List<String> seeds = seeds();
		for (int k = 0; k < CASES; k++) {
			String text = Mutations.text(seeds.get(k % seeds.size()), random);
			Path file = dir.resolve("case" + k + ".vtrace");
			Files.writeString(file, text);
			replay(file);
		}
	}

	@Test
	void mutatedBinaryTracesAreTraceErrors(@TempDir Path dir) throws Exception {
		Random random = new Random(22);
		List<byte[]> binaries = new ArrayList<>();
		for (String text : seeds()) {
			Path file = dir.resolve("seed.vtrace");
			Files.writeString(file, text);
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			try (TraceSource in = TraceFiles.open(file, "seed"); BinaryTrace.Writer out = new BinaryTrace.Writer(bytes,
					in.header())) {
				for (var e = in.next(); e != null; e = in.next()) {
					out.write(e);
				}
			}
			binaries.add(bytes.toByteArray());
		}
		for (int k = 0; k < CASES; k++) {
			byte[] b = Mutations.bytes(binaries.get(k % binaries.size()), random);
			Path file = dir.resolve("case" + k + ".vtraceb");
			Files.write(file, b);
			replay(file);
		}
	}
}
