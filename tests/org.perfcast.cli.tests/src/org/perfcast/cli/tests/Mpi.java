package org.perfcast.cli.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the tests that need Open MPI can run. */
final class Mpi {

	private Mpi() {
	}

	/** Whether mpicc and mpirun are on the PATH. */
	static boolean installed() {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
			if (Files.isExecutable(Path.of(dir, "mpicc")) && Files.isExecutable(Path.of(dir, "mpirun"))) {
				return true;
			}
		}
		return false;
	}
}
