package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.expr.Rational;

/**
 * Loop body pipelining (Sussman, section 3.2): every processor runs all N iterations of its stage of the loop
 * body, of cost BB_i, receiving one item from processor i−1 and sending one to processor i+1 per iteration
 * (C_i = 2c), all of it overlapped with the stage's computation (O_i = C_i, the paper's assumption for
 * equations (6) to (8)). Then SEQ_i = N·BB_i, CL_i = OL_i = 2N·c and processor i waits for one iteration to
 * pass the stages before it, SD_i = Σ_{j&lt;i} BB_j.
 * <p>
 * The stage costs are the loop's explicit ones, or else a split by the load factor: the last stage costs
 * LF·BB/P and the others share the rest evenly, (BB − LF·BB/P)/(P−1) each. With LF = 1 that is the balanced
 * split and equation (7), T = (BB/P)·(N + P − 1); otherwise equation (8), T = (BB/P)·(LF·N + P − LF).
 */
public final class LoopBodyPipelining implements MappingTechnique {

	/** The technique. */
	public static final LoopBodyPipelining INSTANCE = new LoopBodyPipelining();

	private LoopBodyPipelining() {
	}

	@Override
	public String name() {
		return "pipeline";
	}

	@Override
	public String title() {
		return "loop body pipelining";
	}

	/** The stage costs BB_1 … BB_P used for {@code loop}. */
	public static List<Rational> stageCosts(ParallelLoop loop) {
		if (!loop.stageCosts().isEmpty()) {
			return loop.stageCosts();
		}
		int p = loop.P();
		Rational last = loop.LF().multiply(loop.BB()).divide(Rational.of(p));
		if (p == 1) {
			return List.of(last);
		}
		Rational other = loop.BB().subtract(last).divide(Rational.of(p - 1));
		List<Rational> stages = new ArrayList<>(p);
		for (int i = 1; i < p; i++) {
			stages.add(other);
		}
		stages.add(last);
		return stages;
	}

	@Override
	public ExecutionModel model(ParallelLoop loop) {
		Rational n = Rational.of(loop.N());
		Rational communication = n.multiply(Rational.of(2)).multiply(loop.itemCost());
		List<ProcessorTime> processors = new ArrayList<>(loop.P());
		Rational fill = Rational.ZERO;
		for (Rational stage : stageCosts(loop)) {
			processors.add(new ProcessorTime(processors.size(), n.multiply(stage), communication, fill, communication));
			fill = fill.add(stage);
		}
		return new ExecutionModel(name(), processors);
	}
}
