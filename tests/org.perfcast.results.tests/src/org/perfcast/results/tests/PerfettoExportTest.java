package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.PerfettoExport;

/**
 * The Perfetto export: decoded by {@code protoc} against a subset of Perfetto's own schema (names and field numbers
 * as Perfetto's), its tracks, slices and flows must be the runs'; and one tiny schedule byte for byte.
 */
class PerfettoExportTest {

	private static final long THREAD = 1L << 32;

	@TempDir
	Path dir;

	@Test
	void tinyScheduleByteForByte() throws IOException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		PerfettoExport.write(List.of(TraceRuns.tiny()), UnaryOperator.identity(), out);
		String expected = ""
				// Trace.packet (1, length 29): TracePacket.track_descriptor (60: e2 03, length 24)
				+ "0a1d" + "e20318"
				// TrackDescriptor.uuid 1, .process (3, length 20): pid 1, process_name (6) "x on a [point 1]"
				+ "0801" + "1a14" + "0801" + "3210" + hex("x on a [point 1]")
				// TracePacket.trusted_packet_sequence_id 1
				+ "5001"
				// Trace.packet (22): track_descriptor (17): uuid 2^32+1, parent_uuid (5) 1,
				// thread (4, length 7): pid 1, tid 1, thread_name (5) "t"; sequence 1
				+ "0a16" + "e20311" + "088180808010" + "2801" + "2207" + "0801" + "1001" + "2a01" + hex("t") + "5001"
				// Trace.packet (34): timestamp (8) 0, track_event (11, length 28): type (9) SLICE_BEGIN,
				// track_uuid (11) 2^32+1, categories (22) "compute", name (23) "compute"; sequence 1
				+ "0a22" + "4000" + "5a1c" + "4801" + "588180808010" + "b20107" + hex("compute") + "ba0107"
				+ hex("compute") + "5001"
				// Trace.packet (14): timestamp 5, track_event (8): type SLICE_END, track_uuid 2^32+1; sequence 1
				+ "0a0e" + "4005" + "5a08" + "4802" + "588180808010" + "5001";
		assertEquals(expected, HexFormat.of().formatHex(out.toByteArray()));
	}

	@Test
	void decodedTracksSlicesAndFlowsAreTheRuns() throws Exception {
		List<Run> runs = TraceRuns.predictedAndRecorded();
		Path trace = dir.resolve("runs.perfetto-trace");
		PerfettoExport.write(runs, s -> s == null ? null : s.replace("taking", "TAKING"), trace);
		TextFormat.Message decoded = TextFormat.parse(decode(trace));
		assertFalse(decode(trace).matches("(?s).*\\n\\s*[0-9]+: .*"), "no field unknown to Perfetto's schema");
		Map<Long, String> processes = new LinkedHashMap<>();
		Map<Long, String> threads = new LinkedHashMap<>();
		Map<Long, List<TextFormat.Message>> events = new LinkedHashMap<>();
		Map<Long, List<Long>> times = new LinkedHashMap<>();
		for (TextFormat.Message packet : decoded.messages("packet")) {
			assertEquals("1", packet.value("trusted_packet_sequence_id"));
			TextFormat.Message descriptor = packet.message("track_descriptor");
			if (descriptor != null) {
				long uuid = Long.parseLong(descriptor.value("uuid"));
				if (descriptor.message("process") != null) {
					assertEquals(descriptor.message("process").value("pid"), descriptor.value("uuid"));
					processes.put(uuid, descriptor.message("process").value("process_name"));
				} else {
					TextFormat.Message thread = descriptor.message("thread");
					assertEquals(thread.value("pid"), descriptor.value("parent_uuid"));
					assertEquals(THREAD + Long.parseLong(thread.value("tid")), uuid);
					threads.put(uuid, thread.value("pid") + "/" + thread.value("thread_name"));
				}
			} else {
				TextFormat.Message event = packet.message("track_event");
				long track = Long.parseLong(event.value("track_uuid"));
				events.computeIfAbsent(track, k -> new ArrayList<>()).add(event);
				times.computeIfAbsent(track, k -> new ArrayList<>()).add(Long.parseLong(packet.value("timestamp")));
			}
		}
		assertEquals(List.of("trace on prog.trace [P=2]", "record on prog [point 1]"), List.copyOf(processes.values()));
		assertEquals(List.of("1/rank 0", "1/rank 1", "2/main"), List.copyOf(threads.values()));
		List<Long> tracks = List.copyOf(threads.keySet());

		// rank 0: compute 0..2 µs with its label and source, send 2..3 µs; then the instant receiving the message
		// at 5 µs, which no interval of rank 0 holds
		List<TextFormat.Message> rank0 = events.get(tracks.get(0));
		assertEquals(List.of("TYPE_SLICE_BEGIN compute", "TYPE_SLICE_END null", "TYPE_SLICE_BEGIN send",
				"TYPE_SLICE_END null", "TYPE_INSTANT receive"), rank0.stream().map(e -> e.value("type") + " "
						+ e.value("name")).toList());
		assertEquals(List.of(0L, 2000L, 2000L, 3000L, 5000L), times.get(tracks.get(0)));
		assertEquals(Map.of("label", "step A", "source", "prog.c:10"), annotations(rank0.get(0)));
		assertEquals(List.of("compute"), rank0.get(0).values("categories"));
		// rank 1: the wait's label in the words given, the receive 2.5..4 µs
		List<TextFormat.Message> rank1 = events.get(tracks.get(1));
		assertEquals(List.of("wait", "receive"), rank1.stream().filter(e -> e.value("name") != null)
				.map(e -> e.value("name")).toList());
		assertEquals(List.of(0L, 2500L, 2500L, 4000L), times.get(tracks.get(1)));
		assertEquals(Map.of("label", "TAKING omp.release.1.0 posted by main"), annotations(rank1.get(0)));
		// the recorded run's timeline in ns
		assertEquals(List.of(100L, 400L, 400L, 900L), times.get(tracks.get(2)));
		assertEquals(Map.of("label", "read"), annotations(events.get(tracks.get(2)).get(2)));

		// message 1 (rank 0 at 2.5 µs → rank 1 at 3.5 µs): from the send to the receive; message 2 (rank 1 at 4 µs
		// → rank 0 at 5 µs): from the receive (which holds 4) to the instant
		assertEquals(List.of("1"), rank0.get(2).values("flow_ids"));
		assertEquals(List.of("1"), rank1.get(2).values("terminating_flow_ids"));
		assertEquals(List.of("2"), rank1.get(2).values("flow_ids"));
		assertEquals(List.of("2"), rank0.get(4).values("terminating_flow_ids"));
		long flowEnds = events.values().stream().flatMap(List::stream)
				.mapToLong(e -> e.values("flow_ids").size() + e.values("terminating_flow_ids").size()).sum();
		assertEquals(4, flowEnds, "two flows, each with a start and an end");
		// every slice begun is ended on its track
		for (List<TextFormat.Message> track : events.values()) {
			assertEquals(track.stream().filter(e -> e.value("type").equals("TYPE_SLICE_BEGIN")).count(),
					track.stream().filter(e -> e.value("type").equals("TYPE_SLICE_END")).count());
		}
	}

	@Test
	void overlapsAndNegativeTimesAreClipped() throws Exception {
		Run run = TraceRuns.tiny();
		org.perfcast.model.results.Timeline t = run.getPoints().get(0).getSchedules().get(0).getTimelines().get(0);
		t.getIntervals().get(0).setStart(-1);
		TraceRuns.interval(t, org.perfcast.model.results.IntervalKind.WAIT, 4, 9, null);
		Path trace = dir.resolve("clipped.perfetto-trace");
		PerfettoExport.write(List.of(run), UnaryOperator.identity(), trace);
		List<String> slices = new ArrayList<>();
		for (TextFormat.Message packet : TextFormat.parse(decode(trace)).messages("packet")) {
			if (packet.message("track_event") != null) {
				slices.add(packet.message("track_event").value("type") + " " + packet.value("timestamp"));
			}
		}
		// compute -1..5 and wait 4..9: compute 0..5, wait 5..9
		assertEquals(List.of("TYPE_SLICE_BEGIN 0", "TYPE_SLICE_END 5", "TYPE_SLICE_BEGIN 5", "TYPE_SLICE_END 9"), slices);
	}

	@Test
	void aFlowLeavesTheIntervalThatSentItAndReachesTheOneThatFollows() throws Exception {
		// t: compute 0..5 (activating u at 5), other 5..8; u: wait 0..5, compute 5..9
		Run run = TraceRuns.tiny();
		org.perfcast.model.results.Schedule schedule = run.getPoints().get(0).getSchedules().get(0);
		TraceRuns.interval(schedule.getTimelines().get(0), org.perfcast.model.results.IntervalKind.OTHER, 5, 8, null);
		org.perfcast.model.results.Timeline u = TraceRuns.timeline(schedule, "u");
		TraceRuns.interval(u, org.perfcast.model.results.IntervalKind.WAIT, 0, 5, null);
		TraceRuns.interval(u, org.perfcast.model.results.IntervalKind.COMPUTE, 5, 9, null);
		TraceRuns.message(schedule, 0, 5, 1, 5, "X");
		Path trace = dir.resolve("flow.perfetto-trace");
		PerfettoExport.write(List.of(run), UnaryOperator.identity(), trace);
		List<String> ends = new ArrayList<>();
		for (TextFormat.Message packet : TextFormat.parse(decode(trace)).messages("packet")) {
			TextFormat.Message event = packet.message("track_event");
			if (event != null && (!event.values("flow_ids").isEmpty() || !event.values("terminating_flow_ids").isEmpty())) {
				ends.add(event.value("track_uuid") + " " + event.value("name") + " " + packet.value("timestamp") + " "
						+ event.values("flow_ids") + event.values("terminating_flow_ids"));
			}
		}
		assertEquals(List.of((THREAD + 1) + " compute 0 [1][]", (THREAD + 2) + " compute 5 [][1]"), ends);
	}

	private static Map<String, String> annotations(TextFormat.Message event) {
		Map<String, String> map = new LinkedHashMap<>();
		for (TextFormat.Message a : event.messages("debug_annotations")) {
			map.put(a.value("name"), a.value("string_value"));
		}
		return map;
	}

	/** {@code trace} as {@code protoc --decode=perfetto.protos.Trace} prints it against the schema subset. */
	private String decode(Path trace) throws Exception {
		Path proto = dir.resolve("perfetto_trace_subset.proto");
		if (!Files.exists(proto)) {
			try (InputStream in = PerfettoExportTest.class.getResourceAsStream("perfetto_trace_subset.proto")) {
				assertNotNull(in, "perfetto_trace_subset.proto beside the test");
				Files.copy(in, proto);
			}
		}
		Process protoc = new ProcessBuilder("protoc", "--decode=perfetto.protos.Trace", "--proto_path=" + dir,
				proto.toString()).redirectInput(trace.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
		String text = new String(protoc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(protoc.waitFor(60, TimeUnit.SECONDS), "protoc finished");
		assertEquals(0, protoc.exitValue(), "protoc (Debian's protobuf-compiler) decodes the trace:\n" + text);
		return text;
	}

	private static String hex(String text) {
		return HexFormat.of().formatHex(text.getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void twoByteLengthsOfNestedMessages() throws IOException {
		// a thread name of 190 bytes: ThreadDescriptor 197 bytes, TrackDescriptor 208 (d0 01), packet 214 (d6 01)
		Run run = TraceRuns.tiny();
		run.getPoints().get(0).getSchedules().get(0).getTimelines().get(0).setLabel("t".repeat(190));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		PerfettoExport.write(List.of(run), UnaryOperator.identity(), out);
		byte[] bytes = out.toByteArray();
		// the first packet as in the tiny trace (31 bytes), then the thread's
		assertArrayEquals(new byte[] { 0x0a, (byte) 0xd6, 0x01, (byte) 0xe2, 0x03, (byte) 0xd0, 0x01 },
				java.util.Arrays.copyOfRange(bytes, 31, 38));
	}
}
