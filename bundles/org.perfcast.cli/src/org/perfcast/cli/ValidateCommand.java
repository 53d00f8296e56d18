package org.perfcast.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;

/**
 * {@code perfcast validate FILE...}: loads and validates machine, layout and program models and prints
 * their diagnostics as the IDE shows them as markers.
 */
final class ValidateCommand extends AbstractCommand {

	ValidateCommand() {
		super("validate", "check machine, layout and program models", """
				usage: perfcast validate FILE... [--set NAME=VALUE ...] [--json]

				Loads each *.machine, *.layout or *.program file and checks it: expressions and their
				parameters, costs, indices, messages to missing processes, task cycles, layouts.
				Diagnostics go to stderr as file:line[:column]: severity: [element: ]message.
				  --set NAME=VALUE  evaluate with this parameter value instead of its default (repeatable)
				  --json            print the diagnostics as JSON on stdout instead:
				                    [{"file", "line", "column", "severity", "element", "code", "message"}]
				Exit code 0 when no file has errors, 1 otherwise.""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("set"));
		if (arguments.operands().isEmpty()) {
			throw new UsageException("missing FILE");
		}
		ParameterBindings bindings = arguments.bindings();
		List<Diagnostic> all = new ArrayList<>();
		for (String name : arguments.operands()) {
			all.addAll(validate(name, bindings));
		}
		if (arguments.flag("json")) {
			console.out().println(Json.diagnostics(all));
		} else {
			all.forEach(console::report);
		}
		return all.stream().anyMatch(d -> d.severity() == Severity.ERROR) ? ExitCode.INPUT_ERROR : ExitCode.OK;
	}

	private static List<Diagnostic> validate(String name, ParameterBindings bindings) {
		Path file = Path.of(name);
		String extension = name.substring(name.lastIndexOf('.') + 1);
		if (!ModelFiles.EXTENSIONS.contains(extension)) {
			return List.of(Diagnostic.error("cli.fileType", "not a model file: expected a .machine, .layout or .program file",
					Location.of(name)));
		}
		if (!Files.isRegularFile(file)) {
			return List.of(Diagnostic.error("cli.noFile", "no such file", Location.of(name)));
		}
		URI uri = URI.createFileURI(file.toAbsolutePath().normalize().toString());
		return ModelValidation.validate(ModelFiles.load(ModelFiles.newResourceSet(), uri, name), name, bindings);
	}
}
