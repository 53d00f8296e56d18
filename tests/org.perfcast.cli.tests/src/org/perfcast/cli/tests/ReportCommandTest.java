package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cli.ExitCode;
import org.perfcast.engine.tests.fixtures.SquareEngine;
import org.w3c.dom.Document;

class ReportCommandTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner(EngineRegistry.builtin().add(new SquareEngine()));

	@BeforeEach
	void runTwice() throws IOException {
		String model = Files.writeString(dir.resolve("m.square"), "square\n").toString();
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2,4,8", "--set", "N=100"));
		assertEquals(ExitCode.OK, cli.run("run", "square", model, "--sweep", "P=1,2"));
		cli.reset();
	}

	@Test
	void testHtmlReportOfAFolder() throws Exception {
		Path html = dir.resolve("out/report.html");
		assertEquals(ExitCode.OK, cli.run("report", dir.resolve("results").toString(), "--html", html.toString(),
				"--log-y"), cli.err());
		assertEquals("wrote " + html + "\n", cli.out());
		Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(html.toFile());
		assertEquals(4, doc.getElementsByTagName("section").getLength(), "the summary, a section per run and the comparison");
		org.w3c.dom.NodeList sections = doc.getElementsByTagName("section");
		assertEquals(java.util.Set.of("summary", "run0", "run1", "comparisons"), java.util.stream.IntStream.range(0,
				sections.getLength()).mapToObj(i -> ((org.w3c.dom.Element) sections.item(i)).getAttribute("id"))
				.collect(java.util.stream.Collectors.toSet()));
		assertEquals(4 + 4 + 2 + 3, doc.getElementsByTagName("svg").getLength(),
				"4 charts and a Gantt per run, and both runs (swept over P) in one chart per summary value: T, work, P");
		assertTrue(Files.readString(html).contains(" over P of "));
	}

	@Test
	void testCsvAndJsonOfOneRun() throws IOException {
		Path results = Files.list(dir.resolve("results")).sorted().findFirst().orElseThrow();
		Path csv = dir.resolve("t.csv");
		Path json = dir.resolve("t.json");
		assertEquals(ExitCode.OK, cli.run("report", results.toString(), "--csv", csv.toString(), "--json", json.toString()),
				cli.err());
		assertTrue(Files.readString(csv).startsWith("point,status,wallTimeSeconds,N,P,T (cycles),work (ops),P\r\n"));
		assertEquals(1 + 1 + 2 + 4 + 8, Files.readAllLines(dir.resolve("t-series.csv")).size());
		assertTrue(Files.readString(json).startsWith("{\"engine\": {\"id\": \"square\""));
	}

	@Test
	void testErrors() throws IOException {
		assertEquals(ExitCode.USAGE, cli.run("report", dir.resolve("results").toString()));
		assertTrue(cli.err().startsWith("perfcast report: nothing to write: give --html, --csv or --json"), cli.err());
		cli.reset();
		assertEquals(ExitCode.USAGE, cli.run("report", dir.resolve("results").toString(), "--csv", "x.csv"));
		assertTrue(cli.err().startsWith("perfcast report: --csv exports one run, not 2"), cli.err());
		cli.reset();
		Path bad = Files.writeString(dir.resolve("bad.results"), "nonsense");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("report", bad.toString(), "--json", dir.resolve("x.json").toString()));
		assertTrue(cli.err().startsWith(bad + ": error: cannot read the results: " + bad + ": "), cli.err());
	}
}
