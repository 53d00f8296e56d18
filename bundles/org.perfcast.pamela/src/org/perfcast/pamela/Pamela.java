package org.perfcast.pamela;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Position;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;

/**
 * The PAMELA engine: parses a {@code *.pamela} text and predicts its completion time, reporting what an
 * editor shows: the prediction as INFO on {@code main}, a WARNING when contention dominates or a budget
 * is exceeded, and ERRORs at the line and column of what is wrong.
 */
public final class Pamela {

	/**
	 * The outcome: the prediction (null when the model has errors), the diagnostics, and the other files the
	 * analysis read (imports, machines) so that callers can analyse again when one of them changes.
	 */
	public record Result(@Nullable Prediction prediction, List<Diagnostic> diagnostics, List<Path> sources,
			@Nullable CriticalPath criticalPath) {

		public Result {
			diagnostics = List.copyOf(diagnostics);
			sources = List.copyOf(sources);
		}

		/** A result without a critical path (of a PAMELA text rather than a program). */
		public Result(@Nullable Prediction prediction, List<Diagnostic> diagnostics, List<Path> sources) {
			this(prediction, diagnostics, sources, null);
		}

		/** A result that read no other file. */
		public Result(@Nullable Prediction prediction, List<Diagnostic> diagnostics) {
			this(prediction, diagnostics, List.of());
		}
	}

	private Pamela() {
	}

	/**
	 * Analyses {@code text}, the contents of {@code file}, with {@code bindings} overriding the parameters'
	 * defaults; imports are found relative to {@code file} in the file system. The prediction carries the
	 * closed form in the parameters that {@code bindings} leaves free ({@link ClosedForms}).
	 *
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Result analyse(String text, String file, ParameterBindings bindings, EngineMonitor monitor) {
		return analyse(text, file.isEmpty() ? null : Path.of(file), file, bindings, true, monitor);
	}

	/**
	 * Analyses {@code text}, the contents of the file at {@code path} (where imports are found; null for a text
	 * without a file), which diagnostics name {@code file}.
	 *
	 * @param closedForm whether to add the closed form in the parameters that {@code bindings} leaves free
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Result analyse(String text, @Nullable Path path, String file, ParameterBindings bindings,
			boolean closedForm, EngineMonitor monitor) {
		PamelaModel model;
		Prediction prediction;
		try {
			model = PamelaParser.parse(text, path);
			prediction = PamelaAnalysis.analyse(model, bindings, monitor);
		} catch (ExpressionException e) {
			return new Result(null, List.of(e.toDiagnostic(file)));
		}
		if (closedForm) {
			prediction = prediction.withClosedForm(ClosedForms.of(model, bindings, monitor));
		}
		List<Diagnostic> diagnostics = new ArrayList<>();
		Location main = at(file, model.processes().get("main").position());
		diagnostics.add(Diagnostic.info("pamela.prediction", "T = " + org.perfcast.engine.Quantities.number(prediction.T()) + " ("
				+ prediction.bound() + "; T_cplx = " + org.perfcast.engine.Quantities.number(prediction.Tcplx()) + ", sigma_max = "
				+ org.perfcast.engine.Quantities.number(prediction.sigmaMax()) + (prediction.mostContributing() == null ? ""
						: "; most time in " + prediction.mostContributing()) + ")", main));
		if (prediction.contentionBound()) {
			diagnostics.add(Diagnostic.warning("pamela.contention", "contention dominates: " + prediction.bottleneck()
					+ " is busy for " + org.perfcast.engine.Quantities.number(prediction.sigmaMax()) + ", longer than the critical path "
					+ org.perfcast.engine.Quantities.number(prediction.Tcplx()), main));
		}
		for (PamelaModel.Budget budget : model.budgets()) {
			try {
				Value limit = budget.limit().evaluate(Scope.of(Map.of()));
				if (prediction.T() >= limit.toDouble()) {
					diagnostics.add(Diagnostic.warning("pamela.budget", "T = " + org.perfcast.engine.Quantities.number(prediction.T())
							+ " exceeds the budget T < " + limit.format(), at(file, budget.position())));
				}
			} catch (ExpressionException e) {
				diagnostics.add(e.toDiagnostic(file));
			}
		}
		return new Result(prediction, diagnostics, model.sources());
	}

	/**
	 * Analyses the {@code *.program} model at {@code path} through its PAMELA translation
	 * ({@link ProgramTranslation}); diagnostics name {@code file}, the prediction's resources are the
	 * machine's links, and the result carries the translation's critical path.
	 *
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Result analyseProgram(Path path, String file, ParameterBindings bindings, EngineMonitor monitor) {
		ProgramTranslation.Translation translation;
		java.util.Optional<String> linkOnly;
		try {
			Program program = program(path, file);
			linkOnly = org.perfcast.model.cost.LinkOnlyMessages.warning(program);
			translation = ProgramTranslation.of(program, machineFile(program, path), bindings);
		} catch (ProgramTranslation.Failure e) {
			return new Result(null, List.of(e.toDiagnostic(file)));
		} catch (ExpressionException e) {
			return new Result(null, List.of(e.toDiagnostic(file)));
		} catch (IllegalArgumentException e) {
			return new Result(null, List.of(Diagnostic.error("pamela.program", e.getMessage(), Location.of(file))));
		}
		Result result = analyse(translation.text(), path, path.toString(), bindings, false, monitor);
		List<Diagnostic> diagnostics = new java.util.ArrayList<>(result.diagnostics().stream().map(d -> new Diagnostic(
				d.severity(), d.severity() == Severity.ERROR && d.location() instanceof Location.TextLocation t && t.line() > 0
						? "in the PAMELA translation, line " + t.line() + ": " + d.message()
						: d.message(), Location.of(file), d.code())).toList());
		linkOnly.ifPresent(w -> diagnostics.add(Diagnostic.warning(org.perfcast.model.cost.LinkOnlyMessages.CODE, w,
				Location.of(file))));
		// the translation fixed the routes for the bound values: no closed form in the parameters
		return new Result(result.prediction(), diagnostics, result.sources(), translation.criticalPath());
	}

	/**
	 * The PAMELA translation of the {@code *.program} model at {@code path}.
	 *
	 * @throws IllegalArgumentException with the load diagnostics when the model does not load or is no program
	 * @throws ProgramTranslation.Failure at the element where the translation fails
	 * @throws ExpressionException      when the machine's network cannot be built
	 */
	public static String translate(Path path, String file, ParameterBindings bindings) {
		return translation(path, file, bindings).text();
	}

	/** The PAMELA translation of the program at {@code path} with its critical path; fails as {@link #translate}. */
	public static ProgramTranslation.Translation translation(Path path, String file, ParameterBindings bindings) {
		Program program = program(path, file);
		return ProgramTranslation.of(program, machineFile(program, path), bindings);
	}

	private static Program program(Path path, String file) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(path.toAbsolutePath().toString()), file);
		if (!loaded.ok() || !(loaded.root() instanceof Program program)) {
			throw new IllegalArgumentException(loaded.diagnostics().isEmpty() ? "the file is not a program model"
					: loaded.diagnostics().get(0).toString());
		}
		return program;
	}

	/** The program's machine file relative to the program's folder ("" for none). */
	private static String machineFile(Program program, Path path) {
		String machineFile = program.getMachine() == null || program.getMachine().eResource() == null ? ""
				: program.getMachine().eResource().getURI().toFileString();
		Path parent = path.toAbsolutePath().getParent();
		return machineFile == null || machineFile.isEmpty() || parent == null ? ""
				: parent.relativize(Path.of(machineFile).toAbsolutePath()).toString();
	}

	private static Location at(String file, Position position) {
		return new Location.TextLocation(file, position.line(), position.column(), position.length());
	}
}
