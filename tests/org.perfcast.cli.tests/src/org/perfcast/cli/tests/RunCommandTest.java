package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.ExitCode;
import org.perfcast.engine.tests.fixtures.SquareEngine;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.ResultsFiles;

class RunCommandTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner(new EngineRegistry().add(new SquareEngine()));
	private String model;

	@BeforeEach
	void writeModel() throws IOException {
		model = dir.resolve("m.square").toString();
		Files.writeString(Path.of(model), "square\n");
	}

	@Test
	void testWithoutEnginesSaysSo() {
		CommandRunner none = new CommandRunner(new EngineRegistry());
		assertEquals(ExitCode.OK, none.run("run"));
		assertEquals("No simulation engine is installed.\n", none.out());
		assertEquals(ExitCode.USAGE, none.run("run", "loggp", model));
		assertTrue(none.err().startsWith("perfcast run: unknown engine 'loggp'; no engine is installed"), none.err());
	}

	@Test
	void testBuiltinEngines() {
		CommandRunner builtin = new CommandRunner();
		assertEquals(ExitCode.OK, builtin.run("run"));
		assertTrue(builtin.out().startsWith("pamela  PAMELA serialization analysis 1.0  (*.pamela, *.program)\n"
				+ "  --option closedForm=boolean (default true)  "), builtin.out());
		assertTrue(builtin.out().contains("\nmapping  Mapping execution models 1.0  (*.program)\n"), builtin.out());
		assertTrue(builtin.out().contains("\nloggp  LogGP simulation of programs 1.0  (*.program)\n"), builtin.out());
		assertEquals(ExitCode.USAGE, builtin.run("run", "nosuch", model));
		assertTrue(builtin.err().startsWith("perfcast run: unknown engine 'nosuch'; available: pamela, mapping, glamis, "
				+ "loggp-step, loggp, trace, revprof"),
				builtin.err());
	}

	@Test
	void testListsEnginesAndOptions() {
		assertEquals(ExitCode.OK, cli.run("run"));
		assertTrue(cli.out().startsWith("square  Square test engine 1.0  (*.square)\n"
				+ "  --option delayMs=integer (default 0)  milliseconds each point sleeps, polling for cancel\n"), cli.out());
		assertTrue(cli.out().contains("  --option unit=choice {cycles|s} (default cycles)  the time unit\n"), cli.out());
	}

	@Test
	void testSweepWritesAResultsFileNextToTheModel() throws IOException {
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--set", "N=60", "--sweep", "P=1,2,4"), cli.err());
		String[] lines = cli.out().split("\n");
		assertTrue(lines[0].matches("N=60, P=1: T = 3.6 kcycles, work = 3600 ops, P = 1  \\([0-9.]+ (ns|µs|ms|s)\\)"), lines[0]);
		assertTrue(lines[2].startsWith("N=60, P=4: T = 900 cycles"), lines[2]);
		assertTrue(lines[3].matches("run completed: 3 of 3 points in [0-9.]+ (ns|µs|ms|s); results: .*/results/"
				+ "\\d{8}-\\d{6}-\\d{3}-square\\.results"), lines[3]);
		List<Path> files = ResultsFiles.list(dir.resolve("results"));
		assertEquals(1, files.size());
		Run run = ResultsFiles.load(files.get(0));
		assertEquals(RunStatus.COMPLETED, run.getStatus());
		assertEquals(3, run.getPoints().size());
		assertEquals(List.of(model), run.getInputFiles());
	}

	@Test
	void testRerunShowsWhatChanged() throws IOException {
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2"));
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2"));
		assertTrue(cli.out().matches("(?s).*\nunchanged since \\d{8}-\\d{6}-\\d{3}-square(-2)?\\.results\n"), cli.out());
		Files.writeString(Path.of(model), "factor = 2\n");
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2"));
		assertTrue(cli.out().matches("(?s).*\nchanged since .*\\.results:\n  T at P=1: 10 kcycles -> 20 kcycles \\(\\+100\\.0%\\)\n"
				+ "  T at P=2: 5 kcycles -> 10 kcycles \\(\\+100\\.0%\\)\n"), cli.out());
		assertEquals(3, ResultsFiles.list(dir.resolve("results")).size());
	}

	@Test
	void testGridAsJsonIntoAnotherFolder() throws IOException {
		Path out = dir.resolve("elsewhere");
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2", "--sweep", "N=10..20:10",
				"--option", "unit=s", "--threads", "1", "--json", "--out", out.toString()));
		assertTrue(cli.out().startsWith("{\"engine\": {\"id\": \"square\", \"name\": \"Square test engine\", \"version\": \"1.0\"}"),
				cli.out());
		assertTrue(cli.out().contains("\"options\": {\"delayMs\": \"0\", \"failAt\": \"-1\", \"unit\": \"s\"}"), cli.out());
		assertTrue(cli.out().contains("\"pointCount\": 4"), cli.out());
		assertTrue(cli.out().contains("{\"index\": 3, \"bindings\": {\"P\": 2, \"N\": 20}"), cli.out());
		assertTrue(cli.err().startsWith("results: " + out), cli.err());
		assertEquals(1, ResultsFiles.list(out).size());
	}

	@Test
	void testFailedPointIsReportedAndTheOthersRun() throws IOException {
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "square", model, "--sweep", "P=1..3", "--option", "failAt=2"));
		assertEquals(model + ":3: error: Step compute: P = 2.0 is refused on purpose\n", cli.err());
		assertTrue(cli.out().contains("run failed: 3 of 3 points"), cli.out());
		Run run = ResultsFiles.load(ResultsFiles.list(dir.resolve("results")).get(0));
		assertEquals(List.of(RunStatus.COMPLETED, RunStatus.FAILED, RunStatus.COMPLETED),
				run.getPoints().stream().map(p -> p.getStatus()).toList());
	}

	@Test
	void testUsageErrors() {
		assertEquals(ExitCode.USAGE, cli.run("run", "square", model, "--sweep", "P=3..1"));
		assertTrue(cli.err().startsWith("perfcast run: sweep 'P=3..1' is reversed: 3 is after 1\n"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("run", "square", model, "--option", "nope=1"));
		assertTrue(cli.err().startsWith("perfcast run: unknown option 'nope'; known: delayMs, failAt, unit\n"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("run", "nosuch", model));
		assertTrue(cli.err().startsWith("perfcast run: unknown engine 'nosuch'; available: square\n"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("run", "square", model, "--threads", "0"));
		assertTrue(cli.err().startsWith("perfcast run: --threads needs a whole number of at least 1, not '0'"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("run", "square", model, "--set", "N=x"));
		assertTrue(cli.err().startsWith("perfcast run: --set value of N: 'x' is not a number"), cli.err());
	}

	@Test
	void testInputErrors() throws IOException {
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "square", dir.resolve("missing.square").toString()));
		assertTrue(cli.err().endsWith("missing.square: error: cannot read the file: no such file\n"), cli.err());
		cli.reset();
		Path text = Files.writeString(dir.resolve("m.txt"), "");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "square", text.toString()));
		assertTrue(cli.err().endsWith("m.txt: error: Square test engine runs *.square files\n"), cli.err());
	}
}
