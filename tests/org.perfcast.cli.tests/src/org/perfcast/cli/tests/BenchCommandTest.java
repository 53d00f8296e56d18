package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.cli.ExitCode;

class BenchCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private int run(String... args) {
		return cli.run(args);
	}

	private static String examples() {
		return System.getProperty("perfcast.examples", "../../examples");
	}

	@Test
	void testListAndOneMeasuredBenchmarkAsJson() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		assertTrue(cli.out().startsWith("validate-examples"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, run("bench", "validate-examples", "--iterations", "3", "--json", "--examples", examples()));
		String json = cli.out();
		assertTrue(json.matches("(?s)\\[\\s*\\{\"name\": \"validate-examples\", \"medianMs\": [0-9.E-]+, \"minMs\": [0-9.E-]+, "
				+ "\"iterations\": 3\\}\\s*\\]\\s*"), json);
	}

	@Test
	void testTraceBenchmarks() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		assertTrue(cli.out().contains("\ntrace-1e8                replay and Direct simulation on 4 processors of a synthetic "
				+ "recording of 100000000 events (8 workers) streamed from its binary form (run only when named)"), cli.out());
		assertTrue(cli.out().contains("\ntrace-client-server-1e6  replay and Client-Server simulation on 4 processors"),
				cli.out());
		assertTrue(cli.out().matches("(?s).*\ntrace-client-server-1e8 [^\n]*\\(run only when named\\)\n.*"), cli.out());
		assertTrue(cli.out().contains("\nmpi-replay-1e6           streamed replay of a recorded MPI run: 1000000 events"),
				cli.out());
		assertTrue(cli.out().matches("(?s).*\nmpi-replay-1e8 [^\n]*\\(run only when named\\)\n.*"), cli.out());
		for (String shape : List.of("token-ring", "locks", "threads", "signals")) {
			assertTrue(cli.out().contains("\ntrace-" + shape + "-1e6 "), cli.out());
			assertTrue(cli.out().matches("(?s).*\ntrace-" + shape + "-1e7 [^\n]*\\(run only when named\\)\n.*"), cli.out());
		}
		cli.reset();
		assertEquals(ExitCode.OK, run("bench", "trace-1e6", "trace-token-ring-1e6", "trace-client-server-1e6",
				"mpi-replay-1e6", "--iterations", "1", "--examples", examples()));
		assertTrue(cli.out().startsWith("trace-1e6                median "), cli.out());
		assertTrue(cli.out().contains("\ntrace-token-ring-1e6     median "), cli.out());
		assertTrue(cli.out().contains("\ntrace-client-server-1e6  median "), cli.out());
		assertTrue(cli.out().matches("(?s).*\nmpi-replay-1e6           median [^\n]* events/s, peak resident .*"), cli.out());
	}

	@Test
	void testRunOverheadBenchmark() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		assertTrue(cli.out().contains("\nrun-overhead             SweepRunner on 10000 points of an engine that does no work"),
				cli.out());
	}

	@Test
	void testMappingBenchmarksOfTheExamplePrograms() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		assertTrue(cli.out().contains("\nmapping-loop             load, validate and predict linear-array/loop.program"), cli.out());
		assertTrue(cli.out().contains("\nmapping-matvec           load, validate and predict matvec-ring/matvec.program"),
				cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, run("bench", "mapping-loop", "--iterations", "2", "--examples", examples()));
		assertTrue(cli.out().startsWith("mapping-loop             median "), cli.out());
	}

	@Test
	void testMappingEngineBenchmark() {
		assertEquals(ExitCode.OK, run("bench", "mapping-matvec-P6", "--iterations", "2", "--json", "--examples", examples()));
		assertTrue(cli.out().matches("(?s)\\[\\s*\\{\"name\": \"mapping-matvec-P6\", \"medianMs\": [0-9.E-]+, .*"),
				cli.out());
	}

	@Test
	void testLoggpProgramBenchmarksReportMessagesPerSecondAndPeakMemory() {
		assertEquals(ExitCode.OK, run("bench", "--list", "--examples", examples()));
		for (String name : new String[] { "loggp-program-1e5", "loggp-program-1e6", "loggp-program-1e7",
				"loggp-bcast-2e19" }) {
			assertTrue(cli.out().contains("\n" + name + " "), cli.out());
		}
		assertTrue(cli.out().contains("\nloggp-program-1e8        LogGP simulation of random-steps.program: 100 steps of "
				+ "1000000 scattered messages of 1 to 4096 bytes on 4096 processes (run only when named)"), cli.out());
		cli.reset();
		assertEquals(ExitCode.OK, run("bench", "loggp-program-1e5", "--iterations", "1", "--json", "--examples",
				examples()));
		assertTrue(cli.out().matches("(?s)\\[\\s*\\{\"name\": \"loggp-program-1e5\", \"medianMs\": [0-9.E-]+, \"minMs\": "
				+ "[0-9.E-]+, \"iterations\": 1, \"perSecond\": [0-9.E-]+, \"unit\": \"messages\", \"peakResidentMiB\": "
				+ "[0-9]+\\}\\s*\\]\\s*"), cli.out());
	}

	@Test
	void testBadArguments() {
		assertEquals(ExitCode.USAGE, run("bench", "nosuch", "--examples", examples()));
		assertTrue(cli.err().startsWith("perfcast bench: unknown benchmark 'nosuch'; known: validate-examples"));
		cli.reset();
		assertEquals(ExitCode.USAGE, run("bench", "--iterations", "0"));
		assertTrue(cli.err().startsWith("perfcast bench: --iterations needs a whole number of at least 1, not '0'"));
	}
}
