package org.perfcast.glamis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
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
 * section. The processes of a step that have the same load (the same computation and the same total time
 * their messages use links) are one task class, which asks the delay centre for that computation and each
 * link, on average over the class, the time the class's messages use it (size × the link's cost per item, for
 * every message routed over it): unequal loads are separate classes, so the section lasts as long as its most
 * loaded process, and only the spread of equal loads over the links is averaged, as the paper assumes for
 * the ring. Processes that neither compute nor send in a step are left out of its section. Links asked the
 * same in every step by every class are folded into one block of identical centres, so a symmetric machine
 * gives a model whose cost does not grow with its size.
 */
public final class ProgramDerivation {

	/** The most messages a derivation enumerates. */
	public static final long MESSAGE_LIMIT = 10_000_000;

	private final Program program;
	private final String file;
	private final Scope scope;
	private final EngineMonitor monitor;
	private long messages;
	private final Map<String, List<Integer>> blockLinks = new LinkedHashMap<>();

	/**
	 * A derived model.
	 *
	 * @param text     the model in the tuple notation
	 * @param warnings the assumptions the derivation makes that matter for this program (codes starting with
	 *                 "assumption.")
	 */
	public record Derived(String text, List<Diagnostic> warnings) {

		public Derived {
			warnings = List.copyOf(warnings);
		}
	}

	/** The code of the warning that processes of equal load use the links unevenly. */
	public static final String EVEN_LINK_USE = "assumption.evenLinkUse";

	/**
	 * One task class of a step: processes with the same load.
	 *
	 * @param members the processes
	 * @param compute the computation of each
	 * @param links   the time each link is used, on average over the members, by link id (links not used left
	 *                out)
	 * @param spread  the most a member uses a link over the class's average use of it (1 when the members use
	 *                the links alike)
	 */
	private record TaskClass(List<Integer> members, Rational compute, Map<Integer, Rational> links, double spread) {
	}

	/**
	 * A step's section.
	 *
	 * @param label   the step, e.g. "wave [t = 3]"
	 * @param classes the classes of processes that do something, in process order
	 * @param idle    the processes that do nothing
	 */
	private record Section(String label, List<TaskClass> classes, int idle) {
	}

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
		return derived(program, file, bindings, monitor).text();
	}

	/**
	 * The Glamis model of {@code program} with {@code bindings} overriding its parameters' defaults, and the
	 * assumptions made.
	 *
	 * @throws EngineException as {@link #derive(Program, String, ParameterBindings, EngineMonitor)}
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static Derived derived(Program program, String file, ParameterBindings bindings, EngineMonitor monitor)
			throws EngineException {
		return new ProgramDerivation(program, file, ParameterEnvironment.of(program, bindings).scope(), monitor).run();
	}

	/**
	 * The utilisation U of every link of {@code program}'s machine by the program (Glamis with {@code solver}):
	 * the time the sections' tasks ask of the link over the program's time, so a link busy for half the
	 * program has U = 0.5. Links
	 * by {@link NetworkLink#id()}; a link the program never uses has U = 0.
	 *
	 * @throws EngineException as {@link #derive(Program, String, ParameterBindings, EngineMonitor)}
	 * @throws ExpressionException when the derived model cannot be solved
	 */
	public static Map<Integer, Double> linkUtilisation(Program program, String file, ParameterBindings bindings,
			Solver solver, EngineMonitor monitor) throws EngineException {
		ProgramDerivation derivation = new ProgramDerivation(program, file,
				ParameterEnvironment.of(program, bindings).scope(), monitor);
		GlamisModel model = GlamisParser.parse(derivation.run().text());
		GlamisAnalysis.Result result = GlamisAnalysis.analyse(model, ParameterBindings.EMPTY, solver, monitor);
		Map<Integer, Double> busy = new java.util.TreeMap<>();
		for (Map.Entry<String, List<Integer>> block : derivation.blockLinks.entrySet()) {
			double time = 0;
			for (GlamisAnalysis.SectionResult section : result.sections()) {
				// the work asked of a member, the utilisation law's U × T for a single class
				time += section.solution().station(block.getKey()).station().demand() * section.tasks();
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
		return derived(path, file, bindings, monitor).text();
	}

	/**
	 * The derived model of the program model in the file at {@code path}, and the assumptions made.
	 *
	 * @throws EngineException as {@link #derive(java.nio.file.Path, String, ParameterBindings, EngineMonitor)}
	 */
	public static Derived derived(java.nio.file.Path path, String file, ParameterBindings bindings,
			EngineMonitor monitor) throws EngineException {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				org.eclipse.emf.common.util.URI.createFileURI(path.toAbsolutePath().toString()), file);
		if (!loaded.ok()) {
			throw new EngineException(loaded.diagnostics());
		}
		if (!(loaded.root() instanceof Program program)) {
			throw new EngineException(Diagnostic.error("glamis.derive", "the file holds no program model",
					Location.of(file)));
		}
		return derived(program, file, bindings, monitor);
	}

	private Derived run() throws EngineException {
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
		List<StepInstances.Instance> steps;
		try {
			steps = StepInstances.of(program, scope);
		} catch (StepInstances.Failure e) {
			throw error(e.step(), e.getMessage());
		}
		List<Section> sections = new ArrayList<>();
		for (StepInstances.Instance instance : steps) {
			monitor.checkCancelled();
			Step step = instance.step();
			Scope stepScope = instance.scope();
			Rational[] compute = new Rational[processes];
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
					compute[p] = cost;
				} catch (IllegalArgumentException | ExpressionException e) {
					throw error(step, "process " + p + ": " + e.getMessage());
				}
			}
			Map<Integer, Map<Integer, Rational>> sends = new java.util.HashMap<>();
			for (Message message : step.getMessages()) {
				enumerate(message, 0, stepScope, network, costs, sends, processes);
			}
			sections.add(section(instance.label(), compute, sends));
		}
		List<Diagnostic> warnings = new ArrayList<>();
		notes(sections).forEach(n -> warnings.add(Diagnostic.warning(EVEN_LINK_USE, n, Location.of(file))));
		org.perfcast.model.cost.LinkOnlyMessages.warning(program).ifPresent(w -> warnings.add(
				Diagnostic.warning(org.perfcast.model.cost.LinkOnlyMessages.CODE, w, Location.of(file))));
		return new Derived(text(network, processes, sections), warnings);
	}

	/** The step's task classes: its processes grouped by computation and total link time. */
	private static Section section(String label, Rational[] compute, Map<Integer, Map<Integer, Rational>> sends) {
		Map<List<Rational>, List<Integer>> groups = new LinkedHashMap<>();
		int idle = 0;
		for (int p = 0; p < compute.length; p++) {
			Rational total = Rational.ZERO;
			for (Rational use : sends.getOrDefault(p, Map.of()).values()) {
				total = total.add(use);
			}
			if (compute[p].signum() == 0 && total.signum() == 0) {
				idle++;
			} else {
				groups.computeIfAbsent(List.of(compute[p], total), k -> new ArrayList<>()).add(p);
			}
		}
		List<TaskClass> classes = new ArrayList<>();
		for (Map.Entry<List<Rational>, List<Integer>> group : groups.entrySet()) {
			List<Integer> members = group.getValue();
			Map<Integer, Rational> links = new java.util.TreeMap<>();
			Map<Integer, Rational> most = new java.util.HashMap<>();
			for (int p : members) {
				sends.getOrDefault(p, Map.of()).forEach((link, use) -> {
					links.merge(link, use, Rational::add);
					most.merge(link, use, (a, b) -> a.compareTo(b) >= 0 ? a : b);
				});
			}
			Rational n = Rational.of(members.size());
			links.replaceAll((link, use) -> use.divide(n));
			double spread = 1;
			for (Map.Entry<Integer, Rational> link : links.entrySet()) {
				spread = Math.max(spread, most.get(link.getKey()).toDouble() / link.getValue().toDouble());
			}
			classes.add(new TaskClass(List.copyOf(members), group.getKey().get(0), links, spread));
		}
		return new Section(label, classes, idle);
	}

	/** The assumptions worth saying: the even spread of a class's link use, when its members differ. */
	private static List<String> notes(List<Section> sections) {
		long uneven = sections.stream().filter(s -> s.classes().stream().anyMatch(c -> c.spread() > 1)).count();
		double spread = sections.stream().flatMap(s -> s.classes().stream()).mapToDouble(TaskClass::spread).max()
				.orElse(1);
		List<String> notes = new ArrayList<>();
		if (uneven > 0) {
			notes.add("link use spread evenly over processes of equal load (the paper's assumption for the ring): in "
					+ uneven + " of " + sections.size() + " steps such processes use different links, one up to "
					+ String.format(java.util.Locale.ROOT, "%.1f", spread) + "× the average, so the contention at"
					+ " one link can be under- or overestimated");
		}
		return notes;
	}

	private void enumerate(Message message, int level, Scope at, Network network, Rational[] costs,
			Map<Integer, Map<Integer, Rational>> sends, int processes) throws EngineException {
		try {
			if (level < message.getIndices().size()) {
				IndexRange range = message.getIndices().get(level);
				long low = Expression.parse(range.getFrom()).evaluate(at).longValueExact();
				long high = Expression.parse(range.getTo()).evaluate(at).longValueExact();
				for (long i = low; i <= high; i++) {
					enumerate(message, level + 1, at.with(range.getVariable(), Rational.of(i)), network, costs, sends,
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
			Map<Integer, Rational> own = sends.computeIfAbsent((int) from, k -> new java.util.HashMap<>());
			for (NetworkLink link : network.route((int) from, (int) to)) {
				own.merge(link.id(), size.multiply(costs[link.id()]), Rational::add);
			}
		} catch (ExpressionException | IllegalArgumentException e) {
			throw error(message, e.getMessage());
		}
	}

	/** The tuple notation, links with equal use in every step by every class folded into blocks. */
	private String text(Network network, int processes, List<Section> sections) {
		Map<List<Rational>, List<NetworkLink>> blocks = new LinkedHashMap<>();
		for (NetworkLink link : network.links()) {
			List<Rational> key = new ArrayList<>();
			for (Section section : sections) {
				for (TaskClass c : section.classes()) {
					key.add(c.links().getOrDefault(link.id(), Rational.ZERO));
				}
			}
			blocks.computeIfAbsent(key, k -> new ArrayList<>()).add(link);
		}
		StringBuilder out = new StringBuilder();
		out.append("# Glamis model derived from ").append(file).append(" for P = ").append(processes).append(":\n");
		out.append("# the processes' computation is the delay centre 'compute'; each link a queueing centre\n");
		out.append("# (service time 1, visits = the time a task uses it); links used alike are one block;\n");
		out.append("# in each step, the processes with equal loads are a task class; idle ones are left out.\n");
		List<String> centres = new ArrayList<>();
		centres.add("compute: I(1)");
		List<Integer> representatives = new ArrayList<>();
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
			representatives.add(members.get(0).id());
		}
		out.append("machine < ").append(String.join(", ", centres)).append(" >\n");
		out.append("program ");
		String zeros = String.join(", ", java.util.Collections.nCopies(centres.size(), "0"));
		if (sections.isEmpty()) {
			out.append(processes).append(" : < ").append(zeros).append(" >   # the program has no steps\n");
		}
		for (int s = 0; s < sections.size(); s++) {
			Section section = sections.get(s);
			List<TaskClass> classes = section.classes();
			String indent = s == 0 ? "" : "        ";
			String end = s < sections.size() - 1 ? " ;" : "";
			if (classes.isEmpty()) {
				out.append(indent).append(processes).append(" : < ").append(zeros).append(" >").append(end)
						.append("   # ").append(section.label()).append(" (every process idle)\n");
			}
			for (int c = 0; c < classes.size(); c++) {
				TaskClass taskClass = classes.get(c);
				List<String> visits = new ArrayList<>();
				visits.add(number(taskClass.compute()));
				for (int link : representatives) {
					visits.add(number(taskClass.links().getOrDefault(link, Rational.ZERO)));
				}
				boolean last = c == classes.size() - 1;
				out.append(c == 0 ? indent : "        ").append(taskClass.members().size()).append(" : < ")
						.append(String.join(", ", visits)).append(" >").append(last ? end : ",").append("   # ");
				if (c == 0) {
					out.append(section.label()).append(section.idle() > 0 ? " (" + section.idle() + " of " + processes
							+ " processes idle)" : "").append(classes.size() > 1 ? ": " : "");
				}
				if (classes.size() > 1) {
					out.append(members(taskClass.members()));
				}
				out.append('\n');
			}
		}
		return out.toString();
	}

	/** E.g. "process 3" or "processes 0, 2, 5" (the first eight). */
	private static String members(List<Integer> members) {
		String list = String.join(", ", members.stream().limit(8).map(String::valueOf).toList())
				+ (members.size() > 8 ? ", ..." : "");
		return (members.size() == 1 ? "process " : "processes ") + list;
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
				long rows = Expression.parse(mesh.getRows()).evaluate(scope).longValueExact();
				long columns = Expression.parse(mesh.getColumns()).evaluate(scope).longValueExact();
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

	private static boolean set(@Nullable String text) {
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
