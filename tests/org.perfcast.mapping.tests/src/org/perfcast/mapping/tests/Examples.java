package org.perfcast.mapping.tests;

import java.nio.file.Path;

import org.eclipse.emf.common.util.URI;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;

/** Loads the example programs of examples/ (the system property perfcast.examples, else ../../examples). */
final class Examples {

	private Examples() {
	}

	/** The program at {@code relative} under the examples, e.g. "linear-array/loop.program". */
	static Program program(String relative) {
		Path file = Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(file.toAbsolutePath().normalize().toString()), relative);
		if (!loaded.ok()) {
			throw new IllegalStateException(relative + ": " + loaded.diagnostics());
		}
		return (Program) loaded.root();
	}
}
