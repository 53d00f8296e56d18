package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

/**
 * The command line's text for people holds no raw number: none of seven or more digits, none of more than four
 * significant digits (JSON keeps the full values, and is not scanned).
 */
class HonestOutputsTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner();

	private static String example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative).toString();
	}

	@Test
	void testTheScannerFindsRawNumbersOnly() {
		assertEquals(2, HonestNumbers.offenders("12388992 µs over the processors; T = 1.23456 s").size());
		assertEquals(1, HonestNumbers.offenders("ticks 500000, 1000000 µs").size(), "500000 has one significant digit");
		assertEquals(List.of(), HonestNumbers.offenders("N=1048576: T = 12.39 s (+11.1%), version 0.1.0, "
				+ "20261129-085034-480-revprof.results at 08:50:34, 1.5E-7, 1 ms, 100000 points"));
	}

	@Test
	void testTextOutputsOfTheCommands() {
		List<String> found = new ArrayList<>();
		scan(found, "run", "loggp-step", example("loggp-step/figure3.pattern"), "--sweep", "g=10..40:5", "--out",
				dir.toString());
		scan(found, "run", "mapping", example("gauss-elim/gauss-elim.program"), "--sweep", "b=20,40", "--out",
				dir.toString());
		scan(found, "run", "trace", example("vppb/p.vtrace"), "--sweep", "processors=1,2", "--out", dir.toString());
		scan(found, "pamela", example("matvec-ring/matvec.pamela"), "--sweep", "P=1,2,3");
		scan(found, "mapping", example("matvec-ring/matvec.program"));
		scan(found, "glamis", example("matvec-ring/matvec.glamis"), "--set", "P=6");
		scan(found, "loggp", example("gauss-elim/gauss-elim.program"), "--sweep", "b=30,48");
		scan(found, "loggp-step", example("loggp-step/figure3.pattern"));
		scan(found, "replay", example("mpi-validation/jacobi-2-ranks/trace.mpitrace"));
		scan(found, "trace", example("vppb/contended.vtrace"), "--processors", "2");
		scan(found, "whatif", example("vppb/contended.vtrace"), "--processors", "2");
		assertEquals(List.of(), found);
	}

	private void scan(List<String> found, String... args) {
		cli.reset();
		int code = cli.run(args);
		assertEquals(ExitCode.OK, code, String.join(" ", args) + ": " + cli.err());
		for (String offender : HonestNumbers.offenders(cli.out() + "\n" + cli.err())) {
			found.add(args[0] + (args[0].equals("run") ? " " + args[1] : "") + ": " + offender);
		}
	}
}
