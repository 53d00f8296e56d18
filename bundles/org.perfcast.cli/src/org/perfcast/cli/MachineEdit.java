package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.resource.ModelFiles;

/** Changes a machine model file in place: loads it, applies a change, saves it; the rest of the file is kept. */
final class MachineEdit {

	private MachineEdit() {
	}

	/**
	 * Applies {@code change} to the machine model in {@code file}.
	 *
	 * @return {@link ExitCode#OK}, or {@link ExitCode#INPUT_ERROR} after reporting why the file does not load, is
	 *         not a machine or cannot be saved (it is then left as it was)
	 */
	static int apply(String file, Console console, Consumer<Machine> change) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(), URI.createFileURI(Path.of(file)
				.toAbsolutePath().toString()), file);
		if (!loaded.ok() || !(loaded.root() instanceof Machine machine)) {
			loaded.diagnostics().forEach(console::report);
			if (loaded.ok()) {
				console.report(Diagnostic.error("cli.machine", "not a machine model", Location.of(file)));
			}
			return ExitCode.INPUT_ERROR;
		}
		change.accept(machine);
		try {
			loaded.resource().save(null);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.write", "cannot save the machine: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		return ExitCode.OK;
	}
}
