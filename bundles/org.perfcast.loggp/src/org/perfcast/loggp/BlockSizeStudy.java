package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.program.Program;

/**
 * The paper's study (its section 5.3): a program simulated for every value of one parameter (the block size),
 * under every layout and algorithm, with the best value per layout and algorithm and the best layout overall,
 * and each point's split into computation and communication (figures 7 to 9).
 */
public final class BlockSizeStudy {

	/**
	 * One simulation of the study.
	 *
	 * @param value     the parameter's value
	 * @param layout    the layout's name
	 * @param algorithm the algorithm
	 * @param result    the simulation
	 */
	public record Point(double value, String layout, Algorithm algorithm, ProgramResult result) {
	}

	/**
	 * The least T of a layout and algorithm.
	 *
	 * @param layout    the layout's name
	 * @param algorithm the algorithm
	 * @param best      the point with the least T (the smallest value on ties)
	 */
	public record Best(String layout, Algorithm algorithm, Point best) {
	}

	private final String parameter;
	private final List<Point> points;

	private BlockSizeStudy(String parameter, List<Point> points) {
		this.parameter = parameter;
		this.points = List.copyOf(points);
	}

	/**
	 * Simulates each program of {@code programs} (keyed by layout) for each of {@code values} of {@code parameter}
	 * on top of {@code bindings}, with each algorithm. Keeps no operation times.
	 *
	 * @throws ProgramSimulation.Failure                 at the model element that cannot be simulated
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static BlockSizeStudy run(Map<String, Program> programs, String parameter, List<Double> values,
			ParameterBindings bindings, List<Algorithm> algorithms, LogGPRules rules, EngineMonitor monitor) {
		List<Point> points = new ArrayList<>();
		monitor.begin("LogGP study over " + parameter, (long) values.size() * programs.size() * algorithms.size());
		for (double value : values) {
			Map<String, Double> bound = new LinkedHashMap<>(bindings.asMap());
			bound.put(parameter, value);
			ParameterBindings at = ParameterBindings.of(bound);
			for (Map.Entry<String, Program> program : programs.entrySet()) {
				for (Algorithm algorithm : algorithms) {
					monitor.checkCancelled();
					ProgramResult result = ProgramSimulation.simulate(program.getValue(), at,
							new ProgramSimulation.Options(algorithm, rules, false), EngineMonitor.NULL);
					points.add(new Point(value, program.getKey(), algorithm, result));
					monitor.worked(1);
				}
			}
		}
		return new BlockSizeStudy(parameter, points);
	}

	/** The parameter the study varies. */
	public String parameter() {
		return parameter;
	}

	/** Every simulation, by value, then layout, then algorithm. */
	public List<Point> points() {
		return points;
	}

	/** The best value for each layout and algorithm, in the order they were simulated. */
	public List<Best> best() {
		Map<String, Point> best = new LinkedHashMap<>();
		for (Point p : points) {
			best.merge(p.layout() + "\u0000" + p.algorithm().id(), p,
					(a, b) -> b.result().T() < a.result().T() ? b : a);
		}
		return best.values().stream().map(p -> new Best(p.layout(), p.algorithm(), p)).toList();
	}

	/** The layout with the least T over all values, for {@code algorithm}; empty if it was not simulated. */
	public Optional<Best> bestLayout(Algorithm algorithm) {
		return best().stream().filter(b -> b.algorithm() == algorithm)
				.min(Comparator.comparingDouble(b -> b.best().result().T()));
	}
}
