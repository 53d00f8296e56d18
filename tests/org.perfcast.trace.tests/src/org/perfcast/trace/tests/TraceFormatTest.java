package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.BinaryTrace;
import org.perfcast.trace.EventKind;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceHeader;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSource;

/** The text and binary forms, and every kind of bad trace named at its line. */
class TraceFormatTest {

	private static String error(String text) {
		TraceException e = assertThrows(TraceException.class, () -> Recording.of(TraceReader.read(text, "t.vtrace")));
		return e.toString();
	}

	@Test
	void testTextAndBinaryRoundTrip(@TempDir Path dir) throws Exception {
		for (long seed = 0; seed < 20; seed++) {
			Trace trace = RandomTraces.generate(seed);
			Trace again = TraceReader.read(trace.toText(), trace.file());
			assertEquals(trace.header(), again.header());
			assertEquals(trace.events().size(), again.events().size());
			for (int i = 0; i < trace.events().size(); i++) {
				TraceEvent a = trace.events().get(i);
				TraceEvent b = again.events().get(i);
				assertEquals(a.toText(), b.toText(), "seed " + seed + " event " + i);
			}
			Path binary = dir.resolve("t" + seed + ".vtraceb");
			try (BinaryTrace.Writer writer = new BinaryTrace.Writer(Files.newOutputStream(binary), trace.header())) {
				for (TraceEvent e : trace.events()) {
					writer.write(e);
				}
			}
			try (TraceSource source = TraceFiles.open(binary, "t.vtraceb")) {
				Trace read = Trace.of(source);
				assertEquals(trace.header(), read.header());
				for (int i = 0; i < trace.events().size(); i++) {
					assertEquals(trace.events().get(i).toText(), read.events().get(i).toText());
				}
			}
			assertEquals(Recording.of(trace).totalWork(), TraceFiles.record(binary, "t", EngineMonitor.NULL).totalWork());
			assertTrue(Files.size(binary) < trace.toText().length(), "the binary form is the smaller");
		}
	}

	@Test
	void testSourceLocationsAndCpuClocks() throws Exception {
		Trace trace = TraceReader.read("@unit s\n0 main create w cpu=0 at=Main.java:10\n0.5 w exit cpu=0.5 at=W.java:3\n"
				+ "0.75 main exit cpu=0.25\n", "c.vtrace");
		Recording recording = Recording.of(trace);
		assertTrue(recording.cpuClocks());
		assertEquals("Main.java:10", recording.program(0).at(0));
		assertEquals(0.25, recording.program(0).work(1));
		assertEquals(0.5, recording.program(1).work(0));
		assertEquals("s", recording.unit());
	}

	@Test
	void testEventsWithoutTheirThreadOrObjectAreNamed() {
		TraceHeader header = new TraceHeader(List.of(), "s");
		TraceException noThread = assertThrows(TraceException.class, () -> Recording.of(new Trace("e.vtrace", header,
				List.of(new TraceEvent(1, 0, "A", EventKind.CREATE, null, null, Double.NaN, null)))));
		assertEquals("e.vtrace:1: create without the other thread", noThread.toString());
		TraceException noEvent = assertThrows(TraceException.class, () -> Recording.of(new Trace("e.vtrace", header,
				List.of(new TraceEvent(1, 0, "A", EventKind.CREATE, "B", null, Double.NaN, null),
						new TraceEvent(2, 1, "A", EventKind.WAIT, null, null, Double.NaN, null)))));
		assertEquals("e.vtrace:2: wait without its event, signal or mutex", noEvent.toString());
	}

	@Test
	void testBadTracesNameTheLine(@TempDir Path dir) throws Exception {
		assertEquals("t.vtrace:2: unknown event 'spawn' (known: create, wait, activate, exit, lock, rlock, unlock, join, post, take, io, sleep)",
				error("0 A create B\n1 A spawn C\n"));
		assertEquals("t.vtrace:1: time 'x' is not a number", error("x A exit\n"));
		assertEquals("t.vtrace:1: time must be a finite number >= 0, was NaN", error("NaN A exit\n"));
		assertEquals("t.vtrace:2: time 1 is before the previous event's 2: events are listed in time order",
				error("2 A create B\n1 B exit\n"));
		assertEquals("t.vtrace:2: thread C has not been created (no 'create C' before this line)",
				error("0 A create B\n1 C exit\n"));
		assertEquals("t.vtrace:2: thread B is created twice", error("0 A create B\n1 A create B\n"));
		assertEquals("t.vtrace:3: thread A has already exited", error("0 A create B\n1 A exit\n2 A exit\n"));
		assertEquals("t.vtrace:2: an event of B at time 1, but A should be running: it is ready and has been ready "
				+ "longer at the same priority (the trace has no @priority line)", error("0 A create B\n1 B exit\n"));
		assertEquals("t.vtrace:3: thread A is blocked (waiting for X) at time 2",
				error("0 A create B\n1 A wait X\n2 A exit\n"));
		assertEquals("t.vtrace: the recording ends with A waiting for X: a finished recording has no blocked thread",
				error("0 A wait X\n"));
		assertEquals("t.vtrace:2: A unlocks M, which it does not hold", error("0 A create B\n1 A unlock M\n"));
		assertEquals("t.vtrace:2: this event has a cpu= clock but earlier ones do not: either every event carries one "
				+ "or none", error("0 A create B\n1 A exit cpu=1\n"));
		assertEquals("t.vtrace:2: directives such as @priority come before the first event",
				error("0 A exit\n@priority A\n"));
		assertEquals("t.vtrace:1: @priority names A twice", error("@priority A > A\n0 A exit\n"));
		assertEquals("t.vtrace:2: the CPU clock of A goes back from 2 to 1", error("0 A create B cpu=2\n1 A exit cpu=1\n"));
		assertEquals("t.vtrace: the trace has no events", error("# nothing\n"));
		Path corrupt = dir.resolve("c.vtraceb");
		Files.write(corrupt, new byte[] { 'V', 'T', 'R', 'B', 1, 0, 0 });
		TraceException e = assertThrows(TraceException.class, () -> TraceFiles.record(corrupt, "c.vtraceb",
				EngineMonitor.NULL));
		assertTrue(e.getMessage().contains("ends inside"), e.getMessage());
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		bytes.writeBytes(new byte[] { 'V', 'T', 'R', 'B', 9 });
		Files.write(corrupt, bytes.toByteArray());
		e = assertThrows(TraceException.class, () -> TraceFiles.record(corrupt, "c.vtraceb", EngineMonitor.NULL));
		assertEquals("binary trace version 9 is not supported (only 1 and 2)", e.getMessage());
		// a name id with bit 63 set: a located error, not an IndexOutOfBoundsException
		bytes.reset();
		bytes.writeBytes(new byte[] { 'V', 'T', 'R', 'B', 1, 0, 0, 0, 1, 's', 3, 0, 0, 0, 0, 0, 0, 0, 0 });
		bytes.writeBytes(new byte[] { -1, -1, -1, -1, -1, -1, -1, -1, -1, 1 });
		Files.write(corrupt, bytes.toByteArray());
		e = assertThrows(TraceException.class, () -> TraceFiles.record(corrupt, "c.vtraceb", EngineMonitor.NULL));
		assertEquals("c.vtraceb:1: record 1 refers to name -1, which is not defined yet", e.toString());

		// a device or a file that is no trace: an error at its first line, not out of memory
		e = assertThrows(TraceException.class, () -> TraceFiles.record(Path.of("/dev/zero"), "/dev/zero",
				EngineMonitor.NULL));
		assertEquals("/dev/zero:1: a line longer than 1048576 characters: not a trace", e.toString());
		assertEquals("t.vtrace:2: a line longer than 1048576 characters: not a trace", error("0 A exit\n" + "x".repeat(
				2 << 20)));
	}
}
