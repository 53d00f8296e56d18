package org.perfcast.revprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.NativeTools;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Table;
import org.perfcast.revprof.RevprofEngine;

/**
 * The engine revprof on a program without PERFCAST_COMPUTE annotations: by default (compute=auto) it measures the
 * computation between MPI calls, and every result says how the computation was counted.
 */
class RevprofComputationTest {

	/** Barrier 20 + 5 p µs, nothing else. */
	private static final String SUMMARY = "MPI_Barrier all - p d 20 5 0 0 0 0 1 64 0 1000000\n";

	/** Each rank spins 40 ms × (rank + 1) on its CPU clock between two barriers; no annotation. */
	private static final String SPINNING = """
			#include <mpi.h>
			#include <time.h>
			/* not a call: PERFCAST_COMPUTE(n) would count n steps */
			static double cpu(void) {
			  struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
			}
			int main(int argc, char **argv) {
			  int rank; volatile double x = 0;
			  MPI_Init(&argc, &argv);
			  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
			  MPI_Barrier(MPI_COMM_WORLD);
			  double start = cpu(); // PERFCAST_COMPUTE(1) in a comment does not count either
			  while (cpu() - start < 40000.0 * (rank + 1)) x += 1;
			  MPI_Barrier(MPI_COMM_WORLD);
			  MPI_Finalize();
			  return 0;
			}
			""";

	@TempDir
	Path dir;

	@Test
	void testAnnotationsAreCallsOutsideComments() throws Exception {
		Path plain = dir.resolve("plain.c");
		Files.writeString(plain, SPINNING);
		assertFalse(RevprofEngine.annotated(plain));
		Path annotated = dir.resolve("annotated.c");
		Files.writeString(annotated, "#include \"perfcast.h\"\nint main(void) { PERFCAST_COMPUTE (10); return 0; }\n");
		assertTrue(RevprofEngine.annotated(annotated));
		Path viaHeader = dir.resolve("via.c");
		Files.writeString(dir.resolve("kernel.h"), "static void kernel(int n) { PERFCAST_COMPUTE(n); }\n");
		Files.writeString(viaHeader, "#include \"kernel.h\"\nint main(void) { kernel(3); return 0; }\n");
		assertTrue(RevprofEngine.annotated(viaHeader), "a call in a header the program includes");
		Files.writeString(dir.resolve("perfcast.h"), "#define PERFCAST_COMPUTE(n) do { } while (0)\n");
		Path onlyHeader = dir.resolve("only.c");
		Files.writeString(onlyHeader, "#include \"perfcast.h\"\nint main(void) { return 0; }\n");
		assertFalse(RevprofEngine.annotated(onlyHeader), "perfcast.h's definition is not a call");
	}

	private EngineResult run(String compute) throws Exception {
		return run("spin.c", SPINNING, compute);
	}

	private EngineResult run(String name, String source, String compute) throws Exception {
		assumeTrue(NativeTools.onPath("mpicc") != null && NativeTools.onPath("mpirun") != null
				|| System.getenv("CI") != null, "Open MPI is not installed");
		Path program = dir.resolve(name);
		Files.writeString(program, source);
		Files.writeString(dir.resolve("revprof-summary.txt"), SUMMARY);
		RevprofEngine engine = new RevprofEngine();
		Map<String, String> options = compute == null ? Map.of("timeout", "120") : Map.of("timeout", "120", "compute",
				compute);
		return engine.run(new EngineInput(program, name, ParameterBindings.EMPTY, OptionValues.of(engine.options(),
				options)), EngineMonitor.NULL);
	}

	private static List<String> computation(EngineResult result) {
		Table table = result.tables().stream().filter(t -> t.name().equals(RevprofEngine.COMPUTATION_TABLE)).findFirst()
				.orElseThrow(() -> new AssertionError("no computation table in " + result.tables()));
		assertEquals(List.of("compute", "how"), table.columns());
		return table.rows().get(0);
	}

	private static Diagnostic said(EngineResult result) {
		return result.diagnostics().stream().filter(d -> d.code().equals(RevprofEngine.COMPUTATION)).findFirst()
				.orElseThrow(() -> new AssertionError("no " + RevprofEngine.COMPUTATION + " in " + result.diagnostics()));
	}

	private static double t(EngineResult result) {
		return result.summary().stream().filter(v -> v.name().equals("T")).findFirst().orElseThrow().value();
	}

	@Test
	void testWithoutAnnotationsTheComputationIsMeasuredAndSaid() throws Exception {
		EngineResult auto = run(null);
		assertEquals("cpu", computation(auto).get(0));
		assertTrue(computation(auto).get(1).contains("no PERFCAST_COMPUTE annotations"), computation(auto).get(1));
		assertEquals(Severity.WARNING, said(auto).severity());
		// rank 1 spins 80 ms: the prediction holds it, not only the two barriers' 60 µs
		assertTrue(t(auto) >= 80_000 && t(auto) < 100_000, "T = " + t(auto) + " µs");

		EngineResult steps = run("steps");
		assertEquals("steps", computation(steps).get(0));
		assertEquals(Severity.WARNING, said(steps).severity());
		assertTrue(said(steps).message().contains("left out"), said(steps).message());
		assertTrue(t(steps) < 1000, "T = " + t(steps) + " µs: the barriers and a few µs of start");
	}

	@Test
	void testAnnotatedProgramsCountTheirSteps() throws Exception {
		EngineResult result = run("steps.c", """
				#include <mpi.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  PERFCAST_COMPUTE(1000);
				  MPI_Barrier(MPI_COMM_WORLD);
				  MPI_Finalize();
				  return 0;
				}
				""", null);
		assertEquals("steps", computation(result).get(0));
		assertEquals(Severity.INFO, said(result).severity());
		assertEquals(1030, t(result), 1e-6, "1000 steps of 1 µs and a barrier of 20 + 5 p");
	}
}
