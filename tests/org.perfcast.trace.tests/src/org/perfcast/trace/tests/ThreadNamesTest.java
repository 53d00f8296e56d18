package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.engine.run.Table;
import org.perfcast.trace.BinaryTrace;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.ThreadNames;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEngine;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.TraceSource;
import org.perfcast.trace.WaitingPoints;

/**
 * {@code @name THREAD TEXT}: read anywhere in the text form, kept in the binary form, delivered to simulations in
 * memory and streamed (replayed ahead or not), shown by the engine's tables and timelines and the waiting points.
 */
class ThreadNamesTest {

	/**
	 * Two workers ping and pong contending for a lock; names before and after creates, a rename, a name with '#',
	 * spaces, a tab, a control character and unicode, and a name of a thread that never appears.
	 */
	static final String TRACE = """
			@recorded test
			@unit s
			@name main the main thread # not a comment
			@name T2 ping
			0 main create T1 cpu=0
			@name T1 pong \\t\\x01 été ☕ \\\\ end
			0 main create T2 cpu=0
			1 T1 lock m cpu=1 at=W.java:5
			3 T1 unlock m cpu=3 at=W.java:6
			@name T1 pong
			4 T1 exit cpu=4
			5 T2 lock m cpu=1 at=W.java:5
			7 T2 unlock m cpu=3 at=W.java:6
			8 T2 exit cpu=4
			8 main join T1 cpu=0 at=M.java:9
			8 main join T2 cpu=0 at=M.java:10
			@name T9 a thread that never appears
			8 main exit cpu=0
			@end
			""";

	private static Trace trace() throws TraceException {
		return TraceReader.read(TRACE, "names.vtrace");
	}

	@Test
	void testNamesAreReadAnywhereWithEscapesAndRenames() throws Exception {
		ThreadNames names = trace().names();
		assertEquals("the main thread # not a comment", names.name("main"));
		assertEquals("ping", names.name("T2"));
		assertEquals("pong", names.name("T1"), "the last name wins");
		assertEquals(List.of(new ThreadNames.Named(1, "pong \t\u0001 été ☕ \\ end"), new ThreadNames.Named(4, "pong")),
				names.history("T1"), "the history of renames, each after as many events as came before it");
		assertEquals("a thread that never appears", names.name("T9"));
		assertNull(names.name("T3"));
		assertEquals(11, trace().events().size(), "@name lines are not events");
	}

	@Test
	void testTextRoundTripKeepsNamesAndWhereTheyStand() throws Exception {
		Trace trace = trace();
		String text = trace.toText();
		assertTrue(text.contains("@name T1 pong \\t\\x01 été ☕ \\\\ end\n0 main create T2"), text);
		Trace again = TraceReader.read(text, "again.vtrace");
		assertEquals(trace.names(), again.names());
		assertEquals(trace.events().stream().map(TraceEvent::toText).toList(), again.events().stream()
				.map(TraceEvent::toText).toList());
	}

	@Test
	void testBinaryRoundTripKeepsNames(@TempDir Path dir) throws Exception {
		Trace trace = trace();
		Path binary = write(dir, trace);
		try (TraceSource source = TraceFiles.open(binary, "names.vtraceb")) {
			Trace read = Trace.of(source);
			assertEquals(trace.names(), read.names());
			assertEquals(trace.events().size(), read.events().size());
		}
		// a binary trace written before names were added reads as it did, without names
		Path old = dir.resolve("old.vtraceb");
		try (BinaryTrace.Writer writer = new BinaryTrace.Writer(Files.newOutputStream(old), trace.header())) {
			for (TraceEvent e : trace.events()) {
				writer.write(e);
			}
		}
		try (TraceSource source = TraceFiles.open(old, "old.vtraceb")) {
			assertTrue(Trace.of(source).names().isEmpty());
		}
	}

	/** Writes {@code trace} in the binary form, names where they stand among the events. */
	static Path write(Path dir, Trace trace) throws Exception {
		Path binary = dir.resolve("names.vtraceb");
		List<Map.Entry<String, ThreadNames.Named>> named = trace.names().all();
		try (BinaryTrace.Writer writer = new BinaryTrace.Writer(Files.newOutputStream(binary), trace.header())) {
			int n = 0;
			for (int i = 0; i <= trace.events().size(); i++) {
				for (; n < named.size() && named.get(n).getValue().before() <= i; n++) {
					writer.threadName(named.get(n).getKey(), named.get(n).getValue().name());
				}
				if (i < trace.events().size()) {
					writer.write(trace.events().get(i));
				}
			}
		}
		return binary;
	}

	@Test
	void testSimulationsCarryTheNamesInMemoryAndStreamed(@TempDir Path dir) throws Exception {
		Map<String, String> expected = Map.of("main", "the main thread # not a comment", "T1", "pong", "T2", "ping");
		TargetMachine machine = TargetMachine.unbound(2);
		Simulation inMemory = TraceSimulator.simulate(Recording.of(trace()), machine, SimulationModel.DIRECT);
		assertEquals(expected, inMemory.names(), "a thread that never appears is left out");
		assertEquals("ping (T2)", inMemory.label("T2"));
		assertEquals("T3", inMemory.label("T3"));
		Path text = dir.resolve("names.vtrace");
		Files.writeString(text, TRACE);
		Path binary = write(dir, trace());
		for (Path file : List.of(text, binary)) {
			for (SimulationModel model : SimulationModel.values()) {
				TraceSimulator.Options options = TraceSimulator.Options.DEFAULT;
				Simulation ahead = TraceSimulator.simulate(() -> TraceFiles.open(file, file.toString()), machine, model,
						options, EngineMonitor.NULL);
				assertEquals(expected, ahead.names(), file + ", " + model + ", streamed");
				String was = System.getProperty(TraceSimulator.REPLAY_AHEAD);
				System.setProperty(TraceSimulator.REPLAY_AHEAD, "false");
				try {
					Simulation here = TraceSimulator.simulate(() -> TraceFiles.open(file, file.toString()), machine,
							model, options, EngineMonitor.NULL);
					assertEquals(ahead, here, file + ", " + model + ", streamed on the simulation's thread");
				} finally {
					if (was == null) {
						System.clearProperty(TraceSimulator.REPLAY_AHEAD);
					} else {
						System.setProperty(TraceSimulator.REPLAY_AHEAD, was);
					}
				}
			}
		}
	}

	@Test
	void testTablesTimelinesAndWaitingPointsShowTheNames(@TempDir Path dir) throws Exception {
		Path file = dir.resolve("names.vtrace");
		Files.writeString(file, TRACE);
		TraceEngine engine = new TraceEngine();
		EngineResult result = engine.run(new EngineInput(file, "names.vtrace", ParameterBindings.EMPTY, OptionValues
				.of(engine.options(), Map.of("processors", "2", "model", "direct"))), EngineMonitor.NULL);
		Schedule schedule = result.schedules().get(0);
		assertEquals(List.of("the main thread # not a comment (main)", "pong (T1)", "ping (T2)"), schedule.timelines()
				.stream().map(Schedule.Timeline::label).toList());
		Table threads = result.tables().stream().filter(t -> t.name().startsWith("threads")).findFirst().orElseThrow();
		assertEquals(List.of("the main thread # not a comment (main)", "pong (T1)", "ping (T2)"), threads.rows()
				.stream().map(r -> r.get(0)).toList());

		Simulation simulation = TraceSimulator.simulate(Recording.of(trace()), TargetMachine.unbound(2),
				SimulationModel.DIRECT);
		WaitingPoints points = WaitingPoints.of(simulation);
		WaitingPoints.WaitingPoint lock = points.points().stream().filter(p -> p.kind().equals("lock")).findFirst()
				.orElseThrow();
		assertEquals("T2", lock.waiter(), "ping waits for the lock pong holds");
		assertEquals("on 2 processors, threads wait here " + WaitingPoints.percent(lock.share()) + " of their time "
				+ "(lock m, held longest at W.java:5; ping (T2) waits longest)" + (lock.critical()
						? "; on the critical path" : ""), points.message(lock, 2));
		WaitingPoints.WaitingPoint join = points.points().stream().filter(p -> p.kind().equals("join")).findFirst()
				.orElseThrow();
		assertTrue(points.what(join).startsWith("join pong (T1)") || points.what(join).startsWith("join ping (T2)"),
				points.what(join));
	}

	@Test
	void testBadNamesAreErrorsAtTheirLine() {
		assertEquals("e.vtrace:2: @name wants a thread and its name, e.g. @name T2 worker 1", error(
				"0 main create T1\n@name T1\n"));
		assertEquals("e.vtrace:1: @name T1: unknown escape \\q (known: \\\\, \\t, \\n, \\r, \\xHH, \\uHHHH)", error(
				"@name T1 a\\qb\n0 main exit\n"));
		assertEquals("e.vtrace:1: @name T1: \\x wants 2 hexadecimal digits", error("@name T1 a\\x4\n0 main exit\n"));
		assertEquals("e.vtrace:1: @name T1: a lone '\\' ends the name (write \\\\ for a backslash)", error(
				"@name T1 a\\\n0 main exit\n"));
		assertEquals("e.vtrace:4: nothing may follow @end", error("@recorded x\n0 main exit\n@end\n@name main m\n"));
	}

	/** A recorder's trace cut inside its last line, an {@code @name}, ends before that line. */
	@Test
	void testANameCutWhereTheProgramDiedEndsTheTrace() throws Exception {
		try (TraceReader reader = new TraceReader(new java.io.StringReader("@recorded pthreads\n0 main create T1 cpu=0\n"
				+ "@name T1"), "cut.vtrace")) {
			Trace trace = Trace.of(reader);
			assertEquals(1, trace.events().size());
			assertTrue(reader.truncated());
			assertTrue(trace.names().isEmpty());
		}
	}

	private static String error(String text) {
		TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(text, "e.vtrace"));
		return e.toString();
	}

	@Test
	void testEscapesRoundTrip() {
		for (String name : List.of("plain", "with space", "tab\there", "new\nline", "cr\r", "back\\slash", "\u0000nul",
				"del\u007f", "c1\u0085", "ünïcödé ☕ 𝄞", "\\x41 is not A", "  leading and trailing  ", "#hash")) {
			String escaped = ThreadNames.escape(name);
			assertTrue(escaped.chars().noneMatch(c -> c < 0x20 || c == 0x7F || c == 0x85), escaped);
			assertEquals(name, ThreadNames.unescape(escaped));
		}
	}
}
