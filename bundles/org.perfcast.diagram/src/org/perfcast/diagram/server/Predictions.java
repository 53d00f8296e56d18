package org.perfcast.diagram.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.Numbers;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.pamela.CriticalPath;
import org.perfcast.pamela.Prediction;

/**
 * Turns engines' results into {@link Decorations}: a program's PAMELA prediction and critical path onto its
 * program diagram, and the link workloads σ (PAMELA) and utilisations U (Glamis) of the programs that run on a
 * machine onto its machine diagram.
 */
public final class Predictions {

	private Predictions() {
	}

	/**
	 * The decorations of a program diagram: the critical path (each step's longest process and the messages it
	 * sends) highlighted, each step's and each critical process's predicted time and each critical message's
	 * link time in tooltips, and the prediction as the diagram's summary.
	 *
	 * @param prediction the PAMELA prediction, or null if there is none (a model with errors)
	 * @param path       the critical path of the program's translation, or null
	 * @param markers    the builder's markers, on model element ids
	 */
	public static Decorations program(Prediction prediction, CriticalPath path, List<Decorations.DiagramMarker> markers) {
		Set<String> critical = new HashSet<>();
		Map<String, List<String>> tooltips = new HashMap<>();
		String unit = prediction == null || prediction.timeUnit().isEmpty() ? "" : " " + prediction.timeUnit();
		if (path != null) {
			Map<String, double[]> stepTotals = new LinkedHashMap<>();
			Map<String, Map<Long, Double>> processTotals = new HashMap<>();
			Map<String, Double> sendTotals = new HashMap<>();
			for (CriticalPath.StepOnPath step : path.steps()) {
				String stepId = DiagramIds.ofFragment(step.step());
				double[] total = stepTotals.computeIfAbsent(stepId, s -> new double[2]);
				total[0] += step.time();
				total[1]++;
				String processId = DiagramIds.process(stepId, step.process());
				critical.add(processId);
				processTotals.computeIfAbsent(stepId, s -> new HashMap<>()).merge(step.process(), step.time(), Double::sum);
				for (CriticalPath.Send send : step.sends()) {
					String key = DiagramIds.messageInstance(DiagramIds.ofFragment(send.message()), send.from(), send.to());
					critical.add(key);
					sendTotals.merge(key, send.time(), Double::sum);
				}
			}
			double length = path.length();
			stepTotals.forEach((stepId, total) -> tooltips.put(stepId, List.of(
				"step time " + Numbers.format(total[0]) + unit + (total[1] > 1 ? " over " + (long) total[1] + " repetitions" : ""),
				share(total[0], length) + " of the critical path")));
			processTotals.forEach((stepId, byProcess) -> byProcess.forEach((p, time) -> tooltips.put(
				DiagramIds.process(stepId, p), List.of("on the critical path: computes and sends for " + Numbers.format(time) + unit))));
			sendTotals.forEach((key, time) -> tooltips.put(key, List.of(
				"on the critical path: uses links for " + Numbers.format(time) + unit)));
		}
		String summary = prediction == null ? "" : "T = " + Numbers.format(prediction.T()) + unit + " (" + prediction.bound()
			+ "; T_cplx = " + Numbers.format(prediction.Tcplx()) + ", σ_max = " + Numbers.format(prediction.sigmaMax()) + ")";
		return new Decorations(critical, Map.of(), tooltips, markers, summary);
	}

	/**
	 * The load of one program on a machine's links.
	 *
	 * @param program     the program's name (its file)
	 * @param workload    σ by link resource name ({@code l[0->1]}), from PAMELA; empty if there is none
	 * @param utilisation U by {@link NetworkLink#id()}, from Glamis; empty if there is none
	 * @param timeUnit    the unit of σ
	 */
	public record LinkLoad(String program, Map<String, Double> workload, Map<Integer, Double> utilisation, String timeUnit) {
	}

	/** What machine links are coloured by. */
	public enum Colouring {
		/** PAMELA's workload σ as a fraction of the largest. */
		WORKLOAD,
		/** Glamis's utilisation U. */
		UTILISATION
	}

	/**
	 * The decorations of a machine diagram: each drawn link coloured by the load of the first program in
	 * {@code loads} ({@code colouring}), with every program's σ and U in the link's tooltip; the two links of
	 * a pair share an edge, which takes the larger load.
	 */
	public static Decorations machine(Network network, List<LinkLoad> loads, Colouring colouring,
			List<Decorations.DiagramMarker> markers) {
		Map<String, Double> load = new HashMap<>();
		Map<String, List<String>> tooltips = new HashMap<>();
		if (!loads.isEmpty()) {
			LinkLoad first = loads.get(0);
			double most = first.workload().values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
			for (NetworkLink link : network.links()) {
				String id = link.source() == Network.ANY || link.target() == Network.ANY ? null : MachineDiagram.linkId(link);
				if (id == null) {
					continue;
				}
				double value = colouring == Colouring.UTILISATION ? first.utilisation().getOrDefault(link.id(), 0.0)
					: most > 0 ? first.workload().getOrDefault(link.name(), 0.0) / most : 0;
				load.merge(id, value, Math::max);
				List<String> lines = tooltips.computeIfAbsent(id, k -> new ArrayList<>());
				for (LinkLoad program : loads) {
					Double sigma = program.workload().get(link.name());
					Double u = program.utilisation().get(link.id());
					lines.add(link.name() + " in " + program.program() + ": σ = "
						+ (sigma == null ? "0" : Numbers.format(sigma)) + (program.timeUnit().isEmpty() ? "" : " " + program.timeUnit())
						+ (u == null ? "" : ", U = " + Numbers.format(u)));
				}
			}
		}
		String summary = loads.isEmpty() ? "" : "links coloured by " + (colouring == Colouring.UTILISATION
			? "Glamis utilisation U" : "PAMELA workload σ") + " of " + loads.get(0).program();
		return new Decorations(Set.of(), load, tooltips, markers, summary);
	}

	private static String share(double part, double whole) {
		return whole > 0 ? Math.round(100 * part / whole) + " %" : "0 %";
	}
}
