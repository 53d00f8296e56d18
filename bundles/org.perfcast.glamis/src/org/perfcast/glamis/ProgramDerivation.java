package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.cost.StepInstances;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.machine.Topology;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.resource.PerfcastResource;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * Derives a Glamis model from a program model and its machine, for bound parameter values, as the paper does
 * by hand for the matrix-vector update: every process is a task; the processes' computation is one delay
 * centre; each link of the machine's network is a queueing centre; each step of the program is a parallel
 * section whose tasks ask, on average over the processes, the step's computation of the delay centre and of
 * each link the time the step's messages use it (size × the link's cost per item, for every message routed
 * over it). Links asked the same in every step are folded into one block of identical centres, so a symmetric
 * machine gives a model whose cost does not grow with its size.
 */
public final class ProgramDerivation {

	/** The most messages a derivation enumerates. */
	public static final long MESSAGE_LIMIT = 10_000_000;

	private final Program program;
	private final String file;
	private final Scope scope;
	private final EngineMonitor monitor;
	private long messages;
	private List<String> labels = List.of();
	private final Map<String, List<Integer>> blockLinks = new LinkedHashMap<>();

	private ProgramDerivation(Program program, String file, Scope scope, EngineMonitor monitor) {
		this.program = program;
		this.file = file;
		this.scope = scope;
		this.monitor = monitor;
	}

	/**
	 * The {@code *.glamis} text of {@code program} with {@code bindings} overriding its parameters' defaults.
	 *
	 * @throws EngineException at the element whose value is wrong: no machine, a process count or message
	 *                         that does not evaluate, a message to a missing process, a negative cost
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static String derive(Program program, String file, ParameterBindings bindings, EngineMonitor monitor)
			throws EngineException {
		return new ProgramDerivation(program, file, ParameterEnvironment.of(program, bindings).scope(), monitor).run();
	}

	/**
	 * The utilisation U of every link of {@code program}'s machine by the program (Glamis with {@code solver}):
	 * each section's U weighted by the section's time, so a link busy for half the program has U = 0.5. Links
	 * by {@link NetworkLink#id()}; a link the program never uses has U = 0.
	 *
	 * @throws EngineException as {@link #derive(Program, String, ParameterBindings, EngineMonitor)}
	 * @throws ExpressionException when the derived model cannot be solved
	 */
	public static Map<Integer, Double> linkUtilisation(Program program, String file, ParameterBindings bindings,
			Solver solver, EngineMonitor monitor) throws EngineException {
		ProgramDerivation derivation = new ProgramDerivation(program, file,
				ParameterEnvironment.of(program, bindings).scope(), monitor);
		GlamisModel model = GlamisParser.parse(derivation.run());
		GlamisAnalysis.Result result = GlamisAnalysis.analyse(model, ParameterBindings.EMPTY, solver, monitor);
		Map<Integer, Double> busy = new java.util.TreeMap<>();
		for (Map.Entry<String, List<Integer>> block : derivation.blockLinks.entrySet()) {
			double time = 0;
			for (GlamisAnalysis.SectionResult section : result.sections()) {
				time += section.solution().station(block.getKey()).utilisation() * section.T();
			}
			for (int link : block.getValue()) {
				busy.put(link, result.T() > 0 ? time / result.T() : 0);
			}
		}
		return busy;
	}

	/**
	 * The {@code *.glamis} text of the program model in the file at {@code path}, named {@code file} in
	 * diagnostics.
	 *
	 * @throws EngineException if the file does not load, holds no program, or the derivation fails
	 */
	public static String derive(java.nio.file.Path path, String file, ParameterBindings bindings, EngineMonitor monitor)
			throws EngineException {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(path.toAbsolutePath().toString()), file);
		if (!loaded.ok()) {
			throw new EngineException(loaded.diagnostics());
		}
		if (!(loaded.root() instanceof Program program)) {
			throw new EngineException(Diagnostic.error("glamis.derive", "the file holds no program model",
					Location.of(file)));
		}
		return derive(program, file, bindings, monitor);
	}

	private String run() throws EngineException {
		Machine machine = program.getMachine();
		if (machine == null || machine.eIsProxy()) {
			throw error(program, "the program has no machine, so its messages have no links to queue at");
		}
		int processes = processes(machine);
		Network network = network(machine, processes);
		Rational[] costs = linkCosts(machine, network);
		StepComputation computation;
		try {
			computation = StepComputation.of(program, scope);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw error(program.getLayout() == null ? program : program.getLayout(), "the layout: " + e.getMessage());
		}
		int links = network.links().size();
		List<StepInstances.Instance> steps;
		try {
			steps = StepInstances.of(program, scope);
		} catch (StepInstances.Failure e) {
			throw error(e.step(), e.getMessage());
		}
		labels = steps.stream().map(StepInstances.Instance::label).toList();
		Rational[] compute = new Rational[steps.size()];
		Rational[][] use = new Rational[links][steps.size()];
		for (Rational[] row : use) {
			Arrays.fill(row, Rational.ZERO);
		}
		for (int s = 0; s < steps.size(); s++) {
			monitor.checkCancelled();
			Step step = steps.get(s).step();
			Scope stepScope = steps.get(s).scope();
			Rational total = Rational.ZERO;
			for (int p = 0; p < processes; p++) {
				Scope at = stepScope.with("p", Rational.of(p));
				try {
					Rational cost = step.getCost() == null || step.getCost().isBlank() ? Rational.ZERO
							: exact(Expression.parse(step.getCost()).evaluate(at));
					cost = cost.add(computation.time(step, p, at));
					if (cost.signum() < 0) {
						throw error(step, "the step costs " + cost.format() + " on process " + p
								+ "; costs must not be negative");
					}
					total = total.add(cost);
				} catch (IllegalArgumentException | ExpressionException e) {
					throw error(step, "process " + p + ": " + e.getMessage());
				}
			}
			compute[s] = total.divide(Rational.of(processes));
			for (Message message : step.getMessages()) {
				enumerate(message, 0, stepScope, network, costs, use, s, processes);
			}
		}
		return text(network, processes, compute, use);
	}

	private void enumerate(Message message, int level, Scope at, Network network, Rational[] costs, Rational[][] use,
			int step, int processes) throws EngineException {
		try {
			if (level < message.getIndices().size()) {
				IndexRange range = message.getIndices().get(level);
				long low = Expression.parse(range.getFrom()).evaluate(at).longValueExact();
				long high = Expression.parse(range.getTo()).evaluate(at).longValueExact();
				for (long i = low; i <= high; i++) {
					enumerate(message, level + 1, at.with(range.getVariable(), Rational.of(i)), network, costs, use, step,
							processes);
				}
				return;
			}
			if (++messages > MESSAGE_LIMIT) {
				throw error(message, "the program generates more than " + MESSAGE_LIMIT + " messages");
			}
			if ((messages & 0xfff) == 0) {
				monitor.checkCancelled();
			}
			if (message.getCondition() != null && !message.getCondition().isBlank()
					&& !Expression.parse(message.getCondition()).evaluate(at).toBoolean()) {
				return;
			}
			long from = Expression.parse(message.getFrom()).evaluate(at).longValueExact();
			long to = Expression.parse(message.getTo()).evaluate(at).longValueExact();
			Rational size = message.getSize() == null || message.getSize().isBlank() ? Rational.ONE
					: exact(Expression.parse(message.getSize()).evaluate(at));
			if (size.signum() < 0) {
				throw error(message, "the message from " + from + " to " + to + " has the size " + size.format()
						+ "; sizes must not be negative");
			}
			if (from < 0 || from >= processes || to < 0 || to >= processes) {
				throw error(message, "a message from " + from + " to " + to + " leaves the processes 0 .. " + (processes - 1));
			}
			for (NetworkLink link : network.route((int) from, (int) to)) {
				use[link.id()][step] = use[link.id()][step].add(size.multiply(costs[link.id()]).divide(Rational.of(processes)));
			}
		} catch (ExpressionException | IllegalArgumentException e) {
			throw error(message, e.getMessage());
		}
	}

	/** The tuple notation, links with equal use in every step folded into blocks. */
	private String text(Network network, int processes, Rational[] compute, Rational[][] use) {
		Map<List<Rational>, List<NetworkLink>> blocks = new LinkedHashMap<>();
		for (NetworkLink link : network.links()) {
			List<Rational> key = List.of(use[link.id()]);
			blocks.computeIfAbsent(key, k -> new ArrayList<>()).add(link);
		}
		StringBuilder out = new StringBuilder();
		out.append("# Glamis model derived from ").append(file).append(" for P = ").append(processes).append(":\n");
		out.append("# the processes' computation is the delay centre 'compute'; each link a queueing centre\n");
		out.append("# (service time 1, visits = the time a task uses it); links used alike are one block.\n");
		List<String> centres = new ArrayList<>();
		centres.add("compute: I(1)");
		int index = 0;
		for (Map.Entry<List<Rational>, List<NetworkLink>> block : blocks.entrySet()) {
			index++;
			String name = blocks.size() == 1 ? "links" : "links" + index;
			List<NetworkLink> members = block.getValue();
			out.append("# ").append(name).append(": ").append(members.size() == 1 ? "link " : members.size() + " links ")
					.append(String.join(", ", members.stream().limit(8).map(NetworkLink::name).toList()))
					.append(members.size() > 8 ? ", ..." : "").append('\n');
			centres.add(name + ": " + (members.size() == 1 ? "Q(1)" : "Q^" + members.size() + "(1)"));
			blockLinks.put(name, members.stream().map(NetworkLink::id).toList());
		}
		out.append("machine < ").append(String.join(", ", centres)).append(" >\n");
		List<String> steps = labels;
		out.append("program ");
		if (steps.isEmpty()) {
			out.append(processes).append(" : < ").append(String.join(", ", java.util.Collections.nCopies(centres.size(), "0")))
					.append(" >   # the program has no steps\n");
		}
		for (int s = 0; s < steps.size(); s++) {
			List<String> visits = new ArrayList<>();
			visits.add(number(compute[s]));
			for (List<Rational> key : blocks.keySet()) {
				visits.add(number(key.get(s)));
			}
			out.append(s == 0 ? "" : "        ").append(processes).append(" : < ").append(String.join(", ", visits))
					.append(" >").append(s < steps.size() - 1 ? " ;" : "").append("   # ").append(steps.get(s))
					.append('\n');
		}
		return out.toString();
	}

	/** Exact: an integer, a fraction such as 25/3, or (for irrational values) a decimal. */
	private static String number(Rational value) {
		return value.toString();
	}

	private static Rational exact(Value value) {
		return value instanceof Rational r ? r : Rational.valueOf(value.toDouble());
	}

	private int processes(Machine machine) throws EngineException {
		String count = program.getProcessCount();
		try {
			long p;
			if (count != null && !count.isBlank()) {
				p = Expression.parse(count).evaluate(scope).longValueExact();
			} else if (!program.getProcesses().isEmpty()) {
				p = program.getProcesses().size();
			} else if (machine.getProcessorCount() != null && !machine.getProcessorCount().isBlank()) {
				p = Expression.parse(machine.getProcessorCount()).evaluate(scope).longValueExact();
			} else {
				throw error(program, "the program states no process count and its machine no processor count");
			}
			if (p < 1 || p > 1_000_000) {
				throw error(program, "the program needs between 1 and 1000000 processes, has " + p);
			}
			return (int) p;
		} catch (ExpressionException e) {
			throw error(program, "processCount: " + e.getMessage());
		}
	}

	private Network network(Machine machine, int processes) throws EngineException {
		Topology topology = machine.getTopology() == null ? MachineFactory.eINSTANCE.createFullyConnected()
				: machine.getTopology();
		try {
			if (topology instanceof Mesh mesh) {
				int rows = (int) Expression.parse(mesh.getRows()).evaluate(scope).longValueExact();
				int columns = (int) Expression.parse(mesh.getColumns()).evaluate(scope).longValueExact();
				return Network.of(mesh, processes, rows, columns);
			}
			return Network.of(topology, processes);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw error(machine, e.getMessage());
		}
	}

	/** c(l): the machine's cost per item, else the link's hop time, else the topology's, else 1. */
	private Rational[] linkCosts(Machine machine, Network network) throws EngineException {
		Communication communication = machine.getCommunication();
		Topology topology = machine.getTopology();
		Rational[] costs = new Rational[network.links().size()];
		try {
			Rational perItem = communication != null && set(communication.getPerItemCost())
					? value(communication.getPerItemCost()) : null;
			Rational hop = topology != null && set(topology.getHopTime()) ? value(topology.getHopTime()) : Rational.ONE;
			for (NetworkLink link : network.links()) {
				Rational cost = perItem != null ? perItem : set(link.hopTime()) ? value(link.hopTime()) : hop;
				if (cost.signum() < 0) {
					throw error(machine, "the communication cost of link " + link.name() + " is " + cost.format()
							+ "; costs must not be negative");
				}
				costs[link.id()] = cost;
			}
		} catch (ExpressionException e) {
			throw error(machine, e.getMessage());
		}
		return costs;
	}

	private Rational value(String text) {
		return exact(Expression.parse(text).evaluate(scope));
	}

	private static boolean set(String text) {
		return text != null && !text.isBlank();
	}

	private EngineException error(EObject element, String message) {
		int line = element.eResource() instanceof PerfcastResource r ? r.lineOf(element) : 0;
		String fragment = element.eResource() == null ? "" : element.eResource().getURIFragment(element);
		String name = element instanceof org.perfcast.model.core.NamedElement named && named.getName() != null
				? element.eClass().getName() + " '" + named.getName() + "'" : element.eClass().getName();
		return new EngineException(Diagnostic.error("glamis.derive", message,
				new Location.ElementLocation(file, fragment, name, line)));
	}
}
