package org.perfcast.loggp;

import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.cost.IndexEnumeration;
import org.perfcast.model.cost.StepComputation;
import org.perfcast.model.cost.StepInstances;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * The paper's simulation of a whole program (its sections 2 and 5): the program's steps are followed one after
 * the other; in each, every processor first computes (the step's cost and its basic operations on the blocks the
 * processor owns under the layout), then the step's messages are simulated as one LogGP communication step that
 * starts when the slowest processor has finished computing (computation and communication alternate and do not
 * overlap). The step takes the longest computation plus the communication step's time; the program the sum.
 * Messages from a processor to itself cost nothing and are counted apart.
 */
public final class ProgramSimulation {

	/** The most messages whose operations a result keeps for timelines; beyond, only the totals are kept. */
	public static final long KEEP_OPERATIONS = 200_000;

	/** The most messages a program may send in all. */
	public static final long MAX_MESSAGES = 100_000_000L;

	/**
	 * What to simulate with.
	 *
	 * @param algorithm      the communication step algorithm
	 * @param rules          the reading of LogGP
	 * @param keepOperations whether to keep every operation's times (up to {@link #KEEP_OPERATIONS} messages)
	 */
	public record Options(Algorithm algorithm, LogGPRules rules, boolean keepOperations) {
	}

	/** A model element that cannot be simulated as written: an expression fails, a message leaves the processors, ... */
	public static final class Failure extends RuntimeException {
		private static final long serialVersionUID = 1L;

		private final transient EObject element;

		Failure(EObject element, String message) {
			super(message);
			this.element = element;
		}

		/** The element at fault. */
		public EObject element() {
			return element;
		}
	}

	private final Program program;
	private final Options options;
	private final EngineMonitor monitor;
	private final Scope scope;

	private ProgramSimulation(Program program, ParameterBindings bindings, Options options, EngineMonitor monitor) {
		this.program = program;
		this.options = options;
		this.monitor = monitor;
		this.scope = ParameterEnvironment.of(program, bindings).scope();
	}

	/**
	 * Simulates {@code program} with its parameters' defaults overridden by {@code bindings}.
	 *
	 * @throws Failure                                at the element when the model cannot be simulated
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static ProgramResult simulate(Program program, ParameterBindings bindings, Options options,
			EngineMonitor monitor) {
		return new ProgramSimulation(program, bindings, options, monitor).run();
	}

	private ProgramResult run() {
		Machine machine = program.getMachine();
		if (machine == null || machine.eIsProxy()) {
			throw new Failure(program, "the program has no machine, so its messages have no LogGP parameters");
		}
		Communication communication = machine.getCommunication();
		if (communication == null) {
			throw new Failure(machine, "the machine states no communication (LogGP parameters L, o, g, G)");
		}
		int P = processes();
		StepComputation computation;
		try {
			computation = StepComputation.of(program, scope);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw new Failure(program.getLayout() == null ? program : program.getLayout(), "the layout: " + e.getMessage());
		}
		List<StepInstances.Instance> instances;
		try {
			instances = StepInstances.of(program, scope);
		} catch (StepInstances.Failure e) {
			throw new Failure(e.step(), e.getMessage());
		}
		monitor.begin("LogGP simulation of " + label(program), instances.size());
		ProgramResult.Builder result = new ProgramResult.Builder(options.algorithm(), P, options.keepOperations());
		StepMessages messages = new StepMessages(P);
		for (StepInstances.Instance instance : instances) {
			monitor.checkCancelled();
			Step step = instance.step();
			double[] compute = compute(instance, computation, P);
			messages(instance, P, result, messages);
			LogGP logGP = logGP(communication, messages.largest, instance.scope(), step);
			StepTimelines comm = messages.remote == 0 ? null
					: messages.timelines(logGP, options.rules(), result.keepsOperations());
			if (comm != null) {
				options.algorithm().run(comm, options.rules(), EngineMonitor.NULL);
			}
			result.step(instance.label(), step, compute, messages.remote, messages.size - messages.remote, comm);
			monitor.worked(1);
		}
		return result.build();
	}

	/**
	 * The messages of one step instance, in growing arrays reused from step to step: what the step's
	 * {@link StepTimelines} is made of. The step's processors are those that send or receive a message between
	 * different processors, numbered by ascending id, so a step costs in proportion to its messages, not to P.
	 */
	private static final class StepMessages {
		int size;
		int remote;
		long largest;
		int[] from = new int[16];
		int[] to = new int[16];
		long[] bytes = new long[16];
		/** Each process's position among the step's processors, −1 when not among them. */
		private final int[] position;

		StepMessages(int P) {
			position = new int[P];
			java.util.Arrays.fill(position, -1);
		}

		void clear() {
			size = 0;
			remote = 0;
			largest = 1;
		}

		/** Adds a message; the local ones (to the sender itself) are only counted. */
		void add(int f, int t, long b) {
			size++;
			largest = Math.max(largest, b);
			if (f == t) {
				return;
			}
			if (remote == from.length) {
				int n = 2 * remote;
				from = java.util.Arrays.copyOf(from, n);
				to = java.util.Arrays.copyOf(to, n);
				bytes = java.util.Arrays.copyOf(bytes, n);
			}
			from[remote] = f;
			to[remote] = t;
			bytes[remote] = b;
			remote++;
		}

		/** The step's timelines on its processors. */
		StepTimelines timelines(LogGP logGP, LogGPRules rules, boolean logOperations) {
			int n = 0;
			int[] ids = new int[Math.min(position.length, 2 * remote)];
			for (int m = 0; m < remote; m++) {
				if (position[from[m]] < 0) {
					position[from[m]] = 0;
					ids[n++] = from[m];
				}
				if (position[to[m]] < 0) {
					position[to[m]] = 0;
					ids[n++] = to[m];
				}
			}
			ids = java.util.Arrays.copyOf(ids, n);
			java.util.Arrays.sort(ids);
			for (int i = 0; i < n; i++) {
				position[ids[i]] = i;
			}
			int[] f = new int[remote];
			int[] t = new int[remote];
			for (int m = 0; m < remote; m++) {
				f[m] = position[from[m]];
				t[m] = position[to[m]];
			}
			for (int id : ids) {
				position[id] = -1;
			}
			return new StepTimelines(ids, f, t, java.util.Arrays.copyOf(bytes, remote), remote, size - remote, logGP,
					rules, logOperations);
		}
	}

	private int processes() {
		if (!program.getProcesses().isEmpty()) {
			return program.getProcesses().size();
		}
		String text = program.getProcessCount();
		if (text == null || text.isBlank()) {
			Machine machine = program.getMachine();
			text = machine.getProcessorCount();
			if (text == null || text.isBlank()) {
				throw new Failure(program, "processCount: the program states no number of processes");
			}
		}
		long p = integer(text, program, scope, "processCount");
		if (p < 1 || p > 1_000_000) {
			throw new Failure(program, "processCount: " + p + " processes; there must be 1 to 1000000");
		}
		return (int) p;
	}

	private double[] compute(StepInstances.Instance instance, StepComputation computation, int P) {
		Step step = instance.step();
		double[] times;
		try {
			times = step.getOperations().isEmpty() ? new double[P] : computation.times(step, instance.scope(), P);
		} catch (IllegalArgumentException | ExpressionException e) {
			throw new Failure(step, "operations of " + instance.label() + ": " + e.getMessage());
		}
		if (step.getCost() != null && !step.getCost().isBlank()) {
			Expression cost = parse(step.getCost(), step, "cost");
			for (int p = 0; p < P; p++) {
				double c;
				try {
					c = cost.evaluate(instance.scope().with("p", Rational.of(p))).toDouble();
				} catch (ExpressionException e) {
					throw new Failure(step, "cost of " + instance.label() + " on process " + p + ": " + e.getMessage());
				}
				if (!(c >= 0) || Double.isInfinite(c)) {
					throw new Failure(step, "cost of " + instance.label() + " on process " + p + " is " + c
							+ "; costs must be finite and not negative");
				}
				times[p] += c;
			}
		}
		return times;
	}

	private void messages(StepInstances.Instance instance, int P, ProgramResult.Builder result, StepMessages messages) {
		messages.clear();
		for (org.perfcast.model.program.Message message : instance.step().getMessages()) {
			Expression from = parse(message.getFrom(), message, "from");
			Expression to = parse(message.getTo(), message, "to");
			Expression size = parse(message.getSize(), message, "size");
			try {
				IndexEnumeration.forEach(message.getIndices(), message.getCondition(), instance.scope(), at -> {
					long f = from.evaluate(at).longValueExact();
					long t = to.evaluate(at).longValueExact();
					if (f < 0 || f >= P || t < 0 || t >= P) {
						throw new Failure(message, "a message from " + f + " to " + t + " in " + instance.label()
								+ " leaves the processes 0 .. " + (P - 1));
					}
					double bytes = size.evaluate(at).toDouble();
					if (!(bytes >= 1) || bytes > Integer.MAX_VALUE) {
						throw new Failure(message, "the message from " + f + " to " + t + " in " + instance.label()
								+ " has " + bytes + " bytes; a message has 1 to " + Integer.MAX_VALUE + " bytes");
					}
					if (result.messages() + messages.size >= MAX_MESSAGES) {
						throw new Failure(message, "the program sends more than " + MAX_MESSAGES + " messages");
					}
					messages.add((int) f, (int) t, (long) Math.ceil(bytes));
				});
			} catch (ExpressionException e) {
				throw new Failure(message, instance.label() + ": " + e.getMessage());
			}
		}
	}

	/** The machine's LogGP parameters for the step's largest message (they may depend on the size). */
	private static LogGP logGP(Communication communication, long largest, Scope scope, Step step) {
		try {
			org.perfcast.model.cost.LogGP p = org.perfcast.model.cost.LogGP.of(communication, largest, scope);
			return new LogGP(p.latency(), p.overhead(), p.gap(), p.gapPerByte());
		} catch (IllegalArgumentException | ExpressionException e) {
			throw new Failure(communication, "the machine's LogGP parameters: " + e.getMessage());
		}
	}

	private static Expression parse(@Nullable String text, EObject element, String what) {
		if (text == null || text.isBlank()) {
			throw new Failure(element, what + ": an expression is missing");
		}
		try {
			return Expression.parse(text);
		} catch (ExpressionException e) {
			throw new Failure(element, what + ": " + e.getMessage());
		}
	}

	private static long integer(String text, EObject element, Scope scope, String what) {
		try {
			Value value = Expression.parse(text).evaluate(scope);
			return value.longValueExact();
		} catch (ExpressionException e) {
			throw new Failure(element, what + ": '" + text + "': " + e.getMessage());
		}
	}

	private static String label(Program program) {
		return program.getName() == null || program.getName().isBlank() ? "the program" : program.getName();
	}
}
