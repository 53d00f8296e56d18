package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.perfcast.engine.EngineMonitor;

/**
 * The mapping advisor: evaluates the applicable techniques on a parallel loop, ranks them by predicted time
 * and says which is best, or that the two fastest are too close to call when the intervals from the
 * lower- and upper-bound loop body costs overlap, and finds the crossovers of the two fastest.
 */
public final class MappingAdvisor {

	private MappingAdvisor() {
	}

	/**
	 * Advises on {@code loop} among {@code techniques}.
	 *
	 * @throws IllegalArgumentException with the reasons if none of the techniques applies
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Advice advise(ParallelLoop loop, List<MappingTechnique> techniques, EngineMonitor monitor) {
		monitor.begin("Mapping advisor", techniques.size() + 1L);
		List<Evaluation> ranking = new ArrayList<>();
		List<Advice.NotApplicable> ruledOut = new ArrayList<>();
		for (MappingTechnique technique : techniques) {
			monitor.checkCancelled();
			Optional<String> reason = technique.notApplicable(loop);
			if (reason.isPresent()) {
				ruledOut.add(new Advice.NotApplicable(technique, reason.get()));
			} else {
				ranking.add(Evaluation.of(technique, loop));
			}
			monitor.worked(1);
		}
		if (ranking.isEmpty()) {
			throw new IllegalArgumentException(ruledOut.stream().map(Advice.NotApplicable::reason)
					.collect(Collectors.joining("; ")));
		}
		ranking.sort(Comparator.comparing(Evaluation::T));
		Verdict verdict = new Verdict.Best(ranking.get(0));
		List<Crossover> crossovers = List.of();
		if (ranking.size() > 1) {
			Evaluation first = ranking.get(0);
			Evaluation second = ranking.get(1);
			if (first.overlaps(second)) {
				verdict = new Verdict.TooCloseToCall(first, second);
			}
			crossovers = new CrossoverSolver(loop, first.technique(), second.technique(), monitor).solve();
		}
		monitor.worked(1);
		return new Advice(ranking, ruledOut, verdict, crossovers);
	}
}
