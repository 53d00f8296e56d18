package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Rational;
import org.perfcast.model.machine.LinearArray;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;

/**
 * The mapping engine's entry point for a program model, as the command line and the builder call it. A
 * program that declares a parallel loop (parameters N and BB, see {@link LoopProgram}) gets the mapping
 * advisor's ranking of the techniques, with diagnostics on the program: the verdict as INFO, a WARNING when
 * the technique the program declares is predicted more than {@value #SLOWER_THAN_BEST_PERCENT} % slower than
 * the best, and INFO for each technique that does not apply. Any other program gets its general execution
 * model ({@link GeneralExecutionModel}) and T as INFO.
 */
public final class MappingAnalysis {

	/** How much slower than the best a declared technique may be predicted before it gets a warning. */
	public static final int SLOWER_THAN_BEST_PERCENT = 10;

	private MappingAnalysis() {
	}

	/**
	 * Analyses {@code program}, the root of {@code file}.
	 *
	 * @param bindings   values overriding the parameters' defaults
	 * @param techniques the techniques to compare; all when empty (only for a parallel loop program)
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static MappingResult analyse(Program program, String file, ParameterBindings bindings,
			List<MappingTechnique> techniques, EngineMonitor monitor) {
		ModelValues values = new ModelValues(file);
		Location where = values.at(program);
		try {
			if (!LoopProgram.isLoop(program)) {
				if (!techniques.isEmpty()) {
					return new MappingResult.Failed(List.of(Diagnostic.error("mapping.noLoop",
							"the program declares no parallel loop (parameters N and BB), so no mapping technique applies",
							where)));
				}
				ExecutionModel model = GeneralExecutionModel.of(program, file, bindings, monitor);
				ProcessorTime last = model.processors().get(model.critical());
				return new MappingResult.ProgramModel(model, List.of(Diagnostic.info("mapping.prediction", "T = "
						+ format(model.T()) + " (processor " + last.processor() + " finishes last: SEQ = " + format(last.SEQ())
						+ ", CL = " + format(last.CL()) + ", SD = " + format(last.SD()) + ", OL = " + format(last.OL()) + ")",
						where)));
			}
			ParallelLoop loop = LoopProgram.read(program, bindings, values);
			Advice advice = MappingAdvisor.advise(loop, techniques.isEmpty() ? MappingTechnique.all() : techniques, monitor);
			return new MappingResult.LoopAdvice(loop, advice, declared(program).orElse(null),
					diagnostics(program, advice, where));
		} catch (EngineException e) {
			return new MappingResult.Failed(e.diagnostics());
		} catch (IllegalArgumentException e) {
			return new MappingResult.Failed(List.of(Diagnostic.error("mapping.input", e.getMessage(), where)));
		}
	}

	/** The technique {@code program} declares, if any. */
	public static Optional<MappingTechnique> declared(Program program) {
		return switch (program.getMapping()) {
		case BLOCK -> Optional.of(BlockDataPartitioning.INSTANCE);
		case INTERLEAVED -> Optional.of(InterleavedDataPartitioning.INSTANCE);
		case PIPELINE -> Optional.of(LoopBodyPipelining.INSTANCE);
		default -> Optional.empty();
		};
	}

	private static List<Diagnostic> diagnostics(Program program, Advice advice, Location where) {
		List<Diagnostic> diagnostics = new ArrayList<>();
		Machine machine = program.getMachine();
		if (machine != null && !machine.eIsProxy() && machine.getTopology() != null
				&& !(machine.getTopology() instanceof LinearArray)) {
			diagnostics.add(Diagnostic.warning("mapping.topology", "the mapping techniques model a linear array with a host,"
					+ " but the machine's topology is a " + machine.getTopology().eClass().getName(), where));
		}
		diagnostics.add(Diagnostic.info("mapping.verdict", verdict(advice.verdict()), where));
		for (Advice.NotApplicable ruledOut : advice.notApplicable()) {
			diagnostics.add(Diagnostic.info("mapping.notApplicable", ruledOut.reason(), where));
		}
		Optional<MappingTechnique> declared = declared(program);
		if (declared.isPresent()) {
			Evaluation best = advice.ranking().get(0);
			Evaluation mine = advice.evaluation(declared.get());
			if (mine == null) {
				advice.notApplicable().stream().filter(n -> n.technique() == declared.get()).findFirst()
						.ifPresent(n -> diagnostics.add(Diagnostic.warning("mapping.declaredNotApplicable",
								"the declared " + n.technique().title() + " does not apply: " + n.reason(), where)));
			} else {
				diagnostics.add(Diagnostic.info("mapping.declared", declaredPrediction(mine, best), where));
			}
			if (mine != null && mine != best && mine.T().compareTo(best.T().multiply(
					Rational.of(100 + SLOWER_THAN_BEST_PERCENT, 100))) > 0) {
				long percent = Math.round((mine.T().toDouble() / best.T().toDouble() - 1) * 100);
				diagnostics.add(Diagnostic.warning("mapping.slowerThanBest", "the declared " + declared.get().title()
						+ " (T = " + format(mine.T()) + ") is predicted " + percent + " % slower than "
						+ best.technique().title() + " (T = " + format(best.T()) + ")", where));
			}
		}
		return diagnostics;
	}

	/** "block data partitioning (declared): T = 11000; best: interleaved data partitioning, T = 10100". */
	private static String declaredPrediction(Evaluation declared, Evaluation best) {
		String mine = declared.technique().title() + " (declared): T = " + interval(declared);
		return declared == best ? mine + ", the best technique"
				: mine + "; best: " + best.technique().title() + ", T = " + interval(best);
	}

	/** "best: interleaved data partitioning, T = 3900" or "too close to call: ...". */
	static String verdict(Verdict verdict) {
		return switch (verdict) {
		case Verdict.Best b -> "best: " + b.best().technique().title() + ", T = " + interval(b.best());
		case Verdict.TooCloseToCall t -> "too close to call: " + t.first().technique().title() + ", T = "
				+ interval(t.first()) + ", and " + t.second().technique().title() + ", T = " + interval(t.second());
		};
	}

	private static String interval(Evaluation e) {
		return e.Tlower().equals(e.Tupper()) ? format(e.T())
				: format(e.T()) + " (" + format(e.Tlower()) + " .. " + format(e.Tupper()) + ")";
	}

	private static String format(Rational value) {
		return org.perfcast.engine.Quantities.number(value.toDouble());
	}
}
