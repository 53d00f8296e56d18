package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.perfcast.cli.ExitCode;

class MappingCommandTest {

	private final CommandRunner cli = new CommandRunner();

	private static String example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative).toString();
	}

	@Test
	void testRankingOfTheLoopProgram() {
		String loop = example("linear-array/loop.program");
		assertEquals(ExitCode.OK, cli.run("mapping", loop));
		String out = cli.out();
		assertTrue(out.startsWith("parallel loop: N = 1000, BB = 100, P = 10, x = 1, y = 1, K = 0, LF = 1, cost per item = 1\n"
				+ "best: loop body pipelining\n1. pipeline     T = 10090\n"), out);
		assertTrue(out.contains("2. block        T = 12900  (declared)\n"), out);
		assertTrue(out.contains("  BB = 3222 (29000/9): pipeline faster below, block above\n"), out);
		assertTrue(cli.err().contains("interleaved data partitioning needs a loop body without neighbourhood"), cli.err());
		assertTrue(cli.err().contains("warning: Program 'parallel loop, block data partitioning': the declared block data "
				+ "partitioning (T = 12900) is predicted 28 % slower than loop body pipelining (T = 10090)"), cli.err());
	}

	@Test
	void testJson() {
		assertEquals(ExitCode.OK, cli.run("mapping", example("linear-array/loop.program"), "--set", "N=10000", "--set", "BB=50",
				"--set", "LF=1.5", "--technique", "block", "--technique", "pipeline", "--json"));
		String json = cli.out();
		assertTrue(json.startsWith("{\n  \"best\": \"pipeline\",\n  \"techniques\": [\n    {\"name\": \"pipeline\", \"T\": 75042.5, "
				+ "\"Tlower\": 75042.5, \"Tupper\": 75042.5,\n      \"components\": [\n        {\"SEQ\": 47222.2222222, \"CL\": 20000, "
				+ "\"SD\": 0, \"OL\": 20000, \"T\": 47222.2222222},"), json);
		assertTrue(json.contains("{\"name\": \"block\", \"T\": 79000, \"Tlower\": 79000, \"Tupper\": 79000,"), json);
		assertTrue(json.contains("{\"SEQ\": 50000, \"CL\": 20000, \"SD\": 9000, \"OL\": 0, \"T\": 79000}\n      ]}"), json);
		assertTrue(json.contains("\"crossovers\": [\n    {\"parameter\": \"BB\", \"value\": 57.9015673355, \"exact\": "
				+ "\"580000/10017\", \"below\": \"pipeline\", \"above\": \"block\"},\n    {\"parameter\": \"N\", \"value\": 110, "
				+ "\"exact\": \"110\", \"below\": \"block\", \"above\": \"pipeline\"}\n  ]\n}"), json);
	}

	@Test
	void testTooCloseToCall() {
		assertEquals(ExitCode.OK, cli.run("mapping", example("linear-array/loop.program"), "--set", "N=10000", "--set", "BB=57",
				"--set", "LF=1.5", "--set", "BB_lower=50", "--set", "BB_upper=66", "--json"));
		String json = cli.out();
		assertTrue(json.startsWith("{\n  \"best\": \"too close to call\",\n  \"techniques\": [\n    {\"name\": \"pipeline\", "
				+ "\"T\": 85548.45, \"Tlower\": 75042.5, \"Tupper\": 99056.1,"), json);
		assertTrue(json.contains("{\"name\": \"block\", \"T\": 86000, \"Tlower\": 79000, \"Tupper\": 95000,"), json);
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("mapping", example("linear-array/loop.program"), "--set", "N=10000", "--set", "BB=57",
				"--set", "LF=1.5", "--set", "BB_lower=56.9", "--set", "BB_upper=57.1"));
		assertTrue(cli.out().contains("\nbest: loop body pipelining\n"), cli.out());
	}

	@Test
	void testGeneralProgram() {
		assertEquals(ExitCode.OK, cli.run("mapping", example("matvec-ring/matvec.program"), "--json"));
		assertTrue(cli.out().startsWith("{\n  \"best\": \"program\",\n  \"techniques\": [\n    {\"name\": \"program\", \"T\": 315, "
				+ "\"Tlower\": 315, \"Tupper\": 315,"), cli.out());
		assertTrue(cli.out().endsWith("\"crossovers\": []\n}\n"), cli.out());
	}

	@Test
	void testErrors() {
		String loop = example("linear-array/loop.program");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mapping", loop, "--technique", "interleaved"));
		assertTrue(cli.err().contains(": error: Program 'parallel loop, block data partitioning': interleaved data partitioning "
				+ "needs a loop body without neighbourhood (x = y = 0), but x = 1 and y = 1"), cli.err());
		assertEquals("", cli.out());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mapping", loop, "--set", "P=20", "--set", "N=10"));
		assertTrue(cli.err().contains("P = 20 processors exceed the N = 10 loop iterations"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mapping", loop, "--set", "LF=0.5"));
		assertTrue(cli.err().contains("load factor LF must be between 1 and P = 10, was 1/2"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mapping", loop, "--set", "BB=-1"));
		assertTrue(cli.err().contains("loop body cost BB must not be negative, was -1"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("mapping", loop, "--technique", "cyclic"));
		assertTrue(cli.err().startsWith("perfcast mapping: --technique: unknown mapping technique 'cyclic'; expected block, "
				+ "interleaved or pipeline"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("mapping", example("linear-array/array.machine")));
		assertTrue(cli.err().contains("array.machine: error: not a program model: expected a .program file"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("mapping"));
		assertTrue(cli.err().startsWith("perfcast mapping: missing FILE"), cli.err());
	}
}
