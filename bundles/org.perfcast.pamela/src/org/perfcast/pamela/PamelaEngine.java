package org.perfcast.pamela;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Table;

/**
 * The PAMELA serialization analysis as an engine of the outer loop: {@code *.pamela} process models as
 * written, {@code *.program} models through their PAMELA translation ({@link ProgramTranslation}). A point's
 * result holds T, T_cplx and sigma_max (in the time unit of the model's machine), the prediction's bound,
 * bottleneck and most contributing process, the workload of every resource, how often each process runs and,
 * for {@code *.pamela}, the closed form in the parameters the point leaves free.
 */
public final class PamelaEngine implements Engine {

	/** The engine's id. */
	public static final String ID = "pamela";

	/** The option that asks for the closed form. */
	public static final String CLOSED_FORM = "closedForm";

	/** The option naming the processor-count parameter of the speedup T(1) / T. */
	public static final String SPEEDUP_OVER = "speedupOver";

	private static final List<OptionSpec> OPTIONS = List.of(OptionSpec.bool(CLOSED_FORM, true,
			"derive T, T_cplx and the workloads in the parameters no binding fixes (*.pamela only)"),
			OptionSpec.text(SPEEDUP_OVER, "P", "the parameter whose value 1 gives the reference time of the speedup"
					+ " T(1) / T (when the model has it; empty for none)"));

	@Override
	public String id() {
		return ID;
	}

	@Override
	public String name() {
		return "PAMELA serialization analysis";
	}

	@Override
	public String version() {
		return "1.0";
	}

	@Override
	public Set<String> fileExtensions() {
		return Set.of("pamela", "program");
	}

	@Override
	public List<OptionSpec> options() {
		return OPTIONS;
	}

	/**
	 * The files a PAMELA text imports (PAMELA and machine files, transitively) or a program model refers to, with
	 * the models they refer to.
	 */
	@Override
	public Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		Path own = model.toAbsolutePath().normalize();
		List<Path> files = new ArrayList<>(List.of(own));
		if (own.toString().toLowerCase(Locale.ROOT).endsWith(".pamela")) {
			try {
				files.addAll(PamelaParser.parse(org.perfcast.engine.InputFiles.text(own), own).sources());
			} catch (IOException | org.perfcast.engine.expr.ExpressionException e) {
				// the run says what is wrong
			}
		}
		return Optional.of(org.perfcast.model.resource.ModelFiles.withReferences(files).stream()
				.filter(f -> !f.equals(own)).toList());
	}

	@Override
	public EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException {
		Pamela.Result analysis = analyse(input, input.bindings(), input.options().bool(CLOSED_FORM), monitor);
		List<Diagnostic> errors = analysis.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).toList();
		if (!errors.isEmpty()) {
			throw new EngineException(errors);
		}
		Prediction prediction = java.util.Objects.requireNonNull(analysis.prediction()); // a model without errors has one
		EngineResult result = result(prediction, analysis.diagnostics());
		String over = input.options().text(SPEEDUP_OVER).strip();
		if (over.isEmpty() || prediction.T() <= 0) {
			return result;
		}
		Prediction one = analyse(input, input.bindings().with(over, 1), false, monitor).prediction();
		if (one == null) {
			return result; // the model has no such parameter, or P = 1 does not fit it: no speedup
		}
		List<org.perfcast.engine.run.SummaryValue> summary = new ArrayList<>(result.summary());
		summary.add(new org.perfcast.engine.run.SummaryValue("speedup", one.T() / prediction.T(), ""));
		return new EngineResult(summary, result.series(), result.tables(), result.schedules(), result.diagnostics());
	}

	private static Pamela.Result analyse(EngineInput input, org.perfcast.engine.ParameterBindings bindings,
			boolean closedForm, EngineMonitor monitor) throws EngineException {
		String file = input.displayName();
		if (input.model().getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".program")) {
			return Pamela.analyseProgram(input.model(), file, bindings, monitor);
		}
		return Pamela.analyse(read(input.model(), file), input.model(), file, bindings, closedForm, monitor);
	}

	private static EngineResult result(Prediction p, List<Diagnostic> diagnostics) {
		String unit = p.timeUnit();
		EngineResult.Builder result = EngineResult.builder().summary("T", p.T(), unit).summary("Tcplx", p.Tcplx(), unit)
				.summary("sigmaMax", p.sigmaMax(), unit);
		String most = p.mostContributing();
		result.table(new Table("prediction", List.of("quantity", "value"), List.of(
				List.of("T", time(p.T(), unit)),
				List.of("T_cplx", time(p.Tcplx(), unit)),
				List.of("sigma_max", time(p.sigmaMax(), unit)),
				List.of("bound", p.bound()),
				List.of("bottleneck", p.bottleneck() == null ? "none (no resource is used)" : p.bottleneck()),
				List.of("most contributing process", most == null ? "none (main calls no process)"
						: most + " (" + time(p.processes().get(most).totalTime(), unit) + ")"))));
		List<List<String>> workloads = new ArrayList<>();
		for (Map.Entry<String, Double> w : p.resources().entrySet()) {
			workloads.add(List.of(w.getKey(), Numbers.format(w.getValue()),
					p.T() > 0 ? String.format(Locale.ROOT, "%.1f %%", 100 * w.getValue() / p.T()) : "0 %"));
		}
		if (!workloads.isEmpty()) {
			result.table(new Table("workloads", List.of("resource", "sigma_r" + suffix(unit), "utilisation sigma_r / T"),
					workloads));
		}
		List<List<String>> processes = new ArrayList<>();
		p.processes().forEach((name, calls) -> processes.add(List.of(name, Numbers.format(calls.count()),
				Numbers.format(calls.totalTime()))));
		if (!processes.isEmpty()) {
			result.table(new Table("processes", List.of("process", "runs", "time of all runs" + suffix(unit)),
					processes));
		}
		ClosedForm c = p.closedForm();
		if (c != null && !c.free().isEmpty()) {
			List<List<String>> forms = new ArrayList<>();
			forms.add(List.of("T", orNotReduced(c.T())));
			forms.add(List.of("T_cplx", orNotReduced(c.Tcplx())));
			forms.add(List.of("sigma_max", orNotReduced(c.sigmaMax())));
			forms.add(List.of("bound", orNotReduced(c.bound())));
			c.workloads().forEach((r, w) -> forms.add(List.of("sigma " + r, w)));
			c.notes().forEach(note -> forms.add(List.of("note", note)));
			result.table(new Table("closed form in " + String.join(", ", c.free()), List.of("quantity", "form"), forms));
		}
		diagnostics.forEach(result::diagnostic);
		return result.build();
	}

	private static String read(Path model, String file) throws EngineException {
		try {
			return org.perfcast.engine.InputFiles.text(model);
		} catch (IOException e) {
			throw new EngineException(Diagnostic.error("pamela.read", "cannot read the file: " + e.getMessage(),
					Location.of(file)));
		}
	}

	private static String time(double value, String unit) {
		return Numbers.format(value) + (unit.isEmpty() ? "" : " " + unit);
	}

	private static String suffix(String unit) {
		return unit.isEmpty() ? "" : " (" + unit + ")";
	}

	private static String orNotReduced(@Nullable String form) {
		return form == null ? "not reduced (see the notes)" : form;
	}
}
