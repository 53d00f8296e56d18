package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.ParaverExport;

/**
 * The Paraver export: its .prv follows the format's grammar (checked by {@link #validate}: the header's resources
 * and applications, then state and communication records naming only those, in order of time, within the trace's
 * length) and holds the runs' intervals and messages; the .pcf names the states, the .row the threads.
 */
class ParaverExportTest {

	private static final Pattern HEADER = Pattern.compile(
			"#Paraver \\((\\d\\d)/(\\d\\d)/(\\d\\d) at (\\d\\d):(\\d\\d)\\):(\\d+)_ns:(\\d+)\\((\\d+)\\):(\\d+)((?::\\d+\\((?:\\d+:\\d+)(?:,\\d+:\\d+)*\\))*)");
	private static final Pattern APPLICATION = Pattern.compile(":(\\d+)\\(([^)]*)\\)");
	private static final Pattern STATE = Pattern.compile("1:(\\d+):(\\d+):(\\d+):(\\d+):(\\d+):(\\d+):(\\d+)");
	private static final Pattern COMMUNICATION = Pattern.compile("3(?::\\d+){14}");

	@TempDir
	Path dir;

	@Test
	void theRunsInParaversGrammar() throws IOException {
		List<Run> runs = TraceRuns.predictedAndRecorded();
		Path prv = ParaverExport.write(runs, UnaryOperator.identity(), dir.resolve("out"));
		assertEquals(dir.resolve("out/prog.prv"), prv);
		List<String> lines = Files.readAllLines(prv);
		List<long[]> records = validate(lines);
		// the trace ends when the last message arrives; records of one time in the order of the timelines
		assertEquals("#Paraver (04/03/26 at 05:06):5000_ns:1(3):2:2(1:1,1:1):1(1:1)", lines.get(0));
		assertEquals(List.of("1:1:1:1:1:0:2000:1", "1:2:1:2:1:0:2500:5", "1:3:2:1:1:100:400:1", "1:3:2:1:1:400:900:12",
				"1:1:1:1:1:2000:3000:4", "1:2:1:2:1:2500:4000:3", "3:1:1:1:1:2500:2500:2:1:2:1:3500:3500:0:1",
				"3:2:1:2:1:4000:4000:1:1:1:1:5000:5000:0:1"), lines.subList(1, lines.size()));
		assertEquals(8, records.size());

		String pcf = Files.readString(dir.resolve("out/prog.pcf"));
		assertTrue(pcf.contains("UNITS               NANOSEC\n"), pcf);
		for (String state : List.of("1    compute", "3    receive", "4    send", "5    wait", "9    sleep", "12    io",
				"15    other", "1    {78,121,167}")) {
			assertTrue(pcf.contains("\n" + state + "\n"), state + " in\n" + pcf);
		}
		assertEquals(List.of("LEVEL CPU SIZE 3", "rank 0", "rank 1", "main", "", "LEVEL NODE SIZE 1", "perfcast", "",
				"LEVEL APPL SIZE 2", "trace on prog.trace [P=2]", "record on prog [point 1]", "", "LEVEL TASK SIZE 3",
				"rank 0", "rank 1", "main", "", "LEVEL THREAD SIZE 3", "rank 0", "rank 1", "main", ""),
				Files.readAllLines(dir.resolve("out/prog.row")));
	}

	@Test
	void withoutAStartTheEpoch() throws IOException {
		Path prv = ParaverExport.write(List.of(TraceRuns.tiny()), UnaryOperator.identity(), dir);
		List<String> lines = Files.readAllLines(prv);
		validate(lines);
		assertEquals(List.of("#Paraver (01/01/70 at 00:00):5_ns:1(1):1:1(1:1)", "1:1:1:1:1:0:5:1"), lines);
	}

	@Test
	void theValidatorRefusesWhatParaverWould() {
		List<String> header = List.of("#Paraver (01/01/70 at 00:00):10_ns:1(2):1:2(1:1,1:1)");
		validate(concat(header, "1:1:1:1:1:0:5:1", "1:2:1:2:1:3:10:1"));
		for (String bad : List.of("1:1:1:1:1:0:11:1", "1:3:1:1:1:0:5:1", "1:1:1:3:1:0:5:1", "1:1:1:1:1:5:4:1",
				"1:1:2:1:1:0:5:1", "2:1:1:1:1:0:5:1", "3:1:1:1:1:0:0:2:1:2:1:1:1:0")) {
			assertThrowsAssertion(() -> validate(concat(header, bad)), bad);
		}
		assertThrowsAssertion(() -> validate(concat(header, "1:1:1:1:1:3:5:1", "1:1:1:1:1:0:2:1")), "out of order");
	}

	/**
	 * Checks {@code lines} against the .prv grammar; returns each record's numbers. The header gives the length of
	 * the trace, one node's CPUs and each application's tasks of one thread each on node 1; a state record
	 * {@code 1:cpu:appl:task:thread:begin:end:state} and a communication record
	 * {@code 3:cpu:appl:task:thread:lsend:psend:cpu:appl:task:thread:lrecv:precv:size:tag} must name those, begin no
	 * later than they end and end within the trace; records come in order of their (first) time.
	 */
	static List<long[]> validate(List<String> lines) {
		Matcher header = HEADER.matcher(lines.get(0));
		assertTrue(header.matches(), "header: " + lines.get(0));
		long end = Long.parseLong(header.group(6));
		assertEquals("1", header.group(7), "one node");
		long cpus = Long.parseLong(header.group(8));
		List<Integer> tasks = new ArrayList<>();
		Matcher application = APPLICATION.matcher(header.group(10));
		while (application.find()) {
			int count = Integer.parseInt(application.group(1));
			assertEquals(count, application.group(2).split(",").length, "threads of each task");
			assertTrue(application.group(2).matches("1:1(,1:1)*"), "one thread per task, on node 1");
			tasks.add(count);
		}
		assertEquals(Integer.parseInt(header.group(9)), tasks.size(), "applications");
		List<long[]> records = new ArrayList<>();
		long last = 0;
		for (String line : lines.subList(1, lines.size())) {
			long[] n = java.util.Arrays.stream(line.split(":")).mapToLong(Long::parseLong).toArray();
			if (STATE.matcher(line).matches()) {
				thread(n, 1, cpus, tasks);
				assertTrue(n[5] <= n[6] && n[6] <= end, "times of " + line);
				assertTrue(n[5] >= last, "in order: " + line);
				last = n[5];
			} else if (COMMUNICATION.matcher(line).matches()) {
				thread(n, 1, cpus, tasks);
				thread(n, 7, cpus, tasks);
				assertTrue(n[5] <= n[6] && n[5] <= n[11] && n[11] <= n[12] && n[12] <= end, "times of " + line);
				assertTrue(n[5] >= last, "in order: " + line);
				last = n[5];
			} else {
				throw new AssertionError("not a record: " + line);
			}
			records.add(n);
		}
		return records;
	}

	private static void thread(long[] n, int at, long cpus, List<Integer> tasks) {
		assertTrue(n[at] >= 1 && n[at] <= cpus, "cpu " + n[at]);
		assertTrue(n[at + 1] >= 1 && n[at + 1] <= tasks.size(), "application " + n[at + 1]);
		assertTrue(n[at + 2] >= 1 && n[at + 2] <= tasks.get((int) n[at + 1] - 1), "task " + n[at + 2]);
		assertEquals(1, n[at + 3], "thread");
	}

	private static List<String> concat(List<String> header, String... records) {
		List<String> all = new ArrayList<>(header);
		all.addAll(List.of(records));
		return all;
	}

	private static void assertThrowsAssertion(Runnable check, String what) {
		try {
			check.run();
		} catch (AssertionError expected) {
			return;
		}
		throw new AssertionError("accepted: " + what);
	}
}
