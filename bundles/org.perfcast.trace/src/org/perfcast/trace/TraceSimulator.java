package org.perfcast.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

import org.perfcast.engine.EngineMonitor;

/**
 * Runs a {@link Recording} on a {@link TargetMachine} under a {@link SimulationModel}: a discrete-event
 * simulation of the threads' lists. Work takes the recorded processor time; synchronisation is synchronous and
 * takes no time unless {@link Options#syncCost()} says otherwise; on each processor the highest-priority ready
 * thread runs, preemptively. A trace can also be simulated as a stream ({@link #simulate(Opener, TargetMachine,
 * SimulationModel, Options, EngineMonitor)}): replayed only as far as the simulation has got, in memory bounded by
 * what is live rather than by the trace's length.
 * <p>
 * The parts: the {@link Scheduler} (processors and ready threads), a {@link SyncModel} per model (how activations
 * and signals pair), the {@link TimelineRecorder} (intervals, arrows, holds, critical path), all driven by a
 * {@link SimulationRun}.
 */
public final class TraceSimulator {

	/**
	 * The system property that, set to {@code false}, keeps a streamed trace's reading and replay on the
	 * simulation's thread; by default they run ahead on a thread of their own where there is a second processor.
	 */
	public static final String REPLAY_AHEAD = "perfcast.trace.replayAhead";

	/**
	 * The system property giving how many operations a streamed trace's lists hold in memory (2^18 by default, at
	 * least 1024) before the middles of the longest go to a temporary file.
	 */
	public static final String HELD_OPERATIONS = "perfcast.trace.heldOperations";

	/**
	 * The progress of a simulation streamed from a file, in units of work per pass over the file of {@code length}
	 * bytes: one per KiB, plus one. A streamed simulation reports the KiB it reads as work done on its monitor and
	 * the rest of its pass at its end; the caller begins the task with the passes it plans (AUTO makes up to three)
	 * and reports those not made (see {@link TraceEngine}).
	 */
	public static long progressUnits(long length) {
		return length / 1024 + 1;
	}

	/**
	 * How to simulate.
	 *
	 * @param syncCost  processor time an accepted activation costs both threads (0 by default)
	 * @param timelines whether to keep per-thread timelines, activations and the critical path (off for speed)
	 * @param detail    how much of the timelines to keep exactly
	 */
	public record Options(double syncCost, boolean timelines, Detail detail) {
		/** No synchronisation cost, with timelines at the default detail. */
		public static final Options DEFAULT = new Options(0, true);

		public Options {
			if (!(syncCost >= 0) || !Double.isFinite(syncCost)) {
				throw new IllegalArgumentException("the synchronisation cost must be a finite number >= 0, was "
						+ syncCost);
			}
			if (detail == null) {
				detail = Detail.DEFAULT;
			}
		}

		/** Options at the default detail. */
		public Options(double syncCost, boolean timelines) {
			this(syncCost, timelines, Detail.DEFAULT);
		}
	}

	/**
	 * The level of detail of timelines. Up to {@code intervals} intervals (over all threads) are kept exactly; a run
	 * with more keeps its timelines as a {@link Simulation.Summary} (time per state per bucket and thread), the exact
	 * intervals and activations of the window [{@code windowStart}, {@code windowEnd}] (up to {@code intervals} of
	 * them), and the latest part of the critical path; the waiting points are summed up over the whole run either
	 * way. Memory then holds the summary and the window, not the run.
	 *
	 * @param intervals   the most intervals kept exactly, at least 1
	 * @param windowStart the start of the window to keep exactly, or NaN for none
	 * @param windowEnd   its end (NaN when there is no window)
	 */
	public record Detail(long intervals, double windowStart, double windowEnd) {
		/** The intervals kept exactly by default: what a results file and the Results view open at once. */
		public static final long INTERVALS = 100_000;

		/** Up to {@link #INTERVALS} intervals, no window. */
		public static final Detail DEFAULT = new Detail(INTERVALS, Double.NaN, Double.NaN);

		public Detail {
			if (intervals < 1) {
				throw new IllegalArgumentException("at least one interval must be kept, not " + intervals);
			}
			if (Double.isNaN(windowStart) != Double.isNaN(windowEnd) || windowStart > windowEnd
					|| Double.isInfinite(windowStart) || Double.isInfinite(windowEnd)) {
				throw new IllegalArgumentException("a window goes from a finite time to a later or equal one, not ["
						+ windowStart + ", " + windowEnd + "]");
			}
		}

		/** Whether a window is asked for. */
		public boolean hasWindow() {
			return !Double.isNaN(windowStart);
		}

		/** Whether [{@code start}, {@code end}] meets the window. */
		boolean inWindow(double start, double end) {
			return hasWindow() && end >= windowStart && start <= windowEnd;
		}
	}

	private TraceSimulator() {
	}

	/** Simulates with the default options. */
	public static Simulation simulate(Recording recording, TargetMachine machine, SimulationModel model) {
		return simulate(recording, machine, model, Options.DEFAULT, EngineMonitor.NULL);
	}

	/**
	 * Simulates; AUTO tries Direct, then Client-Server, then Strict Sequence, keeping the first that does not
	 * deadlock (section 7).
	 *
	 * @throws IllegalArgumentException if the machine binds a thread the recording does not have
	 */
	public static Simulation simulate(Recording recording, TargetMachine machine, SimulationModel model,
			Options options, EngineMonitor monitor) {
		for (String thread : machine.binding().keySet()) {
			if (recording.thread(thread) < 0) {
				throw new IllegalArgumentException("the binding names thread " + thread + ", which the trace does not "
						+ "have (threads: " + String.join(", ", recording.threads()) + ")");
			}
		}
		return simulate((ThreadLists) recording, machine, model, options, monitor);
	}

	/** Simulates lists held whole (a recording, or one a what-if changed), as {@link #simulate(Recording,
	 * TargetMachine, SimulationModel, Options, EngineMonitor)} does. */
	static Simulation simulate(ThreadLists lists, TargetMachine machine, SimulationModel model, Options options,
			EngineMonitor monitor) {
		if (model != SimulationModel.AUTO) {
			return run(lists, machine, model, options, monitor, "");
		}
		return auto(m -> run(lists, machine, m.model(), options, monitor, m.choice()));
	}

	/** A simulation under one model, with the reason AUTO gives for it ("" when asked for). */
	private record Choice(SimulationModel model, String choice) {
	}

	/** Simulates under one model, or fails with {@code X} (a streamed trace that does not parse). */
	@FunctionalInterface
	private interface Simulator<X extends Exception> {
		Simulation simulate(Choice choice) throws X;
	}

	/** AUTO: Direct, else Client-Server, else Strict Sequence, keeping the first that does not deadlock. */
	private static <X extends Exception> Simulation auto(Simulator<X> simulator) throws X {
		Simulation direct = simulator.simulate(new Choice(SimulationModel.DIRECT,
				"auto: the Direct model does not deadlock"));
		if (!direct.deadlocked()) {
			return direct;
		}
		Simulation clientServer = simulator.simulate(new Choice(SimulationModel.CLIENT_SERVER, "auto: Direct deadlocks ("
				+ direct.deadlock() + "); Client-Server does not"));
		if (!clientServer.deadlocked()) {
			return clientServer;
		}
		return simulator.simulate(new Choice(SimulationModel.STRICT_SEQUENCE, "auto: Direct deadlocks ("
				+ direct.deadlock() + "), so does Client-Server (" + clientServer.deadlock()
				+ "); Strict Sequence never deadlocks on a deadlock-free recording"));
	}

	private static Simulation run(ThreadLists lists, TargetMachine machine, SimulationModel model, Options options,
			EngineMonitor monitor, String choice) {
		return new SimulationRun(lists, machine, model, options, monitor).run(choice);
	}

	/** A trace to read from its start, once per simulation (AUTO may need more than one). */
	@FunctionalInterface
	public interface Opener {
		/**
		 * The trace from its start.
		 *
		 * @throws TraceException at a malformed header
		 * @throws IOException    when it cannot be read
		 */
		TraceSource open() throws TraceException, IOException;
	}

	/**
	 * Simulates a trace as it is read: the replay runs only as far as the simulation needs, and what both have
	 * passed is dropped, so that memory holds what is live (threads, activations and signals not yet accepted,
	 * held mutexes, the operations between the slowest and the fastest thread, and under Client-Server the lists not
	 * run yet before the last one started) and not the whole trace; what does not fit goes to a spill file. AUTO
	 * reads the trace once per model it tries. Results equal those of
	 * {@link #simulate(Recording, TargetMachine, SimulationModel, Options, EngineMonitor)} on the replayed
	 * recording.
	 *
	 * @throws TraceException           at the first event that does not parse or does not fit the recorded
	 *                                  schedule
	 * @throws IOException              when the trace cannot be read
	 * @throws IllegalArgumentException if the machine binds a thread the trace does not have
	 */
	public static Simulation simulate(Opener trace, TargetMachine machine, SimulationModel model, Options options,
			EngineMonitor monitor) throws TraceException, IOException {
		return simulate(trace, machine, model, options, monitor, w -> {
		});
	}

	/**
	 * Simulates a trace as it is read (see {@link #simulate(Opener, TargetMachine, SimulationModel, Options,
	 * EngineMonitor)}), giving the replay's remarks about the recording ({@link Recording#warnings()}) to
	 * {@code warnings}.
	 *
	 * @throws TraceException           at the first event that does not parse or does not fit the recorded
	 *                                  schedule
	 * @throws IOException              when the trace cannot be read
	 * @throws IllegalArgumentException if the machine binds a thread the trace does not have
	 */
	public static Simulation simulate(Opener trace, TargetMachine machine, SimulationModel model, Options options,
			EngineMonitor monitor, Consumer<String> warnings) throws TraceException, IOException {
		if (model != SimulationModel.AUTO) {
			return streamed(trace, machine, new Choice(model, ""), options, monitor, warnings, model.label() + " model");
		}
		try {
			return auto(c -> {
				// AUTO's first pass is Direct's; the replay's remarks are the same on every pass: given once
				boolean first = c.model() == SimulationModel.DIRECT;
				try {
					return streamed(trace, machine, c, options, monitor, first ? warnings : w -> {
					}, c.model().label() + " model" + (first ? "" : " (the models before deadlock)"));
				} catch (IOException e) {
					throw new UncheckedIOException(e);
				}
			});
		} catch (UncheckedIOException e) {
			throw e.getCause();
		}
	}

	/** How many passes over the trace AUTO made to choose the model of {@code simulation}: one per model tried. */
	static int autoPasses(Simulation simulation) {
		return switch (simulation.model()) {
		case DIRECT -> 1;
		case CLIENT_SERVER -> 2;
		default -> 3;
		};
	}

	/** One streamed simulation of {@code trace} under {@code choice}'s model, shown as the subtask {@code what}. */
	private static Simulation streamed(Opener trace, TargetMachine machine, Choice choice, Options options,
			EngineMonitor monitor, Consumer<String> warnings, String what) throws TraceException, IOException {
		monitor.subTask(what);
		try (TraceSource source = trace.open(); Recording.Stream stream = new Recording.Stream(source, monitor)) {
			Simulation simulation = run(stream, machine, choice.model(), options, monitor, choice.choice());
			stream.reportProgress();
			long units = source.length() < 0 ? 0 : progressUnits(source.length());
			if (units > stream.reportedKiB()) {
				monitor.worked(units - stream.reportedKiB()); // the rest of the pass
			}
			for (String thread : machine.binding().keySet()) {
				if (!stream.knows(thread)) {
					throw new IllegalArgumentException("the binding names thread " + thread + ", which the trace does "
							+ "not have");
				}
			}
			stream.warnings().forEach(warnings);
			return simulation;
		} catch (Recording.StreamException e) {
			throw e.getCause();
		}
	}

	/**
	 * The time of the recorded execution on one processor (see {@link #oneProcessor(Recording, Options,
	 * EngineMonitor)}), the trace simulated as it is read.
	 *
	 * @throws TraceException at the first event that does not parse or does not fit the recorded schedule
	 * @throws IOException    when the trace cannot be read
	 */
	public static double oneProcessor(Opener trace, Options options, EngineMonitor monitor) throws TraceException,
			IOException {
		Simulation one = streamed(trace, TargetMachine.unbound(1), new Choice(SimulationModel.STRICT_SEQUENCE, ""),
				new Options(options.syncCost(), false), monitor, w -> {
				}, "the recorded run on one processor");
		Double completion = one.completion();
		return completion == null ? Double.NaN : completion;
	}

	/**
	 * The time of the recorded execution on one processor: Strict Sequence with every thread on processor 0, which
	 * replays the recording.
	 */
	public static double oneProcessor(Recording recording, Options options, EngineMonitor monitor) {
		Simulation one = run(recording, TargetMachine.unbound(1), SimulationModel.STRICT_SEQUENCE,
				new Options(options.syncCost(), false), monitor, "");
		Double completion = one.completion();
		return completion == null ? Double.NaN : completion;
	}

}
