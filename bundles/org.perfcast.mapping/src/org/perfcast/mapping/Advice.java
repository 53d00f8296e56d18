package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The mapping advisor's answer for one loop: the applicable techniques ranked by predicted time, those that
 * do not apply with the reason, the verdict, and where the ranking of the two fastest flips.
 *
 * @param ranking       the applicable techniques, fastest first (the paper's order on a tie)
 * @param notApplicable the techniques that cannot be applied, with why
 * @param verdict       the best technique, or "too close to call" when the two fastest intervals overlap
 * @param crossovers    the values of BB and N at which the two fastest swap places; empty with one technique
 */
public record Advice(List<Evaluation> ranking, List<NotApplicable> notApplicable, Verdict verdict,
		List<Crossover> crossovers) {

	/** A technique that the loop rules out, and the reason. */
	public record NotApplicable(MappingTechnique technique, String reason) {
	}

	public Advice {
		ranking = List.copyOf(ranking);
		notApplicable = List.copyOf(notApplicable);
		Objects.requireNonNull(verdict, "verdict");
		crossovers = List.copyOf(crossovers);
	}

	/** The evaluation of {@code technique}, or null if it was not ranked. */
	public @Nullable Evaluation evaluation(MappingTechnique technique) {
		return ranking.stream().filter(e -> e.technique() == technique).findFirst().orElse(null);
	}
}
