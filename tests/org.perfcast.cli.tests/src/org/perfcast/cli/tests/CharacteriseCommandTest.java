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

/** A small real characterisation with the system's Open MPI (installed by .ci/run), then its fit. */
class CharacteriseCommandTest {

	private final CommandRunner cli = new CommandRunner();


	@Test
	void testCharacteriseThenFit(@TempDir Path dir) throws Exception {
		assumeTrue(Mpi.installed() || System.getenv("CI") != null, "Open MPI is not installed (apt-get install openmpi-bin "
				+ "libopenmpi-dev)");
		Path out = dir.resolve("m.csv");
		assertEquals(ExitCode.OK, cli.run("characterise", "--np", "2,3", "--sizes", "0,64,4096", "--repeat", "2",
				"--functions", "MPI_Allreduce,MPI_Barrier", "--out", out.toString()), cli.err());
		List<String> lines = Files.readAllLines(out);
		assertEquals("function,p,d,time", lines.get(0));
		assertEquals(1 + 2 * (3 * 2 + 2), lines.size(), "2 process counts x (3 sizes x 2 repetitions + barrier x 2)");
		assertTrue(lines.get(1).startsWith("MPI_Allreduce,2,0,"), lines.get(1));
		assertTrue(cli.err().contains("  np 3 MPI_Barrier d=0 done"), cli.err());
		cli.reset();
		assertEquals(ExitCode.OK, cli.run("fit", out.toString(), "--json"), cli.err());
		assertTrue(cli.out().contains("\"MPI_Barrier\": {\"split\": null"), cli.out());
	}

	@Test
	void testBadOptions() {
		assertEquals(ExitCode.USAGE, cli.run("characterise", "--np", "0"));
		assertTrue(cli.err().contains("--np needs whole numbers from 1 to 1024, not '0'"), cli.err());
		assertEquals(ExitCode.USAGE, cli.run("characterise", "--functions", "MPI_Fly"));
		assertTrue(cli.err().contains("--functions: unknown MPI_Fly"), cli.err());
	}
}
