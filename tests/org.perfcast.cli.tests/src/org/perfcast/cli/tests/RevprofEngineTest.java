package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.results.io.ResultsFiles;

/**
 * Reverse profiling of a small MPI program with known equations: the simulated times follow them exactly,
 * whatever this machine's speed.
 */
class RevprofEngineTest {

	private final CommandRunner cli = new CommandRunner();


	@Test
	void testPredictionsFollowTheEquations(@TempDir Path dir) throws Exception {
		assumeTrue(Mpi.installed() || System.getenv("CI") != null, "Open MPI is not installed (apt-get install openmpi-bin "
				+ "libopenmpi-dev)");
		// compute 1000 steps, allreduce 8 bytes, then rank 0 sends 800 bytes to the last rank (wildcard receive)
		Files.writeString(dir.resolve("p.c"), """
				#include <mpi.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size; double x = 1, y; char buf[800] = {0};
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  PERFCAST_COMPUTE(1000 * (rank + 1));
				  MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
				  if (size > 1 && rank == 0) MPI_Send(buf, 800, MPI_CHAR, size - 1, 5, MPI_COMM_WORLD);
				  if (size > 1 && rank == size - 1) MPI_Recv(buf, 800, MPI_CHAR, MPI_ANY_SOURCE, 5, MPI_COMM_WORLD,
				      MPI_STATUS_IGNORE);
				  MPI_Finalize();
				  return 0;
				}
				""");
		// Allreduce 10 + 2 p, Send 3 + 0.01 d, Barrier unused
		Files.writeString(dir.resolve("revprof-summary.txt"), """
				# perfcast revprof summary 1
				MPI_Allreduce all - p d 10 2 0 0 0 0 2 8 1 64
				MPI_Send all - p d 3 0 0.01 0 0 0 2 2 1 65536
				MPI_Reduce all - p d 0 0 0 0 0 0 2 8 1 64
				""");
		Path out = dir.resolve("results");
		assertEquals(ExitCode.OK, cli.run("run", "revprof", dir.resolve("p.c").toString(), "--sweep", "np=1,2,4",
				"--option", "step=0.5", "--out", out.toString(), "--threads", "1"), cli.err());
		Run run = ResultsFiles.load(ResultsFiles.list(out).get(0));
		List<RunPoint> points = run.getPoints();
		// np ranks: the slowest computes 500·np µs, then the allreduce (10 + 2 np), then the message (3 + 8)
		assertEquals(List.of(500 + 12.0, 1000 + 14 + 11.0, 2000 + 18 + 11.0), points.stream().map(p -> p.getValues()
				.stream().filter(v -> v.getName().equals("T")).findFirst().orElseThrow().getValue()).toList());
		assertEquals(4, points.get(2).getSchedules().get(0).getTimelines().size(), "a row per rank");
		assertEquals(1, points.get(2).getSchedules().get(0).getMessages().size(), "the message as an arrow");
		double speedup = points.get(2).getValues().stream().filter(v -> v.getName().equals("speedup")).findFirst()
				.orElseThrow().getValue();
		assertEquals(512 / 2029.0, speedup, 1e-9, "the work grows with the rank here, so no speedup");
		// the summary covers p 2..8 for MPI_Allreduce: one process extrapolates, and MPI_Barrier is missing
		assertTrue(points.get(0).getMessages().stream().anyMatch(m -> m.getText().equals("1 calls of MPI_Allreduce "
				+ "(all) outside the measured ranges p 2..8, d 1..64: extrapolated")), points.get(0).getMessages().toString());
		assertTrue(points.get(2).getMessages().stream().noneMatch(m -> m.getText().contains("MPI_Allreduce")));
	}

	@Test
	void testMissingSummaryIsAnError(@TempDir Path dir) throws Exception {
		assumeTrue(Mpi.installed() || System.getenv("CI") != null, "Open MPI is not installed");
		Files.writeString(dir.resolve("q.c"), "#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); "
				+ "MPI_Finalize(); return 0; }\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "revprof", dir.resolve("q.c").toString(), "--out",
				dir.resolve("r").toString()));
		assertTrue(cli.err().contains("no summary file"), cli.err());
	}

	@Test
	void testEquationsFromTheMachineModel(@TempDir Path dir) throws Exception {
		assumeTrue(Mpi.installed() || System.getenv("CI") != null, "Open MPI is not installed");
		Files.writeString(dir.resolve("r.c"), """
				#include <mpi.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  PERFCAST_COMPUTE(100);
				  MPI_Barrier(MPI_COMM_WORLD);
				  MPI_Finalize();
				  return 0;
				}
				""");
		// MPI_Barrier: 20 + 15 log p, fitted and put into a copy of the ring machine
		StringBuilder csv = new StringBuilder("function,p,d,time\n");
		for (int p : new int[] { 2, 4, 8, 16 }) {
			csv.append("MPI_Barrier,").append(p).append(",0,").append(20 + 15 * Math.log(p) / Math.log(2)).append('\n');
		}
		Files.writeString(dir.resolve("m.csv"), csv);
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				dir.resolve("ring.machine"));
		assertEquals(ExitCode.OK, cli.run("fit", dir.resolve("m.csv").toString(), "--machine", dir.resolve("ring.machine")
				.toString()), cli.err());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("run", "revprof", dir.resolve("r.c").toString(), "--set", "np=4", "--option",
				"summary=ring.machine", "--option", "step=2", "--out", dir.resolve("res").toString()), cli.err());
		Run run = ResultsFiles.load(ResultsFiles.list(dir.resolve("res")).get(0));
		double t = run.getPoints().get(0).getValues().get(0).getValue();
		assertEquals(200 + 20 + 15 * 2, t, 1e-6, "100 steps of 2 µs, then the barrier at p = 4");
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "revprof", dir.resolve("r.c").toString(), "--option",
				"summary=../" + dir.getFileName() + "/none.machine", "--out", dir.resolve("res2").toString()));
	}
}
