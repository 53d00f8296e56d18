package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;

/**
 * The simulator (scheduler, one model policy per model, timeline recorder), in memory and streaming, gives exactly
 * the results of the {@link ReferenceSimulator} (the simulator before it was split up): completion or deadlock,
 * every interval of every thread, the arrows, the holds and the critical path.
 */
class StreamingSimulationTest {


	/** Simulates {@code trace} every way at 1 to 3 processors, with and without timelines; returns the deadlocks. */
	private static int checkAllWays(Trace trace, Recording recording, double syncCost) throws Exception {
		int deadlocks = 0;
		for (SimulationModel model : SimulationModel.values()) {
			for (int processors = 1; processors <= 3; processors++) {
				for (boolean timelines : new boolean[] { true, false }) {
					TargetMachine machine = TargetMachine.unbound(processors);
					TraceSimulator.Options options = new TraceSimulator.Options(syncCost, timelines);
					Simulation reference = ReferenceSimulator.simulate(recording, machine, model, options,
							EngineMonitor.NULL);
					String what = trace.file() + ", " + model + ", " + processors + " processors, timelines "
							+ timelines;
					assertEquals(reference, TraceSimulator.simulate(recording, machine, model, options,
							EngineMonitor.NULL), what);
					assertEquals(reference, TraceSimulator.simulate(trace::source, machine, model, options,
							EngineMonitor.NULL), what + ", streamed");
					assertEquals(reference, onTheSimulationsThread(() -> TraceSimulator.simulate(trace::source,
							machine, model, options, EngineMonitor.NULL)), what + ", streamed on one thread");
					deadlocks += reference.deadlocked() ? 1 : 0;
				}
			}
		}
		return deadlocks;
	}

	/** What {@code run} gives with the trace read and replayed on the simulation's thread, not ahead. */
	private static <T> T onTheSimulationsThread(Callable<T> run) throws Exception {
		return withProperty(TraceSimulator.REPLAY_AHEAD, "false", run);
	}

	/** What {@code run} gives with system property {@code name} set to {@code value}. */
	private static <T> T withProperty(String name, String value, Callable<T> run) throws Exception {
		String was = System.getProperty(name);
		System.setProperty(name, value);
		try {
			return run.call();
		} finally {
			if (was == null) {
				System.clearProperty(name);
			} else {
				System.setProperty(name, was);
			}
		}
	}

	@Test
	void testSameResultsAsTheReferenceOnRandomRecordingsOfEveryEvent() throws Exception {
		int deadlocks = 0;
		for (long seed = 0; seed < 300; seed++) {
			Trace trace = RandomRecordings.generate(seed);
			deadlocks += checkAllWays(trace, Recording.of(trace), seed % 3 == 0 ? 0.5 : 0);
		}
		assertTrue(deadlocks > 0, "some generated recordings deadlock under Direct or Client-Server");
	}

	@Test
	void testSameResultsAsTheReferenceOnRandomWorkerRecordings() throws Exception {
		for (long seed = 0; seed < 100; seed++) {
			Trace trace = RandomTraces.generate(seed);
			checkAllWays(trace, Recording.of(trace), seed % 2 == 0 ? 0.25 : 0);
		}
	}

	@Test
	void testSameResultsWithBoundThreads() throws Exception {
		for (long seed = 0; seed < 100; seed++) {
			Trace trace = RandomRecordings.generate(seed);
			Recording recording = Recording.of(trace);
			TargetMachine machine = new TargetMachine(2, Map.of("M", 1, recording.threads().get(
					recording.threads().size() - 1), 0));
			for (SimulationModel model : SimulationModel.values()) {
				Simulation reference = ReferenceSimulator.simulate(recording, machine, model, TraceSimulator.Options.DEFAULT,
						EngineMonitor.NULL);
				assertEquals(reference, TraceSimulator.simulate(trace::source, machine, model,
						TraceSimulator.Options.DEFAULT, EngineMonitor.NULL), "seed " + seed + ", " + model);
			}
		}
	}

	/** Each synthetic shape, streamed from its binary form, as in memory; on one processor it replays the recording. */
	@Test
	void testSyntheticShapesStreamAsTheyRunInMemory(@TempDir Path dir) throws Exception {
		for (SyntheticTrace.Shape shape : SyntheticTrace.Shape.values()) {
			Path file = dir.resolve(shape.id() + ".vtraceb");
			long written;
			try (OutputStream out = Files.newOutputStream(file)) {
				written = SyntheticTrace.writeBinary(out, shape, 30_000 + 2 * SyntheticTrace.MANY_THREADS, 7);
			}
			assertTrue(written >= 30_000, shape + ": " + written);
			Recording recording = TraceFiles.record(file, shape.id(), EngineMonitor.NULL);
			for (int processors : new int[] { 1, 4 }) {
				for (SimulationModel model : List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
						SimulationModel.STRICT_SEQUENCE)) {
					TraceSimulator.Options options = new TraceSimulator.Options(0, false);
					Simulation reference = ReferenceSimulator.simulate(recording, TargetMachine.unbound(processors),
							model, options, EngineMonitor.NULL);
					Simulation streamed = TraceSimulator.simulate(() -> TraceFiles.open(file, shape.id()),
							TargetMachine.unbound(processors), model, options, EngineMonitor.NULL);
					assertEquals(reference, streamed, shape + ", " + model + ", " + processors + " processors");
					assertEquals(written, streamed.events(), shape + ": every event is simulated once");
					assertNull(streamed.deadlock(), shape + " does not deadlock");
					if (processors == 1) {
						assertEquals(recording.end(), streamed.completion(), 1e-9 * recording.end(), shape
								+ ": one processor replays the recording");
					}
				}
			}
		}
	}

	/**
	 * A main thread that only joins at the end makes the stream read the whole trace before the workers run: the
	 * lists go to the spill file and come back, with the same results.
	 */
	@Test
	void testListsSpilledToDiskComeBackIntact(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("locks.vtraceb");
		try (OutputStream out = Files.newOutputStream(file)) {
			SyntheticTrace.writeBinary(out, SyntheticTrace.Shape.LOCKS, 1_500_000, 3);
		}
		Recording recording = TraceFiles.record(file, "locks", EngineMonitor.NULL);
		for (SimulationModel model : List.of(SimulationModel.DIRECT, SimulationModel.STRICT_SEQUENCE)) {
			TraceSimulator.Options options = new TraceSimulator.Options(0, false);
			Simulation streamed = TraceSimulator.simulate(() -> TraceFiles.open(file, "locks"), TargetMachine.unbound(3),
					model, options, EngineMonitor.NULL);
			assertEquals(TraceSimulator.simulate(recording, TargetMachine.unbound(3), model, options,
					EngineMonitor.NULL), streamed, model.toString());
			assertEquals(streamed, onTheSimulationsThread(() -> TraceSimulator.simulate(() -> TraceFiles.open(file,
					"locks"), TargetMachine.unbound(3), model, options, EngineMonitor.NULL)), model + ", on one thread");
		}
	}

	/**
	 * With room for only 1024 operations, lists spill in small pieces while the trace is read, come back a piece at
	 * a time, spill again once read (10^4 threads all running), and give their room back when their threads finish:
	 * results as in memory, replayed ahead or not.
	 */
	@Test
	void testSmallRoomSpillsAndRefillsWithTheSameResults(@TempDir Path dir) throws Exception {
		for (SyntheticTrace.Shape shape : List.of(SyntheticTrace.Shape.THREADS, SyntheticTrace.Shape.LOCKS,
				SyntheticTrace.Shape.WORKERS)) {
			Path file = dir.resolve(shape.id() + ".vtraceb");
			try (OutputStream out = Files.newOutputStream(file)) {
				SyntheticTrace.writeBinary(out, shape, 4 * SyntheticTrace.MANY_THREADS + 100_000, 5);
			}
			Recording recording = TraceFiles.record(file, shape.id(), EngineMonitor.NULL);
			for (int processors : new int[] { 2, 4 }) {
				// with timelines (of the fewer threads), the running thread's operation is read where it is shown
				TraceSimulator.Options options = new TraceSimulator.Options(0.25, processors == 4
						&& shape != SyntheticTrace.Shape.THREADS);
				Simulation reference = TraceSimulator.simulate(recording, TargetMachine.unbound(processors),
						SimulationModel.DIRECT, options, EngineMonitor.NULL);
				Callable<Simulation> streamed = () -> TraceSimulator.simulate(() -> TraceFiles.open(file, shape.id()),
						TargetMachine.unbound(processors), SimulationModel.DIRECT, options, EngineMonitor.NULL);
				assertEquals(reference, withProperty(TraceSimulator.HELD_OPERATIONS, "1024", streamed), shape
						+ ", " + processors + " processors");
				assertEquals(reference, withProperty(TraceSimulator.HELD_OPERATIONS, "1024",
						() -> onTheSimulationsThread(streamed)), shape + ", " + processors + " processors, one thread");
			}
		}
	}

	/**
	 * A recording of a server S that accepts one request from each client C1, C2, ... in that order (on one
	 * processor), each client working {@code work[i - 1]} before it sends its request; S works 10^-4 after each.
	 */
	private static Trace server(double[] work) throws TraceException {
		StringBuilder text = new StringBuilder("@priority S > M\n0 M create S cpu=0\n0 S wait req cpu=0 at=server.c:5\n");
		for (int i = 1; i <= work.length; i++) {
			text.append("0 M create C").append(i).append(" cpu=0\n");
		}
		text.append("0 M exit cpu=0\n");
		double now = 0;
		double server = 0;
		for (int i = 1; i <= work.length; i++) {
			now += work[i - 1];
			text.append(now).append(" C").append(i).append(" activate S req cpu=").append(work[i - 1]).append('\n');
			now += 1e-4;
			server += 1e-4;
			text.append(now).append(" S ").append(i < work.length ? "wait req" : "exit").append(" cpu=").append(server)
					.append(i < work.length ? " at=server.c:5\n" : "\n");
			text.append(now).append(" C").append(i).append(" exit cpu=").append(work[i - 1]).append('\n');
		}
		return TraceReader.read(text.toString(), "server.vtrace");
	}

	/**
	 * {@link #server} on as many processors as clients, with timelines, under Client-Server: S takes its lists in the
	 * order the requests come; streamed (with room for 1024 operations, ahead and on one thread) as in memory and as
	 * the reference. Returns the clients in the order S accepted them.
	 */
	private static List<String> serverAsInMemory(Trace trace) throws Exception {
		Recording recording = Recording.of(trace);
		TargetMachine machine = TargetMachine.unbound(recording.threads().size());
		TraceSimulator.Options options = new TraceSimulator.Options(0, true);
		Simulation inMemory = TraceSimulator.simulate(recording, machine, SimulationModel.CLIENT_SERVER, options,
				EngineMonitor.NULL);
		assertNull(inMemory.deadlock());
		Callable<Simulation> streamed = () -> TraceSimulator.simulate(trace::source, machine,
				SimulationModel.CLIENT_SERVER, options, EngineMonitor.NULL);
		assertEquals(inMemory, streamed.call());
		assertEquals(inMemory, withProperty(TraceSimulator.HELD_OPERATIONS, "1024", streamed), "room for 1024");
		assertEquals(inMemory, withProperty(TraceSimulator.HELD_OPERATIONS, "1024", () -> onTheSimulationsThread(
				streamed)), "room for 1024, on one thread");
		assertEquals(ReferenceSimulator.simulate(recording, machine, SimulationModel.CLIENT_SERVER, options,
				EngineMonitor.NULL), inMemory, "as the reference");
		return inMemory.activations().stream().map(a -> recording.threads().get(a.from())).toList();
	}

	/**
	 * Each client works less than the one before: on as many processors as clients the requests come in the reverse
	 * order, so S runs its last list first, then the one before, back to its first. The lists between stay (spilled
	 * with little room) until their turn.
	 */
	@Test
	void testClientServerRunsListsFarOutOfOrderAsInMemory() throws Exception {
		int clients = 3_000;
		double[] work = new double[clients];
		for (int i = 0; i < clients; i++) {
			work[i] = (clients - i) * 1e-3;
		}
		List<String> accepted = serverAsInMemory(server(work));
		assertEquals(clients, accepted.size());
		assertEquals(List.of("C" + clients, "C" + (clients - 1)), accepted.subList(0, 2));
		assertEquals("C1", accepted.get(clients - 1));
	}

	/**
	 * The first client works longest, the others in order: S runs every list but its first, in order, then its first.
	 * Between its lists S is idle, described by the lists it has not run (its first one, and the next).
	 */
	@Test
	void testClientServerWithItsFirstListLastAsInMemory() throws Exception {
		int clients = 3_000;
		double[] work = new double[clients];
		for (int i = 1; i < clients; i++) {
			work[i] = (i + 1) * 1e-3;
		}
		work[0] = 10;
		Trace trace = server(work);
		List<String> accepted = serverAsInMemory(trace);
		assertEquals(List.of("C2", "C3"), accepted.subList(0, 2));
		assertEquals("C1", accepted.get(clients - 1));
		Simulation simulation = TraceSimulator.simulate(Recording.of(trace), TargetMachine.unbound(clients + 2),
				SimulationModel.CLIENT_SERVER, new TraceSimulator.Options(0, true), EngineMonitor.NULL);
		List<String> idle = simulation.threads().stream().filter(t -> t.name().equals("S")).findFirst().orElseThrow()
				.intervals().stream().map(Simulation.Interval::detail).filter(d -> d.startsWith("between")).toList();
		assertTrue(idle.size() > clients / 2, idle.size() + " idle intervals");
		assertEquals("between lists, waiting for req from C1 or req from C1001 or req from C1002 or a later list",
				idle.get(999), "the first list, then the next ones, of the many left");
	}

	@Test
	void testStreamedErrorsNameTheTraceAndLine() throws Exception {
		Trace bad = TraceReader.read("""
				0 M create W cpu=0
				1 W exit cpu=1
				2 M exit cpu=1
				3 W post x cpu=1
				""", "bad.vtrace");
		for (boolean ahead : new boolean[] { true, false }) {
			Callable<Simulation> run = () -> TraceSimulator.simulate(bad::source, TargetMachine.unbound(2),
					SimulationModel.DIRECT, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
			TraceException e = assertThrows(TraceException.class, () -> {
				if (ahead) {
					run.call();
				} else {
					onTheSimulationsThread(run);
				}
			});
			assertEquals("bad.vtrace", e.file());
			assertEquals(4, e.line());
			assertTrue(e.getMessage().contains("has already exited"), e.getMessage());
		}
	}

	@Test
	void testStreamedBindingOfAnUnknownThreadIsRefused() throws IOException {
		Trace trace = RandomTraces.generate(1);
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TraceSimulator.simulate(
				trace::source, new TargetMachine(2, Map.of("nobody", 0)), SimulationModel.DIRECT,
				TraceSimulator.Options.DEFAULT, EngineMonitor.NULL));
		assertTrue(e.getMessage().contains("nobody"), e.getMessage());
	}
}
