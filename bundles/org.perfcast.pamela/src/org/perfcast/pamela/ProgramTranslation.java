package org.perfcast.pamela;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.cost.IndexEnumeration;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.cost.StepInstances;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.resource.PerfcastResource;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * Translates a {@code *.program} model into a PAMELA model: the steps run in sequence, each a {@code par}
 * over the processes; in a step, process p first computes for the step's cost (a {@code delay}), then sends
 * its messages one after the other, each a {@code use} of every link on its route (routes from the
 * program's machine, {@link Network}) for size × hop time. The translation declares the machine with
 * {@code machine "..."} (so its links are the resource array {@code l}) and every parameter of the program
 * with its value: routes need the processor count, so the translated model is for those values only.
 * Operation counts become a {@code delay} of their time on each process ({@link StepComputation}); task graphs
 * are not translated.
 */
public final class ProgramTranslation {

	/** The most link uses a translation may generate. */
	public static final long MAX_USES = 2_000_000;

	private final Program program;
	private final Scope scope;
	private final StringBuilder text = new StringBuilder();
	private final List<CriticalPath.StepOnPath> critical = new ArrayList<>();
	private long uses;

	private ProgramTranslation(Program program, Scope scope) {
		this.program = program;
		this.scope = scope;
	}

	/**
	 * The PAMELA text of {@code program} with its parameters' defaults overridden by {@code bindings}.
	 *
	 * @param machineFile the machine's file name relative to the program's file
	 * @throws Failure             at the element when an expression fails, a message leaves the processes, or the
	 *                             translation would exceed {@link #MAX_USES} link uses
	 * @throws ExpressionException when the machine's network cannot be built
	 */
	public static String translate(Program program, String machineFile, ParameterBindings bindings) {
		return of(program, machineFile, bindings).text();
	}

	/**
	 * The translation of {@code program} and its critical path, as {@link #translate(Program, String, ParameterBindings)}.
	 */
	public static Translation of(Program program, String machineFile, ParameterBindings bindings) {
		ProgramTranslation translation = new ProgramTranslation(program, ParameterEnvironment.of(program, bindings).scope());
		String text = translation.run(machineFile);
		return new Translation(text, new CriticalPath(translation.critical));
	}

	/**
	 * A program's PAMELA text and the critical path through it.
	 *
	 * @param text         the PAMELA model
	 * @param criticalPath in each step, the process that takes longest and its messages
	 */
	public record Translation(String text, CriticalPath criticalPath) {
	}

	private String run(String machineFile) {
		Machine machine = program.getMachine();
		if (machine == null || machine.eIsProxy()) {
			throw fail(program, "the program has no machine, so its messages have no routes");
		}
		text.append("# PAMELA translation of ").append(program.getName() == null ? "the program" : program.getName())
				.append(" (generated)\n");
		text.append("machine \"").append(machineFile).append("\"\n");
		// the layout's parameters (e.g. a block size) too, so that a study can bind them
		java.util.Set<String> written = new java.util.HashSet<>();
		List<Parameter> parameters = new ArrayList<>();
		if (program.getLayout() != null && !program.getLayout().eIsProxy()) {
			parameters.addAll(program.getLayout().getParameters());
		}
		parameters.addAll(program.getParameters());
		for (Parameter parameter : parameters) {
			Value value = scope.lookup(parameter.getName());
			if (value instanceof Rational r && written.add(parameter.getName())) {
				text.append("param ").append(parameter.getName()).append(" = ").append(r).append('\n');
			}
		}
		Network network = new MachineLinks(machine, machineFile).network(scope);
		long processes = program.getProcesses().isEmpty() ? integer(program.getProcessCount(), program, scope)
				: program.getProcesses().size();
		StepComputation computation;
		try {
			computation = StepComputation.of(program, scope);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw fail(program.getLayout() == null ? program : program.getLayout(), "the layout: " + e.getMessage());
		}
		List<String> steps = new ArrayList<>();
		List<StepInstances.Instance> instances;
		try {
			instances = StepInstances.of(program, scope);
		} catch (StepInstances.Failure e) {
			throw fail(e.step(), e.getMessage());
		}
		for (StepInstances.Instance instance : instances) {
			steps.add(step(instance, network, processes, computation));
		}
		text.append("main = seq {\n").append(String.join(";\n", steps)).append("\n}\n");
		return text.toString();
	}

	private String step(StepInstances.Instance instance, Network network, long processes, StepComputation computation) {
		Step step = instance.step();
		Scope scope = instance.scope();
		List<List<String>> work = new ArrayList<>();
		double[] times = new double[(int) processes];
		List<List<CriticalPath.Send>> sends = new ArrayList<>();
		for (long p = 0; p < processes; p++) {
			List<String> parts = new ArrayList<>();
			sends.add(new ArrayList<>());
			if (step.getCost() != null && !step.getCost().isBlank()) {
				// a repeated step's cost may use its indices, which PAMELA does not know: written as its value
				String written = step.getCost();
				try {
					Value cost = evaluate(step.getCost(), step, scope.with("p", Rational.of(p)));
					times[(int) p] += cost.isNumber() ? cost.toDouble() : 0;
					if (!step.getIndices().isEmpty()) {
						written = cost.toString();
					}
				} catch (Failure e) {
					if (!step.getIndices().isEmpty()) {
						throw e;
					}
				}
				parts.add("delay(" + written + ")");
			}
			if (!step.getOperations().isEmpty()) {
				try {
					Rational time = computation.time(step, (int) p, scope.with("p", Rational.of(p)));
					if (time.signum() > 0) {
						parts.add("delay(" + time + ")");
						times[(int) p] += time.toDouble();
					}
				} catch (IllegalArgumentException | ExpressionException e) {
					throw fail(step, "operations on process " + p + ": " + e.getMessage());
				}
			}
			work.add(parts);
		}
		for (Message message : step.getMessages()) {
			try {
				IndexEnumeration.forEach(message.getIndices(), message.getCondition(), scope,
						at -> message(message, at, network, processes, work, times, sends));
			} catch (ExpressionException e) {
				throw fail(message, e.getMessage());
			}
		}
		int longest = 0;
		for (int p = 1; p < times.length; p++) {
			if (times[p] > times[longest]) {
				longest = p;
			}
		}
		if (times.length > 0) {
			critical.add(new CriticalPath.StepOnPath(fragment(step), instance.label(), longest, times[longest],
					sends.get(longest)));
		}
		String label = "  # " + instance.label() + "\n";
		if (step.getMessages().isEmpty() && step.getOperations().isEmpty()) {
			return label + "  par(p = 0 .. " + (processes - 1) + ") " + (work.get(0).isEmpty() ? "delay(0)" : work.get(0).get(0));
		}
		List<String> branches = new ArrayList<>();
		for (int p = 0; p < work.size(); p++) {
			if (!work.get(p).isEmpty()) {
				branches.add("    seq(p = " + p + " .. " + p + ") seq { " + String.join("; ", work.get(p)) + " }");
			}
		}
		if (branches.isEmpty()) {
			return label + "  delay(0)";
		}
		return label + "  par {\n" + String.join(";\n", branches) + "\n  }";
	}

	private void message(Message message, Scope at, Network network, long processes, List<List<String>> work,
			double[] times, List<List<CriticalPath.Send>> sends) {
		long from = integer(message.getFrom(), message, at);
		long to = integer(message.getTo(), message, at);
		if (from < 0 || from >= processes || to < 0 || to >= processes) {
			throw fail(message, "a message from " + from + " to " + to + " leaves the processes 0 .. " + (processes - 1));
		}
		Value size = evaluate(message.getSize(), message, at);
		List<NetworkLink> route;
		try {
			route = network.route((int) from, (int) to);
		} catch (IllegalArgumentException e) {
			throw fail(message, e.getMessage());
		}
		uses += route.size();
		if (uses > MAX_USES) {
			throw fail(message, "the translation would use links more than " + MAX_USES + " times");
		}
		double total = 0;
		for (NetworkLink link : route) {
			String hop = link.hopTime().isBlank() ? program.getMachine().getTopology().getHopTime() : link.hopTime();
			Value time = size.multiply(evaluate(hop, message, at));
			work.get((int) from).add("use(l[" + link.id() + "], " + time + ")");
			total += time.isNumber() ? time.toDouble() : 0;
		}
		times[(int) from] += total;
		sends.get((int) from).add(new CriticalPath.Send(fragment(message), from, to, total));
	}

	private static String fragment(EObject element) {
		return element.eResource() == null ? "" : element.eResource().getURIFragment(element);
	}

	private static long integer(String text, EObject element, Scope scope) {
		Value value = evaluate(text, element, scope);
		try {
			return value.longValueExact();
		} catch (ExpressionException e) {
			throw fail(element, "'" + text + "': " + e.getMessage());
		}
	}

	private static Value evaluate(@Nullable String text, EObject element, Scope scope) {
		if (text == null || text.isBlank()) {
			throw fail(element, "an expression is missing");
		}
		try {
			return Expression.parse(text).evaluate(scope);
		} catch (ExpressionException e) {
			throw fail(element, "'" + text + "': " + e.getMessage());
		}
	}

	/** An error at {@code element}. */
	private static Failure fail(EObject element, String message) {
		return new Failure(element, message);
	}

	/** A translation that fails at a model element: an expression that fails, a message that leaves the processes, ... */
	public static final class Failure extends RuntimeException {
		private static final long serialVersionUID = 1L;

		private final String label;
		private final String uriFragment;
		private final int line;

		Failure(EObject element, String message) {
			super(message);
			String name = element.eClass().getName();
			if (element instanceof org.perfcast.model.core.NamedElement named && named.getName() != null) {
				name += " '" + named.getName() + "'";
			}
			this.label = name;
			this.uriFragment = element.eResource() == null ? "" : element.eResource().getURIFragment(element);
			this.line = element.eResource() instanceof PerfcastResource r ? r.lineOf(element) : 0;
		}

		/** The failure as an error at its element in {@code file}: {@code file:line: error: Element 'name': message}. */
		public Diagnostic toDiagnostic(String file) {
			return Diagnostic.error("pamela.program", getMessage(), new Location.ElementLocation(file, uriFragment, label,
					line));
		}
	}
}
