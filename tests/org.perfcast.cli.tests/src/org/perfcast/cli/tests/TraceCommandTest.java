package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class TraceCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private static String vppb(String name) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve("vppb").resolve(name).toString();
	}

	@Test
	void testAutoChoosesClientServerForQ() {
		assertEquals(ExitCode.OK, cli.run("trace", vppb("q.vtrace"), "--processors", "3", "--bind", "P1=0,P2=1,P3=2"),
				cli.err());
		assertTrue(cli.out().startsWith("client-server model, " + vppb("q.vtrace") + " on 3 processors"), cli.out());
		assertTrue(cli.out().contains("  auto: Direct deadlocks (deadlock at 7: P1 activating P2 with X; P2 activating "
				+ "P1 with X; P3 waiting for X); Client-Server does not\n"), cli.out());
		assertTrue(cli.out().contains("completion 10, speedup 2.1\n"), cli.out());
	}

	@Test
	void testDeadlockAsJsonExitsWith3() {
		assertEquals(ExitCode.DEADLOCK, cli.run("trace", vppb("r.vtrace"), "--processors", "4", "--model",
				"client-server", "--json"));
		String json = cli.out();
		assertTrue(json.startsWith("{\"model\": \"client-server\", \"choice\": \"\", \"completion\": null, \"deadlock\": "
				+ "{\"time\": 12, \"blocked\": [{\"thread\": \"P1\", \"waitsFor\": \"activating P2 with X\"}, "
				+ "{\"thread\": \"P2\", \"waitsFor\": \"activating P1 with X\"}, {\"thread\": \"P3\", \"waitsFor\": "
				+ "\"between lists, waiting for X from P1\"}]}, \"speedup\": null, \"oneProcessor\": 39, \"processors\": 4, "
				+ "\"threads\": ["), json);
		assertTrue(json.contains("\"criticalPath\": ["), json);
	}

	@Test
	void testStrictSequenceOfPAsJson() {
		assertEquals(ExitCode.OK, cli.run("trace", vppb("p.vtrace"), "--processors", "2", "--bind",
				"P1=0,P2=0,P3=1,P4=1", "--model", "strict", "--json"));
		assertTrue(cli.out().startsWith("{\"model\": \"strict\", \"choice\": \"\", \"completion\": 12, \"deadlock\": null, "
				+ "\"speedup\": 1.5, \"oneProcessor\": 18, \"processors\": 2, \"threads\": [\n  {\"name\": \"P1\", "
				+ "\"displayName\": null, \"exit\": 9, \"intervals\": [{\"state\": \"running\", \"start\": 0, \"end\": 1, "
				+ "\"processor\": 0, \"detail\": \"on CPU 0\"}"),
				cli.out());
		assertTrue(cli.out().contains("{\"state\": \"blocked\", \"start\": 3, \"end\": 5, \"processor\": -1, \"detail\": "
				+ "\"waiting for X from P2\"}"), cli.out());
		assertTrue(cli.out().contains("{\"from\": \"P2\", \"to\": \"P1\", \"event\": \"X\", \"sent\": 5, \"accepted\": 5}"),
				cli.out());
	}

	@Test
	void testBadTracesAndOptions(@TempDir Path dir) throws Exception {
		Path bad = dir.resolve("bad.vtrace");
		Files.writeString(bad, "@priority A > B\n0 A create B\n2 B exit\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("trace", bad.toString()));
		assertTrue(cli.err().startsWith(bad + ":3:1: error: an event of B at time 2, but A should be running: it is "
				+ "ready and has a higher priority (@priority A > B)"), cli.err());
		Files.writeString(bad, "0 A wait\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("trace", bad.toString()));
		assertTrue(cli.err().contains(":1:1: error: 'wait' takes 1 argument (wait EVENT), got 0"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", vppb("p.vtrace"), "--model", "fast"));
		assertTrue(cli.err().contains("fast"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", vppb("p.vtrace"), "--bind", "P9=0"));
		assertTrue(cli.err().contains("the binding names thread P9, which the trace does not have"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", vppb("p.vtrace"), "--processors", "2", "--bind", "P1=5"));
		assertTrue(cli.err().contains("processors are 0 to 1"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", vppb("p.vtrace"), "--processors", "0"));
		assertEquals(ExitCode.INPUT_ERROR, cli.run("trace", dir.resolve("missing.vtrace").toString()));
	}

	/** Three workers contend for m; see WaitingPointsTest in the trace tests for the numbers. */
	@Test
	void testWaitingPoints(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("hot.vtrace");
		Files.writeString(trace, """
				0 M create A cpu=0 at=Main.java:5
				0 M create B cpu=0 at=Main.java:5
				0 M create C cpu=0 at=Main.java:5
				1 A lock m cpu=1 at=Worker.java:20
				7 A unlock m cpu=7 at=Worker.java:22
				7 A exit cpu=7
				8 B lock m cpu=1 at=Worker.java:10
				12 B unlock m cpu=5 at=Worker.java:12
				12 B exit cpu=5
				13 C lock m cpu=1 at=Worker.java:10
				17 C unlock m cpu=5 at=Worker.java:12
				17 C exit cpu=5
				17 M join A cpu=0 at=Main.java:7
				17 M join B cpu=0 at=Main.java:7
				17 M join C cpu=0 at=Main.java:7
				17 M exit cpu=0
				""");
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "4"), cli.err());
		assertTrue(cli.out().endsWith("""
				waiting points (share of the threads' time blocked there):
				     33 %  Worker.java:10           lock m, held longest at Worker.java:20; on the critical path
				     31 %  Main.java:7              join A and 2 others; on the critical path
				"""), cli.out());
		CommandRunner json = new CommandRunner();
		assertEquals(ExitCode.OK, json.run("trace", trace.toString(), "--processors", "4", "--json"), json.err());
		assertTrue(json.out().contains(", \"waitingPoints\": [{\"at\": \"Worker.java:10\", \"traceLine\": 7, "
				+ "\"kind\": \"lock\", \"object\": \"m\", \"objects\": 1, \"waits\": 2, \"blocked\": 16, "
				+ "\"share\": 0.333333333333, \"longest\": 10, \"criticalPath\": true, \"heldLongestAt\": "
				+ "\"Worker.java:20\", \"heldFor\": 12, \"waiter\": \"C\"},\n  {\"at\": \"Main.java:7\""), json.out());
		assertTrue(json.out().startsWith("{\"model\": \"direct\", \"choice\": \"auto: the Direct model does not "
				+ "deadlock\", \"completion\": 15,"), json.out());
	}

	/** A team of 4 whose blocks cost 1, 2, 3 and 4 s; TeamResizeTest in the trace tests has the numbers. */
	static final String OPENMP = """
			@recorded pthreads
			@unit s
			0 main create T1 cpu=0
			0 main create T2 cpu=0
			0 main create T3 cpu=0
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 main post omp.fork.1 cpu=2 at=kernel.c:10
			2 T1 take omp.fork.1 cpu=0 at=kernel.c:10
			4 T1 post omp.barrier.1.0 cpu=2
			4 T2 take omp.fork.1 cpu=0 at=kernel.c:10
			7 T2 post omp.barrier.1.0 cpu=3
			7 T3 take omp.fork.1 cpu=0 at=kernel.c:10
			11 T3 post omp.barrier.1.0 cpu=4
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main take omp.barrier.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 main post omp.release.1.0 cpu=3 at=kernel.c:10
			12 T3 exit cpu=4
			12 T2 exit cpu=3
			12 T1 exit cpu=2
			13 main exit cpu=4
			@end
			""";

	@Test
	void testThreadsResizesAnOpenMpTeam(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("omp.vtrace");
		Files.writeString(trace, OPENMP);
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "4"), cli.err());
		assertTrue(cli.out().contains("completion 7 s, speedup 1.857\n"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "8", "--threads", "8"), cli.err());
		assertEquals(trace + ": info: extrapolation: team of 8 from a recording of 4 (region 1): each thread's block is "
				+ "assumed to cost the same per iteration\n", cli.err());
		assertTrue(cli.out().startsWith("direct model, " + trace + " on 8 processors: 8 threads, one processor 13 s\n"),
				cli.out());
		assertTrue(cli.out().contains("completion 5 s, speedup 2.6\n"), cli.out());
		CommandRunner json = new CommandRunner();
		assertEquals(ExitCode.OK, json.run("trace", trace.toString(), "--processors", "2", "--threads", "2", "--json"),
				json.err());
		assertTrue(json.out().startsWith("{\"model\": \"direct\", \"choice\": \"auto: the Direct model does not "
				+ "deadlock\", \"completion\": 10, \"deadlock\": null, \"speedup\": 1.3, \"oneProcessor\": 13, "
				+ "\"processors\": 2, \"threads\": [\n  {\"name\": \"main\""), json.out());
		// the self-check is of the recording as it ran, with its team of 4
		assertTrue(json.out().contains("\"selfCheck\": {\"elapsed\": 13, \"simulated\": 13, \"deviation\": 0, "
				+ "\"reliable\": true,"), json.out());
		assertTrue(json.out().endsWith("\"findings\": []}, \"resized\": {\"threads\": 2, \"notes\": [\"interpolation: team of 2 from a "
				+ "recording of 4 (region 1): each new block's cost is computed from the recorded blocks it covers (the "
				+ "sum of 2 whole ones)\"]}}\n"), json.out());
		cli.reset();
		Files.writeString(trace, OPENMP.replace("7 T2 post omp.barrier.1.0 cpu=3", "5 T2 lock omp.critical.0x60 cpu=1 "
				+ "at=kernel.c:12\n6 T2 unlock omp.critical.0x60 cpu=2 at=kernel.c:14\n7 T2 post omp.barrier.1.0 cpu=3"));
		assertEquals(ExitCode.INPUT_ERROR, cli.run("trace", trace.toString(), "--threads", "8"));
		assertTrue(cli.err().startsWith(trace + ":12:1: error: region 1 (kernel.c:10) has a critical section between its "
				+ "fork and its barrier 0 (T2: lock omp.critical.0x60 at kernel.c:12): only regions of static loops and "
				+ "other pure computation can be predicted for another team size; record with OMP_NUM_THREADS=8 "
				+ "instead"), cli.err());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--threads", "4"), cli.err());
		assertTrue(cli.err().contains("info: the recording's team is already of 4 threads (region 1): predicted as "
				+ "recorded"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", trace.toString(), "--threads", "0"));
		assertTrue(cli.err().contains("--threads needs 1 to 4096, not 0"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("trace", trace.toString(), "--threads", "many"));
		assertTrue(cli.err().contains("--threads needs a whole number, not 'many'"), cli.err());
		cli.reset();
		Files.writeString(trace, "0 M create A cpu=0\n1 A exit cpu=1\n1 M join A cpu=0\n1 M exit cpu=0\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("trace", trace.toString(), "--threads", "2"));
		assertTrue(cli.err().startsWith(trace + ": error: not a recording of an OpenMP program"), cli.err());
	}

	@Test
	void testRunSweepsTheTeam(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("omp.vtrace");
		Files.writeString(trace, OPENMP);
		assertEquals(ExitCode.OK, cli.run("run", "trace", trace.toString(), "--sweep", "threads=2,8", "--option",
				"processors=8", "--json", "--out", dir.resolve("results").toString()), cli.err());
		assertTrue(cli.out().contains("\"team\""), cli.out());
		assertTrue(cli.out().contains("extrapolation: team of 8"), cli.out() + cli.err());
	}

	@Test
	void testRunSweepsTheProcessors(@TempDir Path out) {
		assertEquals(ExitCode.OK, cli.run("run", "trace", vppb("p.vtrace"), "--sweep", "processors=1,2,4", "--json",
				"--out", out.toString()), cli.err());
		assertTrue(cli.out().contains("\"speedup\""), cli.out());
	}
	/** A run longer than --detail: the summary's line and JSON, the window's exact intervals, errors. */
	@Test
	void testDetailAndWindow(@TempDir Path dir) throws Exception {
		Path trace = dir.resolve("workers.vtraceb");
		assertEquals(ExitCode.OK, cli.run("bench", "--write-trace", trace.toString(), "--events", "20000", "--seed",
				"3"), cli.err());
		assertTrue(cli.out().contains("20000") || cli.out().contains("200"), cli.out());
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "4", "--detail", "500"), cli.err());
		assertTrue(cli.out().contains("  timelines: ") && cli.out().contains(" intervals, kept as the time in each state"
				+ " per "), cli.out());
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "4", "--detail", "500",
				"--window", "0.01:0.02", "--json"), cli.err());
		assertTrue(cli.out().contains("\"timelineSummary\": {\"bucketWidth\": "), cli.out());
		assertTrue(cli.out().contains("\"window\": [0.01, 0.02]}"), cli.out());
		assertEquals(ExitCode.OK, cli.run("trace", trace.toString(), "--processors", "4", "--json"), cli.err());
		assertTrue(cli.out().contains("\"timelineSummary\": null"), cli.out());
		assertEquals(ExitCode.USAGE, cli.run("trace", trace.toString(), "--window", "later"));
		assertTrue(cli.err().contains("window must be FROM:TO"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("bench", "--write-trace", trace.toString(), "--shape", "spiral"));
		assertTrue(cli.err().contains("unknown shape 'spiral'"), cli.err());
	}
}
