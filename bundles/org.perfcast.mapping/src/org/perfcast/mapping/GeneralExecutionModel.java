package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.cost.StepInstances;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.machine.Topology;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.program.Step;
import org.perfcast.model.routing.Network;
import org.perfcast.model.routing.NetworkLink;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * The general execution model of any program model on any topology: process p runs on processor p, and the
 * steps run in order, each a computation part followed by a communication pattern.
 * <p>
 * Local analysis gives SEQ_p, the sum of the steps' costs for p (the cost expression plus the operation counts,
 * see {@link StepComputation}), and CL_p, with a message of n items crossing
 * links l_1 … l_h costing n·c(l_1) to send, n·c(l_h) to receive and n·(c(l_j) + c(l_j+1)) to pass through each
 * processor between (c(l) is the machine's perItemCost, else the link's or topology's hopTime, else 1: the
 * routes of {@link Network}); OL_p = K·CL_p, with K the program's parameter K, else the machine's overlap,
 * else 0. The global pass gives SD_p: it follows every processor's clock through the steps (computation, then
 * its sends, then the data it passes through, then its receives, each communication advancing the clock by
 * (1 − K) of its cost); a message leaves its sender when sent and arrives one item time per further link
 * later, and a receiver that is ready before the message arrives waits, which adds to SD_p. The clock at the
 * end is T_p = SEQ_p + CL_p + SD_p − OL_p. Time and memory are linear in the number of messages.
 * {@link #schedule} also keeps what the clocks advance for, as a {@link ScheduleOfSteps}.
 */
public final class GeneralExecutionModel {

	/** The most messages one analysis enumerates. */
	public static final long MESSAGE_LIMIT = 1_000_000;

	/**
	 * A message on its way: what receiving it costs, when its last item arrives, its place in model order, and
	 * for the schedule its sender and element.
	 */
	private record Sent(Rational receiveCost, Rational arrival, int order, int from, Message message) {
	}

	private final Program program;
	private final ModelValues values;
	private final EngineMonitor monitor;
	private final Scope scope;
	private final int processes;
	private final Network network;
	/** The fraction k of communication that overlaps computation, and 1 - k. */
	private final Rational overlap;
	private final Rational keep;
	private final Rational[] linkCost;
	private long messages;
	/** The schedule's activities per processor and its transfers, or null when only the model is wanted. */
	private @Nullable List<List<ScheduleOfSteps.Activity>> activities;
	private @Nullable List<ScheduleOfSteps.Transfer> transfers;
	private final Map<EObject, Location> sources = new HashMap<>();

	private GeneralExecutionModel(Program program, ParameterBindings bindings, ModelValues values, EngineMonitor monitor)
			throws EngineException {
		this.program = program;
		this.values = values;
		this.monitor = monitor;
		this.scope = ParameterEnvironment.of(program, bindings).scope();
		Machine machine = program.getMachine() == null || program.getMachine().eIsProxy() ? null : program.getMachine();
		processes = processes(machine);
		network = network(machine, processes);
		overlap = overlap(machine);
		keep = Rational.ONE.subtract(overlap);
		linkCost = linkCosts(machine);
	}

	/**
	 * The execution model of {@code program} with {@code bindings} overriding parameter defaults.
	 *
	 * @param file how diagnostics name the program's file
	 * @throws EngineException located at the element whose expression or value is wrong: a missing value, a
	 *                         negative cost or size, a message to a missing process, a topology that does not
	 *                         fit the processor count, too many messages
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static ExecutionModel of(Program program, String file, ParameterBindings bindings, EngineMonitor monitor)
			throws EngineException {
		return new GeneralExecutionModel(program, bindings, new ModelValues(file), monitor).build();
	}

	/**
	 * The execution model of {@code program} with the schedule its global pass follows: every processor's
	 * activities and every message, each with the step or message it comes from.
	 *
	 * @param file how diagnostics and the activities' sources name the program's file
	 * @throws EngineException as {@link #of}
	 * @throws org.perfcast.engine.CancelledException if the monitor is cancelled
	 */
	public static ScheduleOfSteps schedule(Program program, String file, ParameterBindings bindings,
			EngineMonitor monitor) throws EngineException {
		GeneralExecutionModel general = new GeneralExecutionModel(program, bindings, new ModelValues(file), monitor);
		List<List<ScheduleOfSteps.Activity>> activities = new ArrayList<>();
		List<ScheduleOfSteps.Transfer> transfers = new ArrayList<>();
		general.activities = activities;
		general.transfers = transfers;
		ExecutionModel model = general.build();
		return new ScheduleOfSteps(model, activities, transfers);
	}

	private ExecutionModel build() throws EngineException {
		StepComputation computation = computation();
		Rational[] seq = zeros(processes);
		Rational[] cl = zeros(processes);
		Rational[] sd = zeros(processes);
		Rational[] clock = zeros(processes);
		List<List<ScheduleOfSteps.Activity>> schedule = activities;
		if (schedule != null) {
			for (int p = 0; p < processes; p++) {
				schedule.add(new ArrayList<>());
			}
		}
		List<StepInstances.Instance> instances;
		try {
			instances = StepInstances.of(program, scope);
		} catch (StepInstances.Failure e) {
			throw values.error(e.step(), e.getMessage());
		}
		monitor.begin("Execution model of " + ModelValues.label(program), instances.size());
		for (StepInstances.Instance instance : instances) {
			Step step = instance.step();
			Scope scope = instance.scope();
			monitor.checkCancelled();
			monitor.subTask(instance.label());
			for (int p = 0; p < processes; p++) {
				Rational cost = ModelValues.isSet(step.getCost())
						? values.number(step, ProgramPackage.Literals.STEP__COST, step.getCost(), scope.with("p", Rational.of(p)))
						: Rational.ZERO;
				if (cost.signum() < 0) {
					throw values.error(step, "cost: the step costs " + cost.format() + " on process " + p
							+ "; costs must not be negative");
				}
				if (!step.getOperations().isEmpty()) {
					try {
						cost = cost.add(computation.time(step, p, scope.with("p", Rational.of(p))));
					} catch (IllegalArgumentException | ExpressionException e) {
						throw values.error(step, "operations on process " + p + ": " + e.getMessage());
					}
				}
				seq[p] = seq[p].add(cost);
				Rational start = clock[p];
				clock[p] = clock[p].add(cost);
				activity(p, ScheduleOfSteps.Kind.COMPUTE, start, clock[p], step.getIndices().isEmpty() ? name(step) : instance.label(), step);
			}
			List<List<Sent>> incoming = new ArrayList<>();
			for (int p = 0; p < processes; p++) {
				incoming.add(new ArrayList<>());
			}
			Rational[] passing = zeros(processes);
			for (Message message : step.getMessages()) {
				enumerate(message, 0, scope, (from, to, items) -> send(message, from, to, items, cl, clock, passing, incoming));
			}
			for (int p = 0; p < processes; p++) {
				cl[p] = cl[p].add(passing[p]);
				Rational start = clock[p];
				clock[p] = clock[p].add(keep.multiply(passing[p]));
				activity(p, ScheduleOfSteps.Kind.PASS_THROUGH, start, clock[p], "pass data through", step);
			}
			for (int p = 0; p < processes; p++) {
				List<Sent> arriving = incoming.get(p);
				arriving.sort(Comparator.comparing(Sent::arrival).thenComparingInt(Sent::order));
				for (Sent m : arriving) {
					cl[p] = cl[p].add(m.receiveCost());
					Rational receiving = keep.multiply(m.receiveCost());
					Rational ready = clock[p].add(receiving);
					if (m.arrival().compareTo(ready) > 0) {
						sd[p] = sd[p].add(m.arrival().subtract(ready));
						ready = m.arrival();
					}
					// drawn as waiting first, then receiving: the clock ends at the same time
					Rational receiveStart = ready.subtract(receiving);
					activity(p, ScheduleOfSteps.Kind.WAIT, clock[p], receiveStart, "wait for " + name(m.message())
							+ " from " + m.from(), m.message());
					activity(p, ScheduleOfSteps.Kind.RECEIVE, receiveStart, ready, "receive " + name(m.message())
							+ " from " + m.from(), m.message());
					clock[p] = ready;
				}
			}
			monitor.worked(1);
		}
		List<ProcessorTime> times = new ArrayList<>(processes);
		for (int p = 0; p < processes; p++) {
			times.add(new ProcessorTime(p, seq[p], cl[p], sd[p], overlap.multiply(cl[p])));
		}
		return new ExecutionModel("program", times);
	}

	/** What to do with each message a {@link Message} generates. */
	@FunctionalInterface
	private interface MessageSink {
		void accept(int from, int to, Rational items) throws EngineException;
	}

	private void enumerate(Message message, int level, Scope at, MessageSink sink) throws EngineException {
		if (level < message.getIndices().size()) {
			IndexRange range = message.getIndices().get(level);
			if (!ModelValues.isSet(range.getVariable())) {
				throw values.error(message, "an index range of the message has no variable");
			}
			long low = values.integer(message, ProgramPackage.Literals.INDEX_RANGE__FROM, text(range.getFrom()), at);
			long high = values.integer(message, ProgramPackage.Literals.INDEX_RANGE__TO, text(range.getTo()), at);
			for (long i = low; i <= high; i++) {
				enumerate(message, level + 1, at.with(range.getVariable(), Rational.of(i)), sink);
			}
			return;
		}
		if (++messages > MESSAGE_LIMIT) {
			throw values.error(message, "the program generates more than " + MESSAGE_LIMIT + " messages");
		}
		if ((messages & 0xfff) == 0) {
			monitor.checkCancelled();
		}
		if (ModelValues.isSet(message.getCondition()) && !condition(message, at)) {
			return;
		}
		int from = process(message, ProgramPackage.Literals.MESSAGE__FROM, message.getFrom(), at);
		int to = process(message, ProgramPackage.Literals.MESSAGE__TO, message.getTo(), at);
		Rational items = ModelValues.isSet(message.getSize())
				? values.number(message, ProgramPackage.Literals.MESSAGE__SIZE, message.getSize(), at) : Rational.ONE;
		if (items.signum() < 0) {
			throw values.error(message, "size: the message from " + from + " to " + to + " has the size " + items.format()
					+ "; sizes must not be negative");
		}
		sink.accept(from, to, items);
	}

	private boolean condition(Message message, Scope at) throws EngineException {
		try {
			return Expression.parse(message.getCondition()).evaluate(at).toBoolean();
		} catch (ExpressionException e) {
			throw values.error(message, "condition: " + e.getMessage());
		}
	}

	private int process(Message message, EStructuralFeature feature, String text, Scope at)
			throws EngineException {
		long process = values.integer(message, feature, text(text), at);
		if (process < 0 || process >= network.processorCount()) {
			throw values.error(message, feature.getName() + ": process " + process + " does not exist; processes are 0 .. "
					+ (network.processorCount() - 1));
		}
		return (int) process;
	}

	/** Charges the sender, collects the pass-through costs in {@code passing}, queues the message at the receiver. */
	private void send(Message message, int from, int to, Rational items, Rational[] cl, Rational[] clock,
			Rational[] passing, List<List<Sent>> incoming) {
		if (from == to) {
			return;
		}
		List<NetworkLink> route = network.route(from, to);
		Rational sendCost = items.multiply(linkCost[route.get(0).id()]);
		cl[from] = cl[from].add(sendCost);
		Rational start = clock[from];
		clock[from] = clock[from].add(keep.multiply(sendCost));
		activity(from, ScheduleOfSteps.Kind.SEND, start, clock[from], "send " + name(message) + " to " + to, message);
		Rational departure = clock[from];
		Rational arrival = clock[from];
		for (int j = 1; j < route.size(); j++) {
			int through = route.get(j).source();
			Rational forward = items.multiply(linkCost[route.get(j - 1).id()].add(linkCost[route.get(j).id()]));
			passing[through] = passing[through].add(forward);
			arrival = arrival.add(linkCost[route.get(j).id()]);
		}
		Rational receiveCost = items.multiply(linkCost[route.get(route.size() - 1).id()]);
		incoming.get(to).add(new Sent(receiveCost, arrival, incoming.get(to).size(), from, message));
		if (transfers != null) {
			transfers.add(new ScheduleOfSteps.Transfer(from, to, departure, arrival, items, name(message), source(message)));
		}
	}

	/** Adds an activity to the schedule, if one is kept and the activity takes time. */
	private void activity(int processor, ScheduleOfSteps.Kind kind, Rational start, Rational end, String label,
			EObject element) {
		List<List<ScheduleOfSteps.Activity>> schedule = activities;
		if (schedule != null && end.compareTo(start) > 0) {
			schedule.get(processor).add(new ScheduleOfSteps.Activity(kind, start, end, label, source(element)));
		}
	}

	private Location source(EObject element) {
		return sources.computeIfAbsent(element, values::at);
	}

	/** "'update own rows'", or "Step" for an element without a name. */
	private static String name(EObject element) {
		String label = ModelValues.label(element);
		int quote = label.indexOf('\'');
		return quote < 0 ? label : label.substring(quote);
	}

	private int processes(@Nullable Machine machine) throws EngineException {
		long count;
		if (ModelValues.isSet(program.getProcessCount())) {
			count = values.integer(program, ProgramPackage.Literals.PROGRAM__PROCESS_COUNT, program.getProcessCount(), scope);
		} else if (!program.getProcesses().isEmpty()) {
			count = program.getProcesses().size();
		} else if (machine != null && ModelValues.isSet(machine.getProcessorCount())) {
			count = values.integer(machine, MachinePackage.Literals.MACHINE__PROCESSOR_COUNT, machine.getProcessorCount(),
					scope);
		} else {
			throw values.error(program, "the program states no process count and has no machine with a processor count");
		}
		if (count < 1 || count > 1_000_000) {
			throw values.error(program, "the program needs between 1 and 1000000 processes, has " + count);
		}
		if (machine != null && ModelValues.isSet(machine.getProcessorCount())) {
			long processors = values.integer(machine, MachinePackage.Literals.MACHINE__PROCESSOR_COUNT,
					machine.getProcessorCount(), scope);
			if (count > processors) {
				throw values.error(program, "the program's " + count + " processes exceed the machine's " + processors
						+ " processors (one process per processor)");
			}
		}
		return (int) count;
	}

	/** The operation counts' evaluation, with the program's layout. */
	private StepComputation computation() throws EngineException {
		try {
			return StepComputation.of(program, scope);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw values.error(program.getLayout() == null ? program : program.getLayout(), "the layout: " + e.getMessage());
		}
	}

	private Network network(@Nullable Machine machine, int processes) throws EngineException {
		Topology topology = machine == null || machine.getTopology() == null
				? MachineFactory.eINSTANCE.createFullyConnected() : machine.getTopology();
		try {
			if (topology instanceof Mesh mesh) {
				long rows = values.integer(mesh, MachinePackage.Literals.MESH__ROWS, text(mesh.getRows()), scope);
				long columns = values.integer(mesh, MachinePackage.Literals.MESH__COLUMNS, text(mesh.getColumns()), scope);
				return Network.of(mesh, processes, rows, columns);
			}
			return Network.of(topology, processes);
		} catch (IllegalArgumentException e) {
			throw values.error(topology.eContainer() == null ? program : topology, e.getMessage());
		}
	}

	private Rational overlap(@Nullable Machine machine) throws EngineException {
		Communication communication = machine == null ? null : machine.getCommunication();
		Rational k = Rational.ZERO;
		Value declared = scope.lookup("K");
		if (declared != null && declared.isNumber() && isParameter("K")) {
			k = declared instanceof Rational r ? r : Rational.valueOf(declared.toDouble());
		} else if (communication != null && ModelValues.isSet(communication.getOverlap())) {
			k = values.number(communication, MachinePackage.Literals.COMMUNICATION__OVERLAP, communication.getOverlap(), scope);
		}
		if (k.signum() < 0 || k.compareTo(Rational.ONE) > 0) {
			throw values.error(program, "the overlap fraction K must be between 0 and 1, was " + k.format());
		}
		return k;
	}

	private boolean isParameter(String name) {
		return program.getParameters().stream().map(Parameter::getName).anyMatch(name::equals);
	}

	private Rational[] linkCosts(@Nullable Machine machine) throws EngineException {
		Communication communication = machine == null ? null : machine.getCommunication();
		Topology topology = machine == null ? null : machine.getTopology();
		Rational perItem = communication != null && ModelValues.isSet(communication.getPerItemCost())
				? values.number(communication, MachinePackage.Literals.COMMUNICATION__PER_ITEM_COST,
						communication.getPerItemCost(), scope)
				: null;
		Rational hop = topology != null && ModelValues.isSet(topology.getHopTime())
				? values.number(topology, MachinePackage.Literals.TOPOLOGY__HOP_TIME, topology.getHopTime(), scope)
				: Rational.ONE;
		EObject where = topology == null ? program : topology;
		List<NetworkLink> links = network.links();
		Rational[] costs = new Rational[links.size()];
		for (NetworkLink link : links) {
			Rational cost = perItem != null ? perItem
					: !link.hopTime().isBlank() ? values.number(where, MachinePackage.Literals.LINK__HOP_TIME, link.hopTime(), scope)
							: hop;
			if (cost.signum() < 0) {
				throw values.error(where, "the communication cost of link " + link.name()
						+ " is " + cost.format() + "; costs must not be negative");
			}
			costs[link.id()] = cost;
		}
		return costs;
	}

	private static String text(@Nullable String expression) {
		return expression == null ? "" : expression;
	}

	private static Rational[] zeros(int n) {
		Rational[] array = new Rational[n];
		Arrays.fill(array, Rational.ZERO);
		return array;
	}
}
