package org.perfcast.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.CsvExport;
import org.perfcast.results.export.HtmlReport;
import org.perfcast.results.export.JsonExport;
import org.perfcast.results.io.RunRecorder;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ExportTest {

	@TempDir
	Path dir;

	private Run run(List<String> sweeps, List<String> options) throws IOException {
		return RunRecorder.record(Runs.square(dir, sweeps, options));
	}

	@Test
	void testCsvSummaryHasAColumnPerParameterAndValue() throws IOException {
		String csv = CsvExport.summary(run(List.of("P=1,2,4"), List.of("failAt=2")));
		String[] rows = csv.split("\r\n");
		assertEquals("point,status,wallTimeSeconds,N,P,T (cycles),work (ops),P", rows[0]);
		assertTrue(rows[1].matches("0,completed,[0-9.E-]+,60,1,3600,3600,1"), rows[1]);
		assertTrue(rows[2].matches("1,failed,[0-9.E-]+,60,2,,,"), rows[2]);
		assertTrue(rows[3].matches("2,completed,[0-9.E-]+,60,4,900,3600,4"), rows[3]);
		assertEquals(4, rows.length);
	}

	@Test
	void testCsvSeriesIsOneRowPerPoint() throws IOException {
		Run run = run(List.of("P=1,2"), List.of());
		run.getPoints().get(0).getSeries().get(0).setName("time, \"per\" processor");
		String csv = CsvExport.series(run);
		assertEquals("point,N,P,series,x,y\r\n0,60,1,\"time, \"\"per\"\" processor\",0,3600\r\n"
				+ "1,60,2,time per processor,0,1800\r\n1,60,2,time per processor,1,1800\r\n", csv);
	}

	/** Text a spreadsheet would run as a formula stays text; numbers, negative ones too, stay numbers. */
	@Test
	void testCsvCellsNeverRunAsFormulas() throws IOException {
		Run run = run(List.of("P=1"), List.of());
		run.getPoints().get(0).getSeries().get(0).setName("=HYPERLINK(\"http://x\",\"y\")");
		run.getPoints().get(0).getSeries().get(0).getX().set(0, -1.5);
		String csv = CsvExport.series(run);
		assertEquals("point,N,P,series,x,y\r\n0,60,1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",-1.5,3600\r\n", csv);
	}

	@Test
	@SuppressWarnings("unchecked")
	void testJsonHasTheDocumentedKeys() throws IOException {
		Run run = run(List.of("P=1,2"), List.of("failAt=2"));
		Map<String, Object> json = (Map<String, Object>) JsonReader.parse(JsonExport.write(run));
		assertEquals(List.of("engine", "inputs", "bindings", "sweeps", "options", "start", "wallTimeSeconds", "status",
				"pointCount", "points"), new ArrayList<>(json.keySet()));
		assertEquals(Map.of("id", "square", "name", "Square test engine", "version", "1.0"), json.get("engine"));
		assertEquals(Map.of("N", 60.0), json.get("bindings"));
		assertEquals("failed", json.get("status"));
		List<Map<String, Object>> points = (List<Map<String, Object>>) json.get("points");
		Map<String, Object> first = points.get(0);
		assertEquals(List.of("index", "bindings", "status", "wallTimeSeconds", "values", "series", "tables", "schedules",
				"messages"), new ArrayList<>(first.keySet()));
		assertEquals(Map.of("name", "T", "value", 3600.0, "unit", "cycles"),
				((List<Object>) first.get("values")).get(0));
		Map<String, Object> series = (Map<String, Object>) ((List<Object>) first.get("series")).get(0);
		assertEquals(List.of(List.of(0.0, 3600.0)), series.get("points"));
		Map<String, Object> schedule = (Map<String, Object>) ((List<Object>) first.get("schedules")).get(0);
		Map<String, Object> timeline = (Map<String, Object>) ((List<Object>) schedule.get("timelines")).get(0);
		Map<String, Object> interval = (Map<String, Object>) ((List<Object>) timeline.get("intervals")).get(0);
		assertEquals("compute", interval.get("kind"));
		assertEquals("//@steps.0", ((Map<String, Object>) interval.get("source")).get("uriFragment"));
		Map<String, Object> failed = points.get(1);
		Map<String, Object> error = (Map<String, Object>) ((List<Object>) failed.get("messages")).get(0);
		assertEquals("error", error.get("severity"));
		assertEquals("square.fail", error.get("code"));
	}

	@Test
	void testHtmlReportIsWellFormedWithChartsAndGantt() throws Exception {
		Run sweep = run(List.of("P=1,2,4,8", "N=10,20"), List.of());
		Run failing = run(List.of("P=1,2"), List.of("failAt=2"));
		failing.getInputFiles().set(0, "a<b>&\"c\".square");
		String html = HtmlReport.write(List.of(sweep, failing), new HtmlReport.Options(false, true));
		Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
				.parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
		assertEquals("html", doc.getDocumentElement().getTagName());
		NodeList svgs = doc.getElementsByTagName("svg");
		List<String> classes = new ArrayList<>();
		for (int i = 0; i < svgs.getLength(); i++) {
			classes.add(((Element) svgs.item(i)).getAttribute("class"));
		}
		// run 1: T, work, P over P and the per-processor series; one Gantt; run 2: the same for its completed point
		assertEquals(List.of("chart", "chart", "chart", "chart", "gantt", "chart", "chart", "chart", "chart", "gantt"),
				classes);
		Element tChart = (Element) svgs.item(0);
		assertEquals("T over P", tChart.getElementsByTagName("text").item(0).getTextContent());
		NodeList series = tChart.getElementsByTagName("polyline");
		assertEquals(2, series.getLength(), "a line per value of N");
		assertEquals(4, series.item(0).getAttributes().getNamedItem("points").getTextContent().split(" ").length);
		List<String> legend = new ArrayList<>();
		NodeList groups = tChart.getElementsByTagName("g");
		for (int i = 0; i < groups.getLength(); i++) {
			Element g = (Element) groups.item(i);
			if (g.getAttribute("class").equals("legend")) {
				legend.add(g.getTextContent());
			}
		}
		assertEquals(List.of("N=10", "N=20"), legend);
		List<String> ticks = new ArrayList<>();
		for (int i = 0; i < groups.getLength(); i++) {
			Element g = (Element) groups.item(i);
			if (g.getAttribute("class").equals("ytick")) {
				ticks.add(g.getTextContent());
			}
		}
		assertEquals(List.of("10", "100", "1000"), ticks, "log y axis in decades");
		Element gantt = (Element) svgs.item(4);
		assertEquals(3 + 7, gantt.getElementsByTagName("rect").getLength(),
				"three intervals of the one row plus the seven legend swatches (I/O and sleep among them)");
		assertTrue(html.contains("a&lt;b&gt;&amp;&quot;c&quot;.square"));
		assertTrue(html.contains("N=60, P=2: m.square:3: P = 2.0 is refused on purpose"));
		assertFalse(html.replace("http://www.w3.org/", "").contains("http") || html.contains("<script"),
				"no external resources");
	}

	/**
	 * Runs of one program swept over the same parameter are drawn together: a chart per summary value, a line
	 * per run; a run of another program is not.
	 */
	@Test
	void testHtmlReportComparesRunsSweptAlike() throws Exception {
		Run first = run(List.of("P=1,2,4"), List.of());
		Run second = run(List.of("P=1,2,4,8"), List.of());
		Run other = run(List.of("P=1,2,4,8"), List.of());
		other.getInputFiles().set(0, "other/m2.square");
		String html = HtmlReport.write(List.of(first, second, other), HtmlReport.Options.LINEAR);
		Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
				.parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
		Element comparisons = null;
		NodeList sections = doc.getElementsByTagName("section");
		for (int i = 0; i < sections.getLength(); i++) {
			if ("comparisons".equals(((Element) sections.item(i)).getAttribute("id"))) {
				comparisons = (Element) sections.item(i);
			}
		}
		assertTrue(comparisons != null, "a comparison section");
		Element tChart = (Element) comparisons.getElementsByTagName("svg").item(0);
		assertEquals("T (kcycles) over P of m, run by run", tChart.getElementsByTagName("text").item(0).getTextContent());
		NodeList lines = tChart.getElementsByTagName("polyline");
		assertEquals(2, lines.getLength(), "a line per run");
		assertEquals(4, lines.item(1).getAttributes().getNamedItem("points").getTextContent().split(" ").length);
		assertTrue(html.contains("square on m.square (2)"), "the run's label");
		assertFalse(comparisons.getTextContent().contains("m2.square"), "another program");
		// a single run is not compared
		assertTrue(!HtmlReport.write(List.of(first), HtmlReport.Options.LINEAR).contains("id=\"comparisons\""));
	}

	/**
	 * The report names a run's inputs by their folder and name, never by the absolute path of the machine a run
	 * was made on, nor by the checkout's folders above the project.
	 */
	@Test
	void testHtmlReportTitlesNameInputsWithoutTheirAbsolutePaths() throws Exception {
		Run absolute = run(List.of("P=1,2"), List.of());
		// as a run made in a checkout records it: the absolute path of the machine's checkout
		absolute.getInputFiles().set(0, java.nio.file.Path.of("").toAbsolutePath().resolve(
				"examples/matvec-ring/matvec.square").toString());
		Run relative = run(List.of("P=1,2"), List.of());
		relative.getInputFiles().set(0, "examples/linear-array/loop.square");
		Run workspace = run(List.of("P=1,2"), List.of());
		workspace.getInputFiles().set(0, "/gauss-elim/gauss-elim.square");
		String html = HtmlReport.write(List.of(absolute, relative, workspace), HtmlReport.Options.LINEAR);
		Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
				.parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8)));
		List<String> titles = new ArrayList<>();
		NodeList headings = doc.getElementsByTagName("h2");
		for (int i = 0; i < headings.getLength(); i++) {
			titles.add(headings.item(i).getTextContent());
		}
		assertEquals(List.of("Summary", "Square test engine on matvec-ring/matvec.square",
				"Square test engine on linear-array/loop.square", "Square test engine on gauss-elim/gauss-elim.square"),
				titles);
		assertFalse(html.contains("/home/someone") || html.contains("examples/"), "no path above the project");
		assertTrue(html.contains("<a href=\"#run0\">Square test engine on matvec-ring/matvec.square</a>"),
				"the contents name the run as its title does");
	}
}
