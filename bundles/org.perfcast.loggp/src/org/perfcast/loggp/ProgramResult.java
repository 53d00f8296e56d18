package org.perfcast.loggp;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.model.program.Step;

/**
 * A simulated program ({@link ProgramSimulation}).
 *
 * @param algorithm           the communication step algorithm
 * @param T                   the program's time: the sum over its steps of the longest computation and the
 *                            communication step's time
 * @param computation         the sum over the steps of the longest computation
 * @param communication       the sum over the steps of the communication step's time
 * @param messages            the messages between different processors
 * @param localMessages       the messages from a processor to itself, which cost nothing
 * @param forcedTransmissions the sends the overestimation forced to break cycles
 * @param processors          every processor, in id order
 * @param steps               every step instance, in order
 * @param operationsKept      whether {@link ProcessorRun#ops()} and {@link ProcessorRun#compute()} hold every
 *                            operation (only up to {@link ProgramSimulation#KEEP_OPERATIONS} messages)
 */
public record ProgramResult(Algorithm algorithm, double T, double computation, double communication, long messages,
		long localMessages, long forcedTransmissions, List<ProcessorRun> processors, List<StepTime> steps,
		boolean operationsKept) {

	public ProgramResult {
		Objects.requireNonNull(algorithm, "algorithm");
		processors = List.copyOf(processors);
		steps = List.copyOf(steps);
	}

	/**
	 * One processor's part.
	 *
	 * @param id          the processor's id
	 * @param finish      the end of its last computation or operation
	 * @param computation its own computation time in all
	 * @param ops         its sends and receives with times from the program's start, in order (when kept)
	 * @param compute     its computations, one per step in which it computes (when kept)
	 */
	public record ProcessorRun(int id, double finish, double computation, List<Operation> ops, List<Interval> compute) {
		public ProcessorRun {
			ops = List.copyOf(ops);
			compute = List.copyOf(compute);
		}
	}

	/**
	 * A computation interval.
	 *
	 * @param step  the step instance's position in {@link ProgramResult#steps()}
	 * @param start when it starts
	 * @param end   when it ends
	 */
	public record Interval(int step, double start, double end) {
	}

	/**
	 * One step instance.
	 *
	 * @param label         the step's name, with the index values of a repeated step
	 * @param step          the model's step
	 * @param start         when it starts
	 * @param computation   its longest computation
	 * @param communication its communication step's time
	 * @param messages      its messages between different processors
	 */
	public record StepTime(String label, Step step, double start, double computation, double communication,
			int messages) {
	}

	/** Collects the steps of a simulation. */
	static final class Builder {
		private final Algorithm algorithm;
		private final int P;
		private boolean keep;
		private double T;
		private double computation;
		private double communication;
		private long messages;
		private long local;
		private long forced;
		private final double[] finish;
		private final double[] busy;
		/** Per processor its operations and computations while they are kept; null for one that has none yet. */
		private final List<List<Operation>> ops = new ArrayList<>();
		private final List<List<Interval>> compute = new ArrayList<>();
		private final List<StepTime> steps = new ArrayList<>();

		Builder(Algorithm algorithm, int P, boolean keep) {
			this.algorithm = algorithm;
			this.P = P;
			this.keep = keep;
			finish = new double[P];
			busy = new double[P];
			if (keep) {
				for (int p = 0; p < P; p++) {
					ops.add(null);
					compute.add(null);
				}
			}
		}

		long messages() {
			return messages;
		}

		/** Whether the operations are still kept: a step's timelines must then log them. */
		boolean keepsOperations() {
			return keep;
		}

		/**
		 * Adds a step instance: its computation times per process, then its communication step as simulated (null
		 * when it sends no message between different processors).
		 */
		void step(String label, Step step, double[] times, int remote, int localMessages, @Nullable StepTimelines comm) {
			double start = T;
			double longest = 0;
			for (double t : times) {
				longest = Math.max(longest, t);
			}
			double commStart = start + longest;
			messages += remote;
			local += localMessages;
			forced += comm == null ? 0 : comm.forcedTransmissions();
			if (keep && messages > ProgramSimulation.KEEP_OPERATIONS) {
				keep = false;
				ops.clear();
				compute.clear();
			}
			int index = steps.size();
			for (int p = 0; p < P; p++) {
				if (times[p] > 0) {
					busy[p] += times[p];
					finish[p] = start + times[p];
					if (keep) {
						kept(compute, p).add(new Interval(index, start, start + times[p]));
					}
				}
			}
			double commT = comm == null ? 0 : comm.T();
			if (comm != null) {
				for (int q = 0; q < comm.P; q++) {
					if (comm.busy(q)) {
						finish[comm.id(q)] = commStart + comm.ctime[q];
					}
				}
				if (keep) {
					for (ProcessorSchedule schedule : comm.result(algorithm, List.of()).processors()) {
						List<Operation> to = kept(ops, schedule.id());
						for (Operation op : schedule.ops()) {
							to.add(new Operation(op.kind(), op.peer(), op.bytes(), commStart + op.start(),
									commStart + op.end(), op.message()));
						}
					}
				}
			}
			computation += longest;
			communication += commT;
			T = commStart + commT;
			steps.add(new StepTime(label, step, start, longest, commT, remote));
		}

		private static <E> List<E> kept(List<List<E>> lists, int p) {
			List<E> list = lists.get(p);
			if (list == null) {
				list = new ArrayList<>();
				lists.set(p, list);
			}
			return list;
		}

		ProgramResult build() {
			List<ProcessorRun> processors = new ArrayList<>(P);
			for (int p = 0; p < P; p++) {
				processors.add(new ProcessorRun(p, finish[p], busy[p], keep && ops.get(p) != null ? ops.get(p) : List.of(),
						keep && compute.get(p) != null ? compute.get(p) : List.of()));
			}
			return new ProgramResult(algorithm, T, computation, communication, messages, local, forced, processors,
					steps, keep);
		}
	}
}
