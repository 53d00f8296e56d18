package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.ExitCode;
import org.perfcast.engine.tests.fixtures.SquareEngine;

/** {@code perfcast report --perfetto/--chrome-trace/--paraver} and {@code perfcast trace --perfetto}. */
class TraceExportsCommandTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner(EngineRegistry.builtin().add(new SquareEngine()));

	@Test
	void reportWritesTheThreeTraceFiles() throws Exception {
		String model = Files.writeString(dir.resolve("m.square"), "square\n").toString();
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2,4"));
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=2,8"));
		cli.reset();
		Path perfetto = dir.resolve("out/runs.perfetto-trace");
		Path chrome = dir.resolve("out/runs.json");
		Path paraver = dir.resolve("paraver");
		assertEquals(ExitCode.OK, cli.run("report", dir.resolve("results").toString(), "--perfetto", perfetto.toString(),
				"--chrome-trace", chrome.toString(), "--paraver", paraver.toString()), cli.err());
		assertEquals("wrote " + perfetto + "\nwrote " + chrome + "\nwrote " + paraver.resolve("m.prv")
				+ " (with .pcf and .row)\n", cli.out());
		// a process per point of both runs, oldest run first
		String decoded = decodeRaw(perfetto);
		assertEquals(5, count(decoded, "\n      6: \"square on m.square \\[[^\\]]*P=[0-9]+\\] \\(cycles as ns\\)\"\n"),
				decoded);
		assertTrue(decoded.indexOf("[P=4]") < decoded.indexOf("[P=8]"), "the older run first");
		String json = Files.readString(chrome);
		assertEquals(5, count(json, "\"name\": \"process_name\""));
		String header = Files.readAllLines(paraver.resolve("m.prv")).get(0);
		assertTrue(header.matches("#Paraver \\(\\d\\d/\\d\\d/\\d\\d at \\d\\d:\\d\\d\\):\\d+_ns:1\\(\\d+\\):5(:\\d+\\([0-9:,]+\\)){5}"),
				header);
		assertTrue(Files.exists(paraver.resolve("m.pcf")) && Files.exists(paraver.resolve("m.row")));
	}

	@Test
	void traceWritesItsTimelinesForPerfetto() throws Exception {
		Path perfetto = dir.resolve("p.perfetto-trace");
		String vtrace = Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve("vppb/p.vtrace")
				.toString();
		assertEquals(ExitCode.OK, cli.run("trace", vtrace, "--processors", "2", "--bind", "P1=0,P2=0,P3=1,P4=1",
				"--model", "strict", "--json", "--perfetto", perfetto.toString()), cli.err());
		assertTrue(cli.out().startsWith("{\"model\": \"strict\""), "the JSON alone on the standard output");
		assertTrue(cli.err().contains("wrote " + perfetto + "\n"), cli.err());
		String decoded = decodeRaw(perfetto);
		assertEquals(1, count(decoded, "\n      6: \"trace on p.vtrace \\[processors=2\\] \\(time units as ns\\)\"\n"),
				decoded);
		// four thread tracks in the process; --decode_raw takes names as short as "P1" for messages, so their bytes:
		// ThreadDescriptor.thread_name (5), length 2
		assertEquals(4, count(decoded, "\n    5: 1\n"), decoded);
		String bytes = new String(Files.readAllBytes(perfetto), StandardCharsets.ISO_8859_1);
		for (String thread : List.of("P1", "P2", "P3", "P4")) {
			assertTrue(bytes.contains("\052\002" + thread), thread);
		}
		// P1 "waiting for X from P2" from 3 to 5: a blocked slice, and the activation X from P2 at 5 as a flow
		assertTrue(count(decoded, "\n  11 \\{\n    9: 1\n") > 4, "slices begin");
		assertTrue(count(decoded, "\n    47: 0x") >= 1 && count(decoded, "\n    48: 0x") >= 1, "flows");
	}

	/** {@code protoc --decode_raw} of {@code file}: field numbers without a schema. */
	private static String decodeRaw(Path file) throws IOException, InterruptedException {
		Process protoc = new ProcessBuilder("protoc", "--decode_raw").redirectInput(file.toFile())
				.redirectError(ProcessBuilder.Redirect.DISCARD).start();
		String text = new String(protoc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(protoc.waitFor(60, TimeUnit.SECONDS));
		assertEquals(0, protoc.exitValue(), "protoc (Debian's protobuf-compiler) decodes it");
		return text;
	}

	private static int count(String text, String regex) {
		Matcher m = Pattern.compile(regex).matcher(text);
		int n = 0;
		while (m.find()) {
			n++;
		}
		return n;
	}
}
