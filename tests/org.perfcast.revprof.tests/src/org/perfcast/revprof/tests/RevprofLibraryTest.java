package org.perfcast.revprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.NativeTools;
import org.perfcast.revprof.ReverseProfiler;

/**
 * The reverse profiling library on small MPI programs with known answers: every intercepted family of calls,
 * wildcards, communicators from split and dup, nonblocking operations and Fortran; the simulated times follow
 * the equations of {@link #SUMMARY} exactly. mpirun ends a hung run after {@link #TIMEOUT} seconds.
 */
class RevprofLibraryTest {

	private static final int TIMEOUT = 120;

	/** T_Send = 3 + 0.01 d, T_Ssend = 5 + 0.01 d, Barrier 20 + 5 p, Allreduce 10 + 2 p, Bcast 7 + p, ... */
	private static final String SUMMARY = """
				MPI_Send all - p d 3 0 0.01 0 0 0 1 64 0 1000000
				MPI_Ssend all - p d 5 0 0.01 0 0 0 1 64 0 1000000
				MPI_Barrier all - p d 20 5 0 0 0 0 1 64 0 1000000
				MPI_Allreduce all - p d 10 2 0 0 0 0 1 64 0 1000000
				MPI_Bcast all - p d 7 1 0 0 0 0 1 64 0 1000000
				MPI_Allgather all - p d 1 1 0.1 0 0 0 1 64 0 1000000
				MPI_Alltoall all - p d 2 1 0.1 0 0 0 1 64 0 1000000
				MPI_Gather all - p d 3 1 0.1 0 0 0 1 64 0 1000000
				MPI_Scatter all - p d 4 1 0.1 0 0 0 1 64 0 1000000
				MPI_Scan all - p d 6 1 0 0 0 0 1 64 0 1000000
				""";

	@TempDir
	Path dir;

	private static boolean installed() {
		return NativeTools.onPath("mpicc") != null && NativeTools.onPath("mpirun") != null;
	}

	private ReverseProfiler.Prediction run(String name, String source, int np) throws Exception {
		assumeTrue(installed() || System.getenv("CI") != null, "Open MPI is not installed (apt-get install "
				+ "openmpi-bin libopenmpi-dev)");
		Path program = dir.resolve(name);
		Files.writeString(program, source);
		Files.writeString(dir.resolve("s.txt"), SUMMARY);
		Path cache = dir.resolve("cache");
		Path binary = name.endsWith(".c") ? ReverseProfiler.compileProgram(program, cache) : fortran(program);
		return ReverseProfiler.run(binary, List.of(), np, dir.resolve("s.txt"), 1, cache, TIMEOUT);
	}

	private Path fortran(Path program) throws Exception {
		assumeTrue(NativeTools.onPath("mpifort") != null || System.getenv("CI") != null,
				"no mpifort (apt-get install gfortran)");
		Path binary = dir.resolve(program.getFileName().toString().replace(".f90", ""));
		// mpif.h declares no interfaces: programs pass integer and character buffers to one routine, which gfortran
		// 10 and later refuse without this flag (what real mpif.h programs are built with)
		Process p = new ProcessBuilder("mpifort", "-fallow-argument-mismatch", "-o", binary.toString(),
				program.toString()).redirectErrorStream(true).start();
		String out = new String(p.getInputStream().readAllBytes());
		assertEquals(0, p.waitFor(), out);
		return binary;
	}

	private static List<Double> ends(ReverseProfiler.Prediction prediction) {
		return prediction.ranks().stream().map(ReverseProfiler.Rank::end).toList();
	}

	/**
	 * Receives with MPI_ANY_SOURCE and MPI_ANY_TAG and a wildcard probe see only the program's messages; an
	 * Allreduce on a Comm_split half synchronises that half, with p = 2 in its equation.
	 */
	@Test
	void testWildcardsAndSplitCommunicator() throws Exception {
		ReverseProfiler.Prediction p = run("a.c", """
				#include <mpi.h>
				#include <stdio.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size, n; char buf[800] = {0}; MPI_Status st;
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  PERFCAST_COMPUTE(100 * rank);
				  if (rank > 0) MPI_Send(buf, 100 * rank, MPI_CHAR, 0, rank, MPI_COMM_WORLD);
				  else for (int i = 1; i < size; i++) {
				    MPI_Recv(buf, 800, MPI_CHAR, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
				    MPI_Get_count(&st, MPI_CHAR, &n);
				    if (n != 100 * st.MPI_TAG || st.MPI_SOURCE != st.MPI_TAG) printf("wrong message\\n");
				  }
				  MPI_Comm half; int x = 1, y;
				  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
				  MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, half);
				  if (rank > 0) MPI_Send(buf, 100 * rank, MPI_CHAR, 0, 7, MPI_COMM_WORLD);
				  else for (int i = 1; i < size; i++) {
				    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
				    MPI_Get_count(&st, MPI_CHAR, &n);
				    if (n != 100 * st.MPI_SOURCE) printf("wrong probe\\n");
				    MPI_Recv(buf, n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  }
				  MPI_Comm_free(&half);
				  MPI_Finalize();
				  return 0;
				}
				""", 4);
		assertFalse(p.output().contains("wrong"), p.output());
		// rank r computes 100 r and sends 100 r bytes (3 + r µs): rank 0 receives the last at 306; Allreduce
		// on p = 2: 10 + 4; the second round of sends starts at 320 and ends at 320 + 3 + r
		assertEquals(List.of(326.0, 324.0, 325.0, 326.0), ends(p));
		assertTrue(p.ranks().stream().allMatch(r -> r.events().stream().anyMatch(e -> e.name().equals("MPI_Allreduce")
				&& e.start() == 306 && e.end() == 320)), p.ranks().toString());
	}

	/** A ring of Isend and Irecv, completed by Waitall, then Testany and Waitany, Testall, Testsome and Waitsome. */
	@Test
	void testNonblockingRing() throws Exception {
		ReverseProfiler.Prediction p = run("b.c", """
				#include <mpi.h>
				#include <stdio.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size, flag, i, n, idx[2]; char in[800], out[800] = {0}; MPI_Request r[2];
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  int left = (rank + size - 1) % size, right = (rank + 1) % size;
				  PERFCAST_COMPUTE(100 * rank);
				  for (int phase = 0; phase < 4; phase++) {
				    MPI_Irecv(in, 800, MPI_CHAR, left, phase, MPI_COMM_WORLD, &r[0]);
				    MPI_Isend(out, 800, MPI_CHAR, right, phase, MPI_COMM_WORLD, &r[1]);
				    if (phase == 0) MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
				    if (phase == 1) { do MPI_Testany(2, r, &i, &flag, MPI_STATUS_IGNORE); while (!flag);
				      MPI_Waitany(2, r, &i, MPI_STATUS_IGNORE); }
				    if (phase == 2) do MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE); while (!flag);
				    if (phase == 3) { for (int done = 0; done < 2; ) { MPI_Testsome(2, r, &n, idx, MPI_STATUSES_IGNORE);
				        if (n > 0) done += n; if (done < 2) { MPI_Waitsome(2, r, &n, idx, MPI_STATUSES_IGNORE); done += n; } } }
				  }
				  MPI_Finalize();
				  return 0;
				}
				""", 4);
		// 800 bytes: 11 µs; rank 1 receives at 100 (its own time), its send ends at 111; phase ends (311, 111, 211, 311), (322, 322, 222, 322), 333 and 344 everywhere
		assertEquals(List.of(344.0, 344.0, 344.0, 344.0), ends(p));
		assertEquals(List.of(311.0, 322.0, 333.0, 344.0), p.ranks().get(0).events().stream().filter(e -> e.kind()
				.equals("recv")).map(ReverseProfiler.Event::end).toList());
		assertEquals(List.of(100.0, 322.0, 333.0, 344.0), p.ranks().get(1).events().stream().filter(e -> e.kind()
				.equals("recv")).map(ReverseProfiler.Event::end).toList());
	}

	/** Sendrecv, Ssend (its own equation), Bsend, Sendrecv_replace, Rsend and Issend. */
	@Test
	void testSendModesAndSendrecv() throws Exception {
		ReverseProfiler.Prediction p = run("c.c", """
				#include <mpi.h>
				#include <stdlib.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank; char a[500] = {0}, b[500]; MPI_Request r;
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
				  int other = 1 - rank;
				  PERFCAST_COMPUTE(100 * (1 - rank));
				  MPI_Sendrecv(a, 100, MPI_CHAR, other, 1, b, 100, MPI_CHAR, other, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  if (rank == 0) MPI_Ssend(a, 200, MPI_CHAR, 1, 2, MPI_COMM_WORLD);
				  else MPI_Recv(b, 200, MPI_CHAR, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  int bs = 300 + MPI_BSEND_OVERHEAD; void *space = malloc(bs);
				  MPI_Buffer_attach(space, bs);
				  if (rank == 1) MPI_Bsend(a, 300, MPI_CHAR, 0, 3, MPI_COMM_WORLD);
				  else MPI_Recv(b, 300, MPI_CHAR, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  MPI_Buffer_detach(&space, &bs); free(space);
				  MPI_Sendrecv_replace(a, 100, MPI_CHAR, other, 4, other, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  if (rank == 1) MPI_Irecv(b, 400, MPI_CHAR, 0, 5, MPI_COMM_WORLD, &r);
				  MPI_Barrier(MPI_COMM_WORLD);
				  if (rank == 0) MPI_Rsend(a, 400, MPI_CHAR, 1, 5, MPI_COMM_WORLD);
				  else MPI_Wait(&r, MPI_STATUS_IGNORE);
				  if (rank == 0) { MPI_Issend(a, 500, MPI_CHAR, 1, 6, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
				  else MPI_Recv(b, 500, MPI_CHAR, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
				  MPI_Finalize();
				  return 0;
				}
				""", 2);
		// Sendrecv: the send ends at 4, the receive at 104; Ssend 5 + 2 -> 111, Bsend 3 + 3 -> 117, replace -> 121, Barrier 30 -> 151, Rsend 158,
		// Issend 3 + 5 -> 166
		assertEquals(List.of(166.0, 166.0), ends(p));
		assertEquals(List.of(4.0, 104.0, 111.0, 117.0, 121.0, 151.0, 158.0, 166.0), p.ranks().get(1).events().stream().map(
				ReverseProfiler.Event::end).filter(t -> t > 0).distinct().toList());
	}

	/** Persistent requests (Send_init, Recv_init, Start, Startall), Mprobe and Mrecv, Improbe and Imrecv, Iprobe. */
	@Test
	void testPersistentRequestsAndProbes() throws Exception {
		ReverseProfiler.Prediction p = run("d.c", """
				#include <mpi.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, flag = 0; char a[300] = {0}; MPI_Request r; MPI_Message m; MPI_Status st;
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
				  if (rank == 0) MPI_Send_init(a, 100, MPI_CHAR, 1, 4, MPI_COMM_WORLD, &r);
				  else MPI_Recv_init(a, 100, MPI_CHAR, MPI_ANY_SOURCE, 4, MPI_COMM_WORLD, &r);
				  for (int i = 0; i < 2; i++) {
				    if (rank == 0) PERFCAST_COMPUTE(10);
				    if (i == 0) MPI_Start(&r); else MPI_Startall(1, &r);
				    MPI_Wait(&r, MPI_STATUS_IGNORE);
				  }
				  MPI_Request_free(&r);
				  if (rank == 1) MPI_Send(a, 200, MPI_CHAR, 0, 9, MPI_COMM_WORLD);
				  else { MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &m, &st); MPI_Mrecv(a, 200, MPI_CHAR, &m, MPI_STATUS_IGNORE); }
				  if (rank == 0) MPI_Send(a, 300, MPI_CHAR, 1, 8, MPI_COMM_WORLD);
				  else { do MPI_Improbe(0, 8, MPI_COMM_WORLD, &flag, &m, &st); while (!flag);
				    MPI_Imrecv(a, 300, MPI_CHAR, &m, &r); MPI_Wait(&r, MPI_STATUS_IGNORE); }
				  if (rank == 1) MPI_Send(a, 100, MPI_CHAR, 0, 2, MPI_COMM_WORLD);
				  else { do MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st); while (!flag);
				    MPI_Recv(a, 100, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE); }
				  MPI_Finalize();
				  return 0;
				}
				""", 2);
		// 14, 28; Mrecv 28 + 5 = 33; Imrecv 33 + 6 = 39; Iprobe then Recv 39 + 4 = 43
		assertEquals(List.of(43.0, 43.0), ends(p));
		assertEquals(List.of(14.0, 28.0, 33.0, 39.0, 43.0), p.ranks().get(1).events().stream().map(
				ReverseProfiler.Event::end).toList());
	}

	/**
	 * Nonblocking collectives timed at their completion, the v variants by their families' equations, Scan by its
	 * own, Reduce_scatter_block and Exscan by Allreduce's, on a Comm_dup communicator; MPI_Reduce is not in the
	 * summary and is reported.
	 */
	@Test
	void testCollectives() throws Exception {
		ReverseProfiler.Prediction p = run("e.c", """
				#include <mpi.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size, flag = 0, x[4] = {1, 2, 3, 4}, y[8], counts[4], displs[4], ones[4], onedispl[4];
				  char a[100] = {0}, b[400]; double v = 1, w; MPI_Request r, rs[2]; MPI_Comm dup;
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  for (int i = 0; i < 4; i++) { counts[i] = 10 * (i + 1); displs[i] = 100 * i; ones[i] = 10; onedispl[i] = 10 * i; }
				  PERFCAST_COMPUTE(100 * rank);
				  MPI_Iallreduce(&v, &w, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &r); MPI_Wait(&r, MPI_STATUS_IGNORE);
				  MPI_Ibcast(b, 400, MPI_CHAR, 0, MPI_COMM_WORLD, &r); PERFCAST_COMPUTE(50); MPI_Wait(&r, MPI_STATUS_IGNORE);
				  MPI_Ibarrier(MPI_COMM_WORLD, &r); do MPI_Test(&r, &flag, MPI_STATUS_IGNORE); while (!flag);
				  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
				  MPI_Allgatherv(a, counts[rank], MPI_CHAR, b, counts, displs, MPI_CHAR, dup);
				  MPI_Alltoallv(a, ones, onedispl, MPI_CHAR, b, ones, onedispl, MPI_CHAR, dup);
				  MPI_Gatherv(a, counts[rank], MPI_CHAR, b, counts, displs, MPI_CHAR, 0, dup);
				  MPI_Scatterv(b, counts, displs, MPI_CHAR, a, counts[rank], MPI_CHAR, 0, dup);
				  MPI_Reduce_scatter_block(x, y, 1, MPI_INT, MPI_SUM, dup);
				  MPI_Scan(x, y, 1, MPI_INT, MPI_SUM, dup);
				  MPI_Exscan(x, y, 1, MPI_INT, MPI_SUM, dup);
				  MPI_Reduce(x, y, 1, MPI_INT, MPI_SUM, 0, dup);
				  MPI_Ialltoall(x, 1, MPI_INT, y, 1, MPI_INT, dup, &rs[0]);
				  MPI_Iallreduce(x, y, 2, MPI_INT, MPI_SUM, dup, &rs[1]);
				  MPI_Waitall(2, rs, MPI_STATUSES_IGNORE);
				  MPI_Comm_free(&dup);
				  MPI_Finalize();
				  return 0;
				}
				""", 4);
		// Iallreduce 300 + 18; Ibcast done before the compute ends (368); Ibarrier 408; Allgatherv (40 B) 417;
		// Alltoallv 424; Gatherv 435; Scatterv 447; Reduce_scatter_block (16 B) 465; Scan 475; Exscan 493;
		// Reduce 0; Ialltoall 6.4 and Iallreduce 18 -> 511
		assertEquals(List.of(511.0, 511.0, 511.0, 511.0), ends(p));
		assertEquals(List.of(318.0, 368.0, 408.0, 417.0, 424.0, 435.0, 447.0, 465.0, 475.0, 493.0, 493.0, 499.4, 511.0),
				p.ranks().get(2).events().stream().filter(e -> e.kind().equals("coll")).map(ReverseProfiler.Event::end)
						.toList());
		assertTrue(p.output().contains("revprof: MPI_Reduce is not in the summary: its 1 calls cost nothing"),
				p.output());
	}

	/**
	 * Neighbourhood collectives end at the latest start of the rank and its in-neighbours + the family's equation
	 * with p the neighbourhood's size: on a periodic ring of 4 (ranks start at 100 r) Neighbor_allgather of 8
	 * bytes ends at max + 1 + 3 + 0.8 (rank 1's neighbours started at 0 and 200), Ineighbor_alltoall of 4 bytes +
	 * 2 + 3 + 0.4; on a line the edges have one neighbour (Neighbor_alltoallv: p = 2 there, 3 inside); on a
	 * directed ring (Dist_graph_create_adjacent) each waits for its predecessor only.
	 */
	@Test
	void testNeighbourhoodCollectives() throws Exception {
		ReverseProfiler.Prediction p = run("n.c", """
				#include <mpi.h>
				#include <stdio.h>
				#include "perfcast.h"
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  int rank, size, dims[1], periods[1] = {1}, x[8] = {0}, y[8], counts[2] = {2, 2}, displs[2] = {0, 2};
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank); MPI_Comm_size(MPI_COMM_WORLD, &size);
				  dims[0] = size;
				  MPI_Comm ring, line, directed; MPI_Request r;
				  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
				  PERFCAST_COMPUTE(100 * rank);
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
				""", 4);
		assertFalse(p.output().contains("wrong") || p.output().contains("not covered"), p.output());
		List<List<Double>> expected = List.of(List.of(304.8, 310.2, 315.0, 318.8), List.of(204.8, 310.2, 316.0, 319.8),
				List.of(304.8, 310.2, 316.0, 319.8), List.of(304.8, 310.2, 315.0, 319.8));
		for (int r = 0; r < 4; r++) {
			assertEquals(expected.get(r), p.ranks().get(r).events().stream().filter(e -> e.kind().equals("coll"))
					.map(e -> Math.round(e.end() * 10) / 10.0).toList(), "rank " + r);
		}
	}

	/** A call the library does not time is reported with the calls of every rank. */
	@Test
	void testCallNotCoveredIsReported() throws Exception {
		ReverseProfiler.Prediction p = run("f.c", """
				#include <mpi.h>
				int main(int argc, char **argv) {
				  MPI_Init(&argc, &argv);
				  MPI_Comm c; MPI_Request r;
				  MPI_Comm_idup(MPI_COMM_WORLD, &c, &r);
				  MPI_Wait(&r, MPI_STATUS_IGNORE);
				  MPI_Finalize();
				  return 0;
				}
				""", 2);
		assertTrue(p.output().contains("revprof: MPI_Comm_idup called 2 times: not covered, not timed"), p.output());
	}

	/**
	 * A program without PERFCAST_COMPUTE: with compute=steps only its barriers take time; with compute=cpu the
	 * 40 ms each rank spins on its CPU clock between them are measured and added (rank 1 spins twice as long, so
	 * rank 0 waits at the second barrier).
	 */
	@Test
	void testMeasuredComputation() throws Exception {
		String source = """
				#include <mpi.h>
				#include <time.h>
				static double cpu(void) {
				  struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
				}
				int main(int argc, char **argv) {
				  int rank; volatile double x = 0;
				  MPI_Init(&argc, &argv);
				  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
				  MPI_Barrier(MPI_COMM_WORLD);
				  double start = cpu();
				  while (cpu() - start < 40000.0 * (rank + 1)) x += 1;
				  MPI_Barrier(MPI_COMM_WORLD);
				  MPI_Finalize();
				  return 0;
				}
				""";
		ReverseProfiler.Prediction steps = run("m.c", source, 2);
		assertEquals(60, steps.time(), 1e-9); // two barriers of 20 + 5 p
		Path cache = dir.resolve("cache");
		ReverseProfiler.Prediction cpu = ReverseProfiler.run(ReverseProfiler.compileProgram(dir.resolve("m.c"), cache),
				List.of(), 2, dir.resolve("s.txt"), 1, "cpu", cache, java.time.Duration.ofSeconds(TIMEOUT), null);
		double spun = cpu.ranks().get(1).events().stream().filter(e -> e.kind().equals("compute"))
				.mapToDouble(e -> e.end() - e.start()).sum();
		assertTrue(spun >= 80000 && spun < 95000, "rank 1 computed " + spun + " µs");
		assertEquals(30 + spun + 30, cpu.time(), 1e-3 * cpu.time());
		// rank 0 waited at the barrier (then each computes a few µs before MPI_Finalize)
		assertEquals(cpu.ranks().get(1).end(), cpu.ranks().get(0).end(), 50);
		assertThrows(IllegalArgumentException.class, () -> ReverseProfiler.run(dir.resolve("m.c"), List.of(), 2,
				dir.resolve("s.txt"), 1, "guess", cache, null, null));
	}

	/** Open MPI's Fortran bindings call PMPI_ directly: the library's Fortran entry points time mpif.h programs. */
	@Test
	void testFortranMpifh() throws Exception {
		ReverseProfiler.Prediction p = run("g.f90", """
				program g
				  include 'mpif.h'
				  integer ierr, rank, st(MPI_STATUS_SIZE)
				  double precision x, y
				  character buf(100)
				  call MPI_Init(ierr)
				  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
				  x = 1
				  if (rank == 0) call MPI_Send(buf, 100, MPI_CHARACTER, 1, 3, MPI_COMM_WORLD, ierr)
				  if (rank == 1) call MPI_Recv(buf, 100, MPI_CHARACTER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st, ierr)
				  call MPI_Allreduce(x, y, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
				  call MPI_Finalize(ierr)
				end program
				""", 2);
		// Send 100 bytes 0 -> 4, wildcard receive 4, Allreduce 4 + 14
		assertEquals(List.of(18.0, 18.0), ends(p));
	}

	/** ... and use mpi_f08 programs, through the ompi_*_f functions. */
	@Test
	void testFortranF08() throws Exception {
		ReverseProfiler.Prediction p = run("h.f90", """
				program h
				  use mpi_f08
				  integer rank
				  type(MPI_Status) st
				  double precision x, y
				  character buf(100)
				  call MPI_Init()
				  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
				  x = 1
				  if (rank == 0) call MPI_Send(buf, 100, MPI_CHARACTER, 1, 3, MPI_COMM_WORLD)
				  if (rank == 1) call MPI_Recv(buf, 100, MPI_CHARACTER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, st)
				  call MPI_Allreduce(x, y, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
				  call MPI_Finalize()
				end program
				""", 2);
		assertEquals(List.of(18.0, 18.0), ends(p));
	}

	/**
	 * Every C entry point of the library has its Fortran ones (mpi_x_, mpi_x__ and Open MPI's ompi_x_f, which the
	 * mpi_f08 module calls), so that no call a C program has timed or reported goes untimed from Fortran.
	 */
	@Test
	void testEveryCallHasFortranEntryPoints() throws Exception {
		assumeTrue(installed() || System.getenv("CI") != null, "Open MPI is not installed");
		Path library = ReverseProfiler.library(dir.resolve("cache")).resolve("librevprof.so");
		Process nm = new ProcessBuilder("nm", "-D", "--defined-only", library.toString()).redirectErrorStream(true)
				.start();
		List<String> symbols = new String(nm.getInputStream().readAllBytes()).lines()
				.map(l -> l.substring(l.lastIndexOf(' ') + 1)).toList();
		assertEquals(0, nm.waitFor(), String.join("\n", symbols));
		List<String> c = symbols.stream().filter(n -> n.startsWith("MPI_")).toList();
		assertTrue(c.size() > 80, "C entry points: " + c);
		List<String> missing = c.stream().map(n -> n.toLowerCase(java.util.Locale.ROOT))
				.flatMap(n -> java.util.stream.Stream.of(n + "_", n + "__", "o" + n + "_f"))
				.filter(n -> !symbols.contains(n)).toList();
		assertEquals(List.of(), missing);
	}

	/**
	 * A Fortran (mpif.h) program calling every family the library covers, with known answers from {@link #SUMMARY}:
	 * nonblocking pairs completed by each completion call (Fortran's indices count from 1), the send modes,
	 * persistent requests, matched probes, every collective and its nonblocking form on a duplicate, a split and a
	 * cartesian communicator; MPI_Comm_idup is reported as from C.
	 */
	@Test
	void testFortranCoversEveryFamily() throws Exception {
		ReverseProfiler.Prediction p = run("cover.f90", """
				program cover
				  include 'mpif.h'
				  integer ierr, rank, other, idx, outc, total, dup, half, cart, sub, msg, idup
				  logical flag, found
				  integer r(2), pr, st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 2), ids(2)
				  integer counts(2), displs(2), ones(2), onedispl(2), types(2), x(4), y(8), dims(1)
				  logical periods(1), remain(1)
				  character a(800), b(1600)
				  call MPI_Init(ierr)
				  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
				  other = 1 - rank
				  x = 1
				  a = 'a'
				  ! nonblocking pairs, completed by Waitall, Waitany, Testall, Waitsome, Testsome, Testany and Test
				  call MPI_Irecv(b, 800, MPI_CHARACTER, other, 1, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Isend(a, 800, MPI_CHARACTER, other, 1, MPI_COMM_WORLD, r(2), ierr)
				  call MPI_Waitall(2, r, sts, ierr)
				  call MPI_Irecv(b, 700, MPI_CHARACTER, other, 2, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Issend(a, 700, MPI_CHARACTER, other, 2, MPI_COMM_WORLD, r(2), ierr)
				  call MPI_Waitany(2, r, idx, st, ierr)
				  if (idx < 1 .or. idx > 2) print *, 'wrong index', idx
				  call MPI_Waitany(2, r, idx, st, ierr)
				  if (idx < 1 .or. idx > 2) print *, 'wrong index', idx
				  call MPI_Irecv(b, 600, MPI_CHARACTER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Ibsend(a, 0, MPI_CHARACTER, other, 3, MPI_COMM_WORLD, r(2), ierr)
				  call MPI_Waitall(2, r, MPI_STATUSES_IGNORE, ierr)
				  call MPI_Irecv(b, 600, MPI_CHARACTER, other, 3, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Isend(a, 600, MPI_CHARACTER, other, 3, MPI_COMM_WORLD, r(2), ierr)
				  flag = .false.
				  do while (.not. flag)
				    call MPI_Testall(2, r, flag, sts, ierr)
				  end do
				  if (sts(MPI_SOURCE, 1) /= other .or. sts(MPI_TAG, 1) /= 3) print *, 'wrong status'
				  call MPI_Irecv(b, 500, MPI_CHARACTER, other, 4, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Isend(a, 500, MPI_CHARACTER, other, 4, MPI_COMM_WORLD, r(2), ierr)
				  total = 0
				  do while (total < 2)
				    call MPI_Waitsome(2, r, outc, ids, sts, ierr)
				    if (ids(1) < 1 .or. ids(1) > 2) print *, 'wrong indices', ids(1)
				    total = total + outc
				  end do
				  call MPI_Irecv(b, 400, MPI_CHARACTER, other, 5, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Isend(a, 400, MPI_CHARACTER, other, 5, MPI_COMM_WORLD, r(2), ierr)
				  total = 0
				  do while (total < 2)
				    call MPI_Testsome(2, r, outc, ids, sts, ierr)
				    total = total + outc
				  end do
				  call MPI_Irecv(b, 300, MPI_CHARACTER, other, 6, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Isend(a, 300, MPI_CHARACTER, other, 6, MPI_COMM_WORLD, r(2), ierr)
				  flag = .false.
				  do while (.not. flag)
				    call MPI_Testany(2, r, idx, flag, st, ierr)
				  end do
				  if (idx < 1 .or. idx > 2) print *, 'wrong index', idx
				  flag = .false.
				  do while (.not. flag)
				    call MPI_Test(r(3 - idx), flag, st, ierr)
				  end do
				  ! the send modes, Sendrecv and Sendrecv_replace
				  call MPI_Sendrecv(a, 100, MPI_CHARACTER, other, 7, b, 100, MPI_CHARACTER, other, 7, MPI_COMM_WORLD, st, ierr)
				  if (rank == 0) then
				    call MPI_Ssend(a, 200, MPI_CHARACTER, 1, 8, MPI_COMM_WORLD, ierr)
				  else
				    call MPI_Recv(b, 200, MPI_CHARACTER, 0, 8, MPI_COMM_WORLD, st, ierr)
				  end if
				  call MPI_Sendrecv_replace(a, 100, MPI_CHARACTER, other, 9, other, 9, MPI_COMM_WORLD, st, ierr)
				  if (rank == 1) call MPI_Irecv(b, 400, MPI_CHARACTER, 0, 10, MPI_COMM_WORLD, r(1), ierr)
				  call MPI_Barrier(MPI_COMM_WORLD, ierr)
				  if (rank == 0) then
				    call MPI_Rsend(a, 400, MPI_CHARACTER, 1, 10, MPI_COMM_WORLD, ierr)
				  else
				    call MPI_Wait(r(1), st, ierr)
				  end if
				  ! persistent requests, matched probes
				  if (rank == 0) then
				    call MPI_Send_init(a, 100, MPI_CHARACTER, 1, 11, MPI_COMM_WORLD, pr, ierr)
				  else
				    call MPI_Recv_init(b, 100, MPI_CHARACTER, MPI_ANY_SOURCE, 11, MPI_COMM_WORLD, pr, ierr)
				  end if
				  call MPI_Start(pr, ierr)
				  call MPI_Wait(pr, st, ierr)
				  call MPI_Startall(1, pr, ierr)
				  call MPI_Wait(pr, st, ierr)
				  call MPI_Request_free(pr, ierr)
				  if (rank == 1) then
				    call MPI_Send(a, 200, MPI_CHARACTER, 0, 12, MPI_COMM_WORLD, ierr)
				  else
				    call MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, msg, st, ierr)
				    call MPI_Mrecv(b, 200, MPI_CHARACTER, msg, st, ierr)
				  end if
				  if (rank == 0) then
				    call MPI_Send(a, 300, MPI_CHARACTER, 1, 13, MPI_COMM_WORLD, ierr)
				  else
				    found = .false.
				    do while (.not. found)
				      call MPI_Improbe(0, 13, MPI_COMM_WORLD, found, msg, st, ierr)
				    end do
				    call MPI_Imrecv(b, 300, MPI_CHARACTER, msg, r(1), ierr)
				    call MPI_Wait(r(1), st, ierr)
				  end if
				  ! collectives on a duplicate, a split half and a cartesian topology
				  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
				  counts = (/ 10, 20 /)
				  displs = (/ 0, 100 /)
				  ones = 10
				  onedispl = (/ 0, 10 /)
				  types = MPI_CHARACTER
				  call MPI_Bcast(b, 400, MPI_CHARACTER, 0, dup, ierr)
				  call MPI_Allreduce(x, y, 2, MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Allgather(a, 10, MPI_CHARACTER, b, 10, MPI_CHARACTER, dup, ierr)
				  call MPI_Alltoall(a, 10, MPI_CHARACTER, b, 10, MPI_CHARACTER, dup, ierr)
				  call MPI_Allgatherv(a, counts(rank + 1), MPI_CHARACTER, b, counts, displs, MPI_CHARACTER, dup, ierr)
				  call MPI_Alltoallv(a, ones, onedispl, MPI_CHARACTER, b, ones, onedispl, MPI_CHARACTER, dup, ierr)
				  call MPI_Alltoallw(a, ones, onedispl, types, b, ones, onedispl, types, dup, ierr)
				  call MPI_Gather(a, 10, MPI_CHARACTER, b, 10, MPI_CHARACTER, 0, dup, ierr)
				  call MPI_Gatherv(a, counts(rank + 1), MPI_CHARACTER, b, counts, displs, MPI_CHARACTER, 0, dup, ierr)
				  call MPI_Scatter(b, 10, MPI_CHARACTER, a, 10, MPI_CHARACTER, 1, dup, ierr)
				  call MPI_Scatterv(b, counts, displs, MPI_CHARACTER, a, counts(rank + 1), MPI_CHARACTER, 0, dup, ierr)
				  call MPI_Reduce_scatter(x, y, (/ 1, 1 /), MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Reduce_scatter_block(x, y, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Scan(x, y, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Exscan(x, y, 1, MPI_INTEGER, MPI_SUM, dup, ierr)
				  call MPI_Reduce(x, y, 1, MPI_INTEGER, MPI_SUM, 0, dup, ierr)
				  call MPI_Ibarrier(dup, r(1), ierr)
				  flag = .false.
				  do while (.not. flag)
				    call MPI_Test(r(1), flag, st, ierr)
				  end do
				  call MPI_Ibcast(b, 400, MPI_CHARACTER, 0, dup, r(1), ierr)
				  call MPI_Wait(r(1), st, ierr)
				  call MPI_Ialltoall(x, 1, MPI_INTEGER, y, 1, MPI_INTEGER, dup, r(1), ierr)
				  call MPI_Iallreduce(x, y, 2, MPI_INTEGER, MPI_SUM, dup, r(2), ierr)
				  call MPI_Waitall(2, r, sts, ierr)
				  call MPI_Igatherv(a, counts(rank + 1), MPI_CHARACTER, b, counts, displs, MPI_CHARACTER, 0, dup, r(1), ierr)
				  call MPI_Iscan(x, y, 1, MPI_INTEGER, MPI_SUM, dup, r(2), ierr)
				  call MPI_Waitall(2, r, MPI_STATUSES_IGNORE, ierr)
				  call MPI_Comm_split(MPI_COMM_WORLD, rank, 0, half, ierr)
				  call MPI_Allreduce(x, y, 1, MPI_INTEGER, MPI_SUM, half, ierr)
				  dims(1) = 2
				  periods(1) = .true.
				  call MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, .false., cart, ierr)
				  call MPI_Barrier(cart, ierr)
				  remain(1) = .false.
				  call MPI_Cart_sub(cart, remain, sub, ierr)
				  call MPI_Barrier(sub, ierr)
				  call MPI_Comm_free(sub, ierr)
				  call MPI_Comm_free(cart, ierr)
				  call MPI_Comm_free(half, ierr)
				  call MPI_Comm_free(dup, ierr)
				  call MPI_Comm_idup(MPI_COMM_WORLD, idup, r(1), ierr)
				  call MPI_Wait(r(1), st, ierr)
				  call MPI_Finalize(ierr)
				end program
				""", 2);
		assertFalse(p.output().contains("wrong"), p.output());
		assertTrue(p.output().contains("revprof: MPI_Comm_idup called 2 times: not covered, not timed"), p.output());
		assertTrue(p.output().contains("revprof: MPI_Reduce is not in the summary: its 1 calls cost nothing"),
				p.output());
		// pairs of 800, 700, 0, 600, 500, 400, 300 bytes: T_Send = 3 + 0.01 d (Issend and Ibsend too: no equation
		// of their own); Sendrecv 4, Ssend 5 + 2, replace 4, Barrier 20 + 5 p, Rsend 7, two persistent sends 4 each,
		// Mrecv 5, Imrecv 6; on the duplicate (p = 2): Bcast 9, Allreduce 14 (twice), Allgather 4, Alltoall 5, the
		// v and w variants by their families' equations on the largest block (20 bytes), Reduce_scatter and
		// Exscan by Allreduce's, Scan 8, Reduce nothing; Ibarrier 30, Ibcast 9, Ialltoall 4.4 and Iallreduce 14
		// from the same start, Igatherv 7 and Iscan 14 (Allreduce's) from the same start; Allreduce on a half of
		// one process 12, Barrier on the cartesian communicator 30 and on its sub-communicator of one 25
		List<Double> expected = List.of(11.0, 11.0, 21.0, 21.0, 24.0, 24.0, 33.0, 33.0, 41.0, 41.0, 48.0, 48.0,
				54.0, 54.0, 58.0, 58.0, 65.0, 69.0, 69.0, 99.0, 106.0, 110.0, 114.0, 119.0, 125.0, 134.0, 148.0,
				162.0, 166.0, 171.0, 176.0, 181.0, 186.0, 192.0, 199.0, 206.0, 214.0, 228.0, 242.0, 250.0, 264.0,
				264.0, 294.0, 303.0, 307.4, 317.0, 324.0, 331.0, 343.0, 373.0, 398.0);
		assertEquals(expected, p.ranks().get(0).events().stream().map(ReverseProfiler.Event::end).toList());
		assertEquals(List.of(398.0, 398.0), ends(p));
		assertEquals(p.ranks().get(0).events().stream().filter(e -> e.kind().equals("coll")).toList(),
				p.ranks().get(1).events().stream().filter(e -> e.kind().equals("coll")).toList());
	}

	/** A build is named by every input: editing an included header builds the program again. */
	@Test
	void testHeaderChangeRebuilds() throws Exception {
		assumeTrue(installed() || System.getenv("CI") != null, "Open MPI is not installed");
		Path folder = Files.createDirectories(dir.resolve("with space"));
		Files.writeString(folder.resolve("n.h"), "#define N 1\n");
		Path program = folder.resolve("q.c");
		Files.writeString(program, "#include <mpi.h>\n#include \"n.h\"\nint main(int c, char **v) { MPI_Init(&c, &v); "
				+ "MPI_Barrier(MPI_COMM_WORLD); MPI_Finalize(); return N - 1; }\n");
		Path cache = dir.resolve("cache with space");
		Path first = ReverseProfiler.compileProgram(program, cache);
		assertEquals(first, ReverseProfiler.compileProgram(program, cache));
		Files.writeString(folder.resolve("n.h"), "#define N 2\n");
		assertFalse(first.equals(ReverseProfiler.compileProgram(program, cache)), "the header changed");
		Files.writeString(folder.resolve("n.h"), "#define N 1\n");
		Files.writeString(dir.resolve("s.txt"), SUMMARY);
		// the library's path has a space: preloaded from a copy
		ReverseProfiler.Prediction p = ReverseProfiler.run(ReverseProfiler.compileProgram(program, cache), List.of(), 2,
				dir.resolve("s.txt"), 1, cache, TIMEOUT);
		assertEquals(List.of(30.0, 30.0), ends(p));
	}
}
