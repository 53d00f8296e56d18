package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.perfcast.results.export.ChromeTraceExport;

/** The Chrome Trace Event export, parsed back: its metadata, complete events and flows must be the runs'. */
class ChromeTraceExportTest {

	@Test
	@SuppressWarnings("unchecked")
	void parsedBackItIsTheRuns() throws IOException {
		StringWriter out = new StringWriter();
		ChromeTraceExport.write(TraceRuns.predictedAndRecorded(), UnaryOperator.identity(), out);
		Map<String, Object> trace = (Map<String, Object>) JsonReader.parse(out.toString());
		assertEquals("ns", trace.get("displayTimeUnit"));
		List<Map<String, Object>> events = (List<Map<String, Object>>) (List<?>) trace.get("traceEvents");

		List<String> names = events.stream().filter(e -> e.get("ph").equals("M") && !e.get("name").equals("thread_sort_index"))
				.map(e -> e.get("name") + " " + num(e.get("pid")) + "/" + num(e.get("tid")) + " "
						+ ((Map<String, Object>) e.get("args")).get("name"))
				.toList();
		assertEquals(List.of("process_name 1/0 trace on prog.trace [P=2]", "thread_name 1/1 rank 0",
				"thread_name 1/2 rank 1", "process_name 2/0 record on prog [point 1]", "thread_name 2/3 main"), names);

		List<String> slices = events.stream().filter(e -> e.get("ph").equals("X"))
				.map(e -> num(e.get("pid")) + "/" + num(e.get("tid")) + " " + e.get("name") + " " + e.get("ts") + "+"
						+ e.get("dur") + " " + e.get("args"))
				.toList();
		assertEquals(List.of("1/1 compute 0.0+2.0 {label=step A, source=prog.c:10}", "1/1 send 2.0+1.0 {label=}",
				"1/2 wait 0.0+2.5 {label=taking omp.release.1.0 posted by main}", "1/2 receive 2.5+1.5 {label=}",
				"2/3 compute 0.1+0.3 {label=}", "2/3 io 0.4+0.5 {label=read}"), slices);
		assertTrue(events.stream().filter(e -> e.get("ph").equals("X")).allMatch(e -> e.get("cat").equals(e.get("name"))));

		// flows: message 1 from rank 0's send (its middle, 2.5 µs) to rank 1's receive (3.25 µs), bound to the
		// enclosing slice; message 2 from rank 1's receive to rank 0 at 5 µs, where no slice is
		List<String> flows = events.stream().filter(e -> e.get("ph").equals("s") || e.get("ph").equals("f"))
				.map(e -> e.get("ph") + " " + num(e.get("id")) + " " + e.get("name") + " " + num(e.get("tid")) + " "
						+ e.get("ts") + (e.containsKey("bp") ? " bp=" + e.get("bp") : ""))
				.toList();
		assertEquals(List.of("s 1 tag 7 1 2.5", "f 1 tag 7 2 3.25 bp=e", "s 2 message 2 3.25", "f 2 message 1 5.0 bp=e"),
				flows);
	}

	@Test
	void microsecondsExactly() throws IOException {
		StringWriter out = new StringWriter();
		ChromeTraceExport.write(List.of(TraceRuns.tiny()), UnaryOperator.identity(), out);
		assertTrue(out.toString().contains("\"ph\": \"X\", \"ts\": 0, \"dur\": 0.005,"), out.toString());
	}

	private static String num(Object number) {
		return String.valueOf(((Double) number).longValue());
	}
}
