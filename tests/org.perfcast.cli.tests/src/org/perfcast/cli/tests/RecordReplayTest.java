package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.CommunicationSimulation;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Message;
import org.perfcast.model.results.Run;
import org.perfcast.results.io.ResultsFiles;

/** {@code perfcast record-mpi} on real MPI programs and {@code perfcast replay} / the engine replay. */
class RecordReplayTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner();

	private static final String PROGRAM = """
			#include <mpi.h>
			#include <string.h>
			int main(int argc, char **argv) {
				MPI_Init(&argc, &argv);
				int rank, size;
				MPI_Comm_rank(MPI_COMM_WORLD, &rank);
				MPI_Comm_size(MPI_COMM_WORLD, &size);
				char out[1000] = {0}, in[1000];
				MPI_Request req[2];
				MPI_Irecv(in, 1000, MPI_CHAR, (rank + size - 1) % size, 7, MPI_COMM_WORLD, &req[0]);
				MPI_Isend(out, 1000, MPI_CHAR, (rank + 1) % size, 7, MPI_COMM_WORLD, &req[1]);
				MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
				if (argc < 2 || strcmp(argv[1], "ring")) {
					double x = rank, y;
					MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
					MPI_Comm half;
					MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
					MPI_Bcast(&x, 1, MPI_DOUBLE, 1, half);
					if (rank == 0) {
						for (int i = 1; i < size; i++) {
							MPI_Recv(in, 10, MPI_CHAR, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
						}
					} else {
						MPI_Send(out, 4, MPI_CHAR, 0, 20 + rank, MPI_COMM_WORLD);
					}
					MPI_Comm_free(&half);
				}
				MPI_Finalize();
				return 0;
			}
			""";

	/** The events of a rank's file without computations and comments. */
	private static List<String> events(Path file) throws IOException {
		List<String> events = new ArrayList<>();
		for (String line : Files.readAllLines(file)) {
			if (!line.startsWith("compute ") && !line.startsWith("#")) {
				events.add(line);
			}
		}
		return events;
	}

	@Test
	void testRecordWritesEveryRanksEvents() throws IOException {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		Path source = Files.writeString(dir.resolve("mix.c"), PROGRAM);
		Path out = dir.resolve("trace");
		assertEquals(ExitCode.OK, cli.run("record-mpi", "--np", "4", "--out", out.toString(), "--timeout", "120", "--",
				source.toString()), cli.err());
		assertTrue(cli.out().startsWith("trace of 4 ranks, "), cli.out());
		assertEquals("ranks 4", Files.readAllLines(out.resolve("trace.mpitrace")).get(1));
		assertEquals(List.of("comm 0 0 1 2 3", "comm 1 0", "irecv 3 7 0 1000 1", "isend 1 7 0 1000 2", "wait 1 3 7 1000",
				"wait 2", "allreduce 0 8", "comm 2 0 2", "bcast 2 2 8"), events(out.resolve("rank-0.txt")).subList(0, 9));
		// rank 0's three receives from any source record the actual sources and tags, in whatever order they came
		List<String> receives = events(out.resolve("rank-0.txt")).subList(9, 12);
		assertEquals(List.of("recv 1 21 0 4", "recv 2 22 0 4", "recv 3 23 0 4"), receives.stream().sorted().toList());
		assertEquals(List.of("comm 0 0 1 2 3", "comm 1 3", "irecv 2 7 0 1000 1", "isend 0 7 0 1000 2", "wait 1 2 7 1000",
				"wait 2", "allreduce 0 8", "comm 2 1 3", "bcast 3 2 8", "send 0 23 0 4"), events(out.resolve("rank-3.txt")));
		// the computations are there, on the CPU clock
		assertTrue(Files.readString(out.resolve("rank-1.txt")).contains("\ncompute "));
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", out.toString()), cli.err());
		assertTrue(cli.out().contains("collectives: binomial tree (bcast, reduce, gather, scatter), recursive doubling"),
				cli.out());
	}

	/**
	 * MPI_Sendrecv and MPI_Sendrecv_replace are recorded as an irecv, an isend and their two waits with the
	 * request ids (they were written "wait %ld"); operations with MPI_PROC_NULL are no events; the trace replays.
	 */
	@Test
	void testRecordSendrecv() throws IOException {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		Path source = Files.writeString(dir.resolve("sendrecv.c"), """
				#include <mpi.h>
				int main(int argc, char **argv) {
					MPI_Init(&argc, &argv);
					int rank, x = 1, y;
					MPI_Comm_rank(MPI_COMM_WORLD, &rank);
					MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 5, &y, 1, MPI_INT, 1 - rank, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
					MPI_Sendrecv_replace(&x, 1, MPI_INT, 1 - rank, 6, 1 - rank, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
					MPI_Request q[2]; /* to and from MPI_PROC_NULL: no events (their waits were written alone) */
					MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 7, MPI_COMM_WORLD, &q[0]);
					MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 7, MPI_COMM_WORLD, &q[1]);
					MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
					MPI_Finalize();
					return 0;
				}
				""");
		Path out = dir.resolve("sendrecv");
		assertEquals(ExitCode.OK, cli.run("record-mpi", "--np", "2", "--out", out.toString(), "--timeout", "120", "--",
				source.toString()), cli.err());
		assertEquals(List.of("comm 0 0 1", "comm 1 0", "irecv 1 5 0 4 1", "isend 1 5 0 4 2", "wait 1 1 5 4", "wait 2",
				"irecv 1 6 0 4 3", "isend 1 6 0 4 4", "wait 3 1 6 4", "wait 4"), events(out.resolve("rank-0.txt")));
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", out.toString()), cli.err());
	}

	/** A program named as mpirun takes it, by its command name on the PATH (Debian's hpcc is /usr/bin/hpcc). */
	@Test
	void testRecordFindsAProgramOnThePath() throws IOException {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		// true is on the PATH and is no MPI program: found, it runs (and leaves no trace), rather than "no such program"
		cli.run("record-mpi", "--np", "1", "--out", dir.resolve("t").toString(), "--timeout", "60", "--", "true");
		assertTrue(!cli.err().contains("no such program"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("record-mpi", "--out", dir.resolve("u").toString(), "--",
				"no-such-program-here"));
		assertTrue(cli.err().contains("no such program"), cli.err());
	}

	@Test
	void testReplayOfARecordedRingIsTheStepSimulatorsTime() throws IOException {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		Path source = Files.writeString(dir.resolve("ring.c"), PROGRAM);
		Path out = dir.resolve("ring");
		assertEquals(ExitCode.OK, cli.run("record-mpi", "--np", "4", "--out", out.toString(), "--timeout", "120", "--",
				source.toString(), "ring"), cli.err());
		cli.reset();
		// computations made negligible (10^9 times as fast), so that only the ring's step remains
		assertEquals(ExitCode.OK, cli.run("replay", out.toString(), "--L", "9", "--o", "2", "--g", "14", "--G", "0.03",
				"--speed", "1e9", "--json"), cli.err());
		double T = Double.parseDouble(cli.out().replaceFirst("^\\{\"T\": ([^,]+),.*\\s*$", "$1"));
		List<Message> ring = new ArrayList<>();
		for (int p = 0; p < 4; p++) {
			ring.add(new Message(p, (p + 1) % 4, 1000));
		}
		double step = CommunicationSimulation.simulate(CommunicationPattern.of(ring, 4), new LogGP(9, 2, 14, 0.03),
				LogGPRules.DEFAULT, EngineMonitor.NULL).T();
		assertEquals(step, T, 1e-3, cli.out());
		assertEquals(2 + 999 * 0.03 + 14 + 2 + 999 * 0.03, step, 1e-9);
	}

	@Test
	void testReplayCommandAndEngineSweep() throws IOException {
		Path trace = Files.writeString(dir.resolve("pp.mpitrace"), """
				ranks 2
				rank 0
				compute 5
				send 1 0 0 41
				recv 1 0 0 41
				rank 1
				recv 0 0 0 41
				compute 3
				send 0 0 0 41
				""");
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--L", "10", "--o", "2", "--g", "5", "--G", "0.25"),
				cli.err());
		assertTrue(cli.out().endsWith("T = 56 µs\n"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--L", "10", "--o", "2", "--g", "5", "--G", "0.25",
				"--json"), cli.err());
		assertTrue(cli.out().startsWith("{\"T\": 56, \"unit\": \"µs\", \"L\": 10, \"o\": 2, \"g\": 5, \"G\": 0.25, "
				+ "\"eager\": 65536, \"speed\": 1, \"operations\": 6, \"messages\": 2, "), cli.out());
		assertTrue(cli.out().contains("\"ranks\": [{\"rank\": 0, \"end\": 56, \"compute\": 5, \"communication\": 24, "
				+ "\"waiting\": 27}"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("run", "replay", trace.toString(), "--option", "o=2", "--option", "g=5",
				"--option", "G=0.25", "--sweep", "L=10,20", "--out", dir.toString()), cli.err());
		Run run = ResultsFiles.load(ResultsFiles.list(dir).get(0));
		assertEquals("replay", run.getEngineId());
		assertEquals(List.of(56.0, 76.0), run.getPoints().stream().map(p -> p.getValues().get(0).getValue()).toList());
		assertEquals(2, run.getPoints().get(0).getSchedules().get(0).getTimelines().size());
		// a malformed trace: located, exit code 1
		Path bad = Files.writeString(dir.resolve("bad.mpitrace"), "ranks 2\nrank 0\nsend 1 0 0\nrank 1\n");
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("replay", bad.toString()));
		assertTrue(cli.err().startsWith(bad + ":3:1: error: 'send PEER TAG COMM BYTES' has 4 fields after 'send', "
				+ "found 3"), cli.err());
	}

	private Path machine(String name, String computation) throws IOException {
		return Files.writeString(dir.resolve(name), """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
				xmlns:machine="http://perfcast.org/model/machine/1.0" timeUnit="us" processorCount="2">
				  %s
				  <communication latency="10" overhead="2" gap="5" gapPerByte="0.25"/>
				</machine:Machine>
				""".formatted(computation));
	}

	/**
	 * A run recorded on one machine replayed on another: the computation scales by their flop times (0.02 / 0.01 µs:
	 * twice as fast, as --speed 2), an explicit --speed wins, and a machine without a flop time is an error at it.
	 */
	@Test
	void testReplayScalesComputationByMachineSpeed() throws IOException {
		Path trace = Files.writeString(dir.resolve("pp.mpitrace"), """
				ranks 2
				rank 0
				compute 50
				send 1 0 0 41
				recv 1 0 0 41
				rank 1
				recv 0 0 0 41
				compute 30
				send 0 0 0 41
				""");
		Path slow = machine("slow.machine", "<computation flopTime=\"2 * t\"/>\n  <parameters name=\"t\" defaultValue=\"0.01\"/>");
		Path fast = machine("fast.machine", "<computation flopTime=\"0.01\"/>");
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--machine", fast.toString(), "--speed", "2",
				"--json"), cli.err());
		String twice = cli.out();
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--machine", fast.toString(), "--recorded-on",
				slow.toString(), "--json"), cli.err());
		assertEquals(twice, cli.out());
		assertTrue(twice.contains("\"speed\": 2, ") && twice.contains("\"compute\": 25, "), twice);
		// the other way round: half as fast; an explicit --speed (even 1) wins over the machines
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--machine", slow.toString(), "--recorded-on",
				fast.toString(), "--json"), cli.err());
		assertTrue(cli.out().contains("\"speed\": 0.5, ") && cli.out().contains("\"compute\": 100, "), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", trace.toString(), "--machine", slow.toString(), "--recorded-on",
				fast.toString(), "--speed", "1", "--json"), cli.err());
		assertTrue(cli.out().contains("\"speed\": 1, ") && cli.out().contains("\"compute\": 50, "), cli.out());
		// a machine that states no speed, and --recorded-on without --machine
		Path none = machine("none.machine", "");
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("replay", trace.toString(), "--machine", none.toString(),
				"--recorded-on", slow.toString()));
		assertTrue(cli.err().contains(none + ": error: the machine states no flop time (computation flopTime): its "
				+ "speed is unknown"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("replay", trace.toString(), "--recorded-on", slow.toString()));
		assertTrue(cli.err().contains("name that machine too"), cli.err());
	}

	/** {@code source} built with plain mpicc, as a packaged MPI program is: the binary beside it. */
	private static Path mpicc(Path source) throws Exception {
		Path binary = source.resolveSibling(source.getFileName().toString().replace(".c", ""));
		Process cc = new ProcessBuilder("mpicc", "-o", binary.toString(), source.toString()).redirectErrorStream(true)
				.start();
		String compiled = new String(cc.getInputStream().readAllBytes());
		assertEquals(0, cc.waitFor(), compiled);
		return binary;
	}

	/**
	 * perfcast revprof on a binary built without perfcast.h, as Debian ships MPI programs: the equations alone give
	 * T (computation: steps, so none): a ring of 1000 bytes 3 + 0.01 × 1000, Allreduce 10 + 2p, Bcast 7 + p; on
	 * one process 13 + 12 + 8. A program that fails is an error at the program.
	 */
	@Test
	void testRevprofCommandOnABinary() throws Exception {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		Path source = Files.writeString(dir.resolve("shipped.c"), """
				#include <mpi.h>
				int main(int argc, char **argv) {
					MPI_Init(&argc, &argv);
					int rank, size;
					MPI_Comm_rank(MPI_COMM_WORLD, &rank);
					MPI_Comm_size(MPI_COMM_WORLD, &size);
					char out[1000] = {0}, in[1000];
					MPI_Request req[2];
					MPI_Irecv(in, 1000, MPI_CHAR, (rank + size - 1) % size, 7, MPI_COMM_WORLD, &req[0]);
					MPI_Isend(out, 1000, MPI_CHAR, (rank + 1) % size, 7, MPI_COMM_WORLD, &req[1]);
					MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
					double x = rank, y;
					MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
					MPI_Bcast(&x, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
					MPI_Finalize();
					return 0;
				}
				""");
		Path binary = mpicc(source);
		Path summary = Files.writeString(dir.resolve("s.txt"), """
				MPI_Send all - p d 3 0 0.01 0 0 0 1 64 0 1000000
				MPI_Allreduce all - p d 10 2 0 0 0 0 1 64 0 1000000
				MPI_Bcast all - p d 7 1 0 0 0 0 1 64 0 1000000
				""");
		assertEquals(ExitCode.OK, cli.run("revprof", "--np", "4", "--summary", summary.toString(), "--compute", "steps",
				"--timeout", "120", "--", binary.toString()), cli.err());
		assertTrue(cli.out().endsWith("T = 42 µs, T one process = 33 µs, speedup = 0.7857\n"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("revprof", "--np", "2", "--summary", summary.toString(), "--compute", "steps",
				"--json", "--", binary.toString()), cli.err());
		assertTrue(cli.out().startsWith("{\"T\": 36, \"T one process\": 33, \"speedup\": " + Numbers.format(33 / 36.0)
				+ ", \"unit\": \"µs\", \"computation\": \"steps\", \"ranks\": [{\"rank\": 0, \"end\": 36, \"compute\": 0, "),
				cli.out());
		// a program for two processes or more: T stands, the speedup is missing and said why
		Path pair = mpicc(Files.writeString(dir.resolve("pair.c"), """
				#include <mpi.h>
				int main(int argc, char **argv) {
					char b[1000] = {0}; int rank;
					MPI_Init(&argc, &argv);
					MPI_Comm_rank(MPI_COMM_WORLD, &rank);
					if (rank == 0) MPI_Send(b, 1000, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
					else if (rank == 1) MPI_Recv(b, 1000, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
					MPI_Finalize();
					return 0;
				}
				"""));
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("revprof", "--summary", summary.toString(), "--compute", "steps", "--",
				pair.toString()), cli.err());
		assertTrue(cli.out().endsWith("T = 13 µs\n"), cli.out());
		assertTrue(cli.err().startsWith(pair + ": warning: no speedup: the program failed under mpirun -np 1 (exit "
				+ "code "), cli.err());
		assertTrue(cli.err().contains("MPI_ERR_RANK"), cli.err());
		// the program of the other tests: its Bcast on a half of one process has an invalid root
		Path mix = mpicc(Files.writeString(dir.resolve("mix.c"), PROGRAM));
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("revprof", "--summary", summary.toString(), "--compute", "steps",
				"--", mix.toString()));
		assertTrue(cli.err().startsWith(mix + ": error: the program failed under mpirun -np 2 (exit code "), cli.err());
		// no equations, no program: said at the file
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("revprof", "--summary", dir.resolve("none.txt").toString(), "--",
				binary.toString()));
		assertTrue(cli.err().startsWith(dir.resolve("none.txt") + ": error: no equations"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("revprof", "--summary", summary.toString(), "--", "no-such-program"));
		assertTrue(cli.err().startsWith("no-such-program: error: no such program"), cli.err());
	}

	/**
	 * Neighbourhood collectives are recorded as their messages (an irecv from each in-neighbour, an isend to each
	 * out-neighbour, on a twin of the communicator) and replay: 8 + 8 on a periodic ring of 4, 6 on a line, 4 on
	 * a directed ring.
	 */
	@Test
	void testRecordNeighbourhoodCollectives() throws IOException {
		assumeTrue(Mpi.installed(), "Open MPI is not installed");
		Path source = Files.writeString(dir.resolve("neighbours.c"), """
				#include <mpi.h>
				#include <stdio.h>
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size, dims[1], periods[1] = {1}, x[8] = {0}, y[8], counts[2] = {2, 2}, displs[2] = {0, 2};
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  dims[0] = size;
				  MPI_Comm ring, line, directed; MPI_Request r;
				  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
				  MPI_Neighbor_allgather(x, 2, MPI_INT, y, 2, MPI_INT, ring);
				  MPI_Ineighbor_alltoall(x, 1, MPI_INT, y, 1, MPI_INT, ring, &r);
				  MPI_Wait(&r, MPI_STATUS_IGNORE);
				  periods[0] = 0;
				  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &line);
				  MPI_Neighbor_alltoallv(x, counts, displs, MPI_INT, y, counts, displs, MPI_INT, line);
				  int from = (rank + size - 1) % size, to = (rank + 1) % size;
				  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &from, MPI_UNWEIGHTED, 1, &to, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
				      &directed);
				  MPI_Neighbor_allgather(x, 2, MPI_INT, y, 2, MPI_INT, directed);
				  if (y[0] != 0) printf("wrong\\n");
				  MPI_Comm_free(&ring); MPI_Comm_free(&line); MPI_Comm_free(&directed);
				  MPI_Finalize();
				  return 0;
				}
				""");
		Path out = dir.resolve("neighbours");
		assertEquals(ExitCode.OK, cli.run("record-mpi", "--np", "4", "--out", out.toString(), "--timeout", "120", "--",
				source.toString()), cli.err());
		String rank0 = String.join("\n", events(out.resolve("rank-0.txt")));
		assertTrue(rank0.contains("irecv 3 0 3 8 1\nirecv 1 0 3 8 2\nisend 3 0 3 8 3\nisend 1 0 3 8 4\n"
				+ "wait 1 3 0 8\nwait 2 1 0 8\nwait 3\nwait 4"), rank0);
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("replay", out.toString()), cli.err());
		assertTrue(cli.out().contains(", 26 messages ("), cli.out());
	}
}
