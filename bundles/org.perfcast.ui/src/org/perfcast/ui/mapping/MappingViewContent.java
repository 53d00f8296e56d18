package org.perfcast.ui.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.Severity;
import org.perfcast.engine.expr.Rational;
import org.perfcast.ide.MappingParticipant;
import org.perfcast.ide.WorkspaceModel;
import org.perfcast.mapping.Advice;
import org.perfcast.mapping.Crossover;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.Figure;
import org.perfcast.mapping.MappingEngine;
import org.perfcast.mapping.MappingResult;
import org.perfcast.mapping.ParallelLoop;
import org.perfcast.mapping.Sensitivity;
import org.perfcast.mapping.Verdict;
import org.perfcast.model.program.Program;

/**
 * What the Mapping view shows for one program file, computed off the UI thread: a header line, one row per
 * technique (or one for the general execution model), the crossovers, and the sensitivity figures in BB and N.
 *
 * @param file       the program file
 * @param inputs     the other files the analysis read (the machine), whose changes call for a new analysis
 * @param header     the verdict or why there is no prediction
 * @param rows       the ranking, fastest first, then the techniques that do not apply
 * @param crossovers one line per crossover, or a line saying there is none; empty for a general model
 * @param figures    the sensitivity figures against BB and N; empty for a general model
 * @param chartProblem why there is no chart for a loop, or null
 */
record MappingViewContent(IFile file, Set<IPath> inputs, String header, List<Row> rows, List<String> crossovers,
		List<Chart> figures, String chartProblem) {

	/** Points per sensitivity series. */
	static final int CHART_POINTS = 41;

	/** A sensitivity figure, the program's own value of its parameter, and the unit of the program's times. */
	record Chart(Figure figure, double current, String unit) {
	}

	/**
	 * One technique.
	 *
	 * @param model the execution model whose components the view lists, or null when the technique does not apply
	 */
	record Row(String technique, String T, String Tlower, String Tupper, String remark, ExecutionModel model) {
	}

	static MappingViewContent of(IFile file, EngineMonitor monitor) {
		String name = file.getName();
		WorkspaceModel model = WorkspaceModel.load(file);
		var result = MappingParticipant.predict(model, monitor);
		if (result.isEmpty()) {
			return new MappingViewContent(file, model.inputs(), Messages.HAS_ERRORS.formatted(name), List.of(), List.of(),
					List.of(), null);
		}
		return switch (result.get()) {
		case MappingResult.Failed failed -> new MappingViewContent(file, model.inputs(), Messages.FAILED.formatted(name,
				failed.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).map(d -> d.message()).findFirst()
						.orElse("")),
				List.of(), List.of(), List.of(), null);
		case MappingResult.ProgramModel general -> {
			ExecutionModel m = general.model();
			yield new MappingViewContent(file, model.inputs(),
					Messages.GENERAL_MODEL.formatted(name, format(m.T()), m.processors().get(m.critical()).processor()),
					List.of(new Row(m.technique(), format(m.T()), format(m.T()), format(m.T()), Messages.BEST, m)), List.of(),
					List.of(), null);
		}
		case MappingResult.LoopAdvice loop -> ofLoop(file, model.inputs(), loop,
				model.loaded().root() instanceof Program program ? MappingEngine.timeUnit(program) : "");
		};
	}

	private static MappingViewContent ofLoop(IFile file, Set<IPath> inputs, MappingResult.LoopAdvice result,
			String unit) {
		Advice advice = result.advice();
		List<Row> rows = new ArrayList<>();
		for (Evaluation e : advice.ranking()) {
			List<String> remarks = new ArrayList<>();
			if (advice.verdict() instanceof Verdict.Best best && best.best() == e) {
				remarks.add(Messages.BEST);
			}
			if (advice.verdict() instanceof Verdict.TooCloseToCall close && (close.first() == e || close.second() == e)) {
				remarks.add(Messages.TOO_CLOSE);
			}
			if (e.technique() == result.declared()) {
				remarks.add(Messages.DECLARED);
			}
			rows.add(new Row(e.technique().title(), format(e.T()), format(e.Tlower()), format(e.Tupper()),
					String.join(", ", remarks), e.model()));
		}
		for (Advice.NotApplicable n : advice.notApplicable()) {
			String remark = Messages.NOT_APPLICABLE.formatted(n.reason());
			rows.add(new Row(n.technique().title(), "", "", "",
					n.technique() == result.declared() ? Messages.DECLARED + ", " + remark : remark, null));
		}
		List<String> crossovers = new ArrayList<>();
		for (Crossover c : advice.crossovers()) {
			crossovers.add(Messages.CROSSOVER.formatted(c.below().title(), c.above().title(), c.parameter(),
					format(c.value()), c.exact() ? "" : Messages.APPROXIMATE));
		}
		if (crossovers.isEmpty() && advice.ranking().size() > 1) {
			crossovers.add(Messages.NO_CROSSOVER);
		}
		List<Chart> figures = new ArrayList<>();
		String chartProblem = null;
		ParallelLoop loop = result.loop();
		try {
			for (Sensitivity.Parameter parameter : Sensitivity.Parameter.values()) {
				double current = parameter == Sensitivity.Parameter.BB ? loop.BB().toDouble() : loop.N();
				figures.add(new Chart(Sensitivity.around(loop, advice, parameter, CHART_POINTS), current, unit));
			}
		} catch (IllegalArgumentException | ArithmeticException e) {
			figures.clear();
			chartProblem = Messages.CHART_UNAVAILABLE.formatted(e.getMessage());
		}
		String header = Messages.LOOP_HEADER.formatted(file.getName(), verdict(advice.verdict()));
		return new MappingViewContent(file, inputs, header, rows, crossovers, figures, chartProblem);
	}

	private static String verdict(Verdict verdict) {
		return switch (verdict) {
		case Verdict.Best b -> "best: " + b.best().technique().title() + ", T = " + format(b.best().T());
		case Verdict.TooCloseToCall t -> "too close to call between " + t.first().technique().title() + " and "
				+ t.second().technique().title();
		};
	}

	static String format(Rational value) {
		return Numbers.format(value.toDouble());
	}
}
