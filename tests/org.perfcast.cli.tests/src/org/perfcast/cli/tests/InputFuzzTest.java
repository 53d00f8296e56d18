package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.perfcast.engine.tests.fixtures.Mutations;

/**
 * Every parser the command line reaches, fed mutated copies of the examples (fixed seeds, 150 cases per format):
 * each ends in a result or in diagnostics at the right file, never in an internal error or a stack trace, and the
 * example files stay as they were.
 */
class InputFuzzTest {

	private static final int CASES = 150;

	@ParameterizedTest(name = "{0}")
	@CsvSource({
			"gauss-elim/here.machine, validate",
			"linear-array/array.machine, validate",
			"matvec-ring/matvec.program, validate",
			"gauss-elim/gauss-elim.program, validate",
			"matvec-ring/matvec.pamela, pamela",
			"matvec-ring/matvec.glamis, glamis",
			"queueing/central-server.qn, mva --customers 4",
			"vppb/p.vtrace, trace --processors 2",
			"mpi-characterisation/measurements.csv, fit" })
	void mutatedInputsAreDiagnosedNeverCrash(String example, String command, @TempDir Path dir) throws Exception {
		Path examples = Path.of(System.getProperty("perfcast.examples", "../../examples"));
		Path original = examples.resolve(example);
		assertTrue(Files.isRegularFile(original), "the example " + original);
		String text = Files.readString(original);
		// the folder's other files, so that references between models resolve as in the example
		for (Path sibling : Files.list(original.getParent()).filter(Files::isRegularFile).toList()) {
			Files.copy(sibling, dir.resolve(sibling.getFileName()));
		}
		Path file = dir.resolve(original.getFileName());
		Random random = new Random(example.hashCode());
		CommandRunner cli = new CommandRunner();
		for (int k = 0; k < CASES; k++) {
			String mutated = Mutations.text(text, random);
			Files.writeString(file, mutated);
			List<String> args = new ArrayList<>(List.of(command.split(" ")));
			args.add(1, file.toString());
			cli.reset();
			int status = cli.run(args.toArray(String[]::new));
			String err = cli.err();
			assertNotEquals(70, status, "case " + k + ", an internal error: " + err + "\n" + mutated);
			assertFalse(err.contains("Exception") || err.contains("\tat "), "case " + k + ", a stack trace: " + err
					+ "\n" + mutated);
			assertTrue(status != 1 || err.contains(file.getFileName().toString()) || err.contains("error"),
					"case " + k + ", an error names the file: " + err);
		}
		assertTrue(Files.readString(original).equals(text), "the example is untouched");
	}

	/** A device or a folder where a model belongs: a located error at once, not memory exhausted reading it. */
	@ParameterizedTest(name = "{0}")
	@CsvSource({ "pamela", "glamis", "mva --customers 2", "fit", "loggp-step", "replay", "trace --processors 2",
			"validate" })
	void devicesAndFoldersAreRefused(String command, @TempDir Path dir) {
		for (String input : List.of("/dev/zero", dir.toString())) {
			List<String> args = new ArrayList<>(List.of(command.split(" ")));
			args.add(1, input);
			CommandRunner cli = new CommandRunner();
			int status = cli.run(args.toArray(String[]::new));
			assertTrue(status == 1 || status == 2, command + " " + input + ": exit code " + status + ": " + cli.err());
			assertTrue(cli.err().contains(input) && !cli.err().contains("too large or too deeply nested"), command
					+ " " + input + ": " + cli.err());
		}
	}
}
