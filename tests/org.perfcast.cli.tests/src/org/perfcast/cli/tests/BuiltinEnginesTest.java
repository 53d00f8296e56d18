package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.results.io.ResultsFiles;

/** {@code perfcast run pamela|mapping} and {@code perfcast demo} end to end, on the example models. */
class BuiltinEnginesTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner();

	private static Path examples() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"));
	}

	private static double value(RunPoint point, String name) {
		return point.getValues().stream().filter(v -> v.getName().equals(name)).findFirst().orElseThrow().getValue();
	}

	@Test
	void testRunPamelaSweep() throws IOException {
		String model = examples().resolve("matvec-ring/matvec.pamela").toString();
		assertEquals(ExitCode.OK, cli.run("run", "pamela", model, "--sweep", "P=2,3,6", "--out", dir.toString()),
				cli.err());
		String[] lines = cli.out().split("\n");
		assertTrue(lines[2].startsWith("P=6: T = 277.5, Tcplx = 277.5, sigmaMax = 37.5, speedup = 5.189  ("), lines[2]);
		Run run = ResultsFiles.load(ResultsFiles.list(dir).get(0));
		assertEquals("pamela", run.getEngineId());
		assertEquals(List.of(742.5, 510.0, 277.5), run.getPoints().stream().map(p -> value(p, "T")).toList());
	}

	@Test
	void testRunMappingWithScheduleAsJson() throws IOException {
		String model = examples().resolve("matvec-ring/matvec.program").toString();
		assertEquals(ExitCode.OK, cli.run("run", "mapping", model, "--json", "--out", dir.toString()), cli.err());
		assertTrue(cli.out().contains("\"values\": [{\"name\": \"T\", \"value\": 315, \"unit\": \"cycles\"}]"), cli.out());
		assertTrue(cli.out().contains("\"schedules\": [{\"name\": \"steps as written\", \"timeUnit\": \"cycles\""),
				cli.out());
		assertTrue(cli.out().contains("\"uriFragment\": \"//@steps.1\", \"label\": \"Step 'update own rows'\""), cli.out());
		Run run = ResultsFiles.load(ResultsFiles.list(dir).get(0));
		assertEquals(6, run.getPoints().get(0).getSchedules().get(0).getTimelines().size());
	}

	@Test
	void testRunReportsModelErrors() throws IOException {
		Path bad = Files.writeString(dir.resolve("bad.pamela"), "main = delay(M)\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("run", "pamela", bad.toString(), "--out", dir.toString()));
		assertTrue(cli.err().startsWith(bad + ":1:14: error: "), cli.err());
	}

	@Test
	void testDemoWritesResultsAndOneReport() throws IOException {
		Path out = dir.resolve("demo");
		assertEquals(ExitCode.OK, cli.run("demo", "--out", out.toString(), "--examples", examples().toString()), cli.err());
		assertTrue(cli.out().contains("pamela on "), cli.out());
		assertTrue(cli.out().contains("matvec.pamela, P=2,3,4,5,6 ...\n  completed: 5 of 5 points in "), cli.out());
		assertTrue(cli.out().endsWith("report: " + out.resolve("report.html") + "\n"), cli.out());
		List<Path> files = ResultsFiles.list(out);
		// PAMELA on matvec.pamela, matvec.program and loop.program; mapping and Glamis on the two programs; Glamis
		// on the two matvec models (12 points each) and the central-server network (one point); the LogGP step on
		// the figure 3 pattern (one point); the trace simulation on the VPPB programs P (1 to 4 processors), Q and R
		// and on the contended example of what-if;
		// reverse profiling of mpi-outer/outer.c on 1 to 8 processes where Open MPI is installed (CI installs it);
		// PAMELA, mapping, Glamis and the LogGP simulation on gauss-elim.program over 9 block sizes, on loggp-scale's
		// bcast.program over 6 depths and random-steps.program over 3 process counts; the replay of mpi-validation's
		// recorded jacobi run (one point)
		int mpi = Mpi.installed() ? 1 : 0;
		assertEquals(28 + mpi, files.size());
		int points = 0;
		for (Path file : files) {
			Run run = ResultsFiles.load(file);
			assertEquals(RunStatus.COMPLETED, run.getStatus(), file.toString());
			assertEquals(run.getPointCount(), run.getPoints().size(), file.toString());
			points += run.getPoints().size();
		}
		assertEquals(7 * 5 + 2 * 12 + 1 + 1 + 4 + 1 + 1 + 1 + 4 * mpi + 4 * 9 + 4 * 6 + 4 * 3 + 1, points);
		String html = Files.readString(out.resolve("report.html"));
		assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, 40));
		assertTrue(html.contains("<svg"));
		assertTrue(html.contains("class=\"gantt\""));
		assertFalse(html.contains("<script"));
		// what a person reads (summaries, tables, axes, tooltips) and the command's text hold no raw number
		assertEquals(List.of(), HonestNumbers.offenders(HonestNumbers.visibleText(html)));
		assertEquals(List.of(), HonestNumbers.offenders(cli.out() + cli.err()));
		assertTrue(Files.size(out.resolve("report.html")) < 5_000_000, "report of " + Files.size(out.resolve("report.html"))
				+ " bytes");
		// the table of contents and the summary come first, with a row per engine for gauss-elim
		assertTrue(html.indexOf("<nav id=\"contents\">") < html.indexOf("<section id=\"summary\">"), "contents first");
		assertTrue(html.indexOf("<section id=\"summary\">") < html.indexOf("<section id=\"run0\">"), "summary before runs");
		assertTrue(java.util.regex.Pattern.compile("<a href=\"#summary-[^\"]*-gauss-elim-gauss-elim\">gauss-elim/gauss-elim</a>")
				.matcher(html).find(), html.substring(0, 3000));
		assertTrue(html.contains("<td class=\"text\">glamis</td><td class=\"text\">gauss-elim.program</td>"
				+ "<td class=\"text\">T 9.19 .. 18.5 s over b=20,30,40,48,60,80,96,120,160</td>"), "Glamis's T in seconds");
		assertTrue(html.contains("pamela and loggp differ by up to 11.1 % (at b=20). Why: pamela (at b=20): messages cost"
				+ " only their size"), "the disagreement and its reason");
		// every chart comparing runs is of one program (its curves are runs on that program's files) and one unit
		// (a value of one program in two units would make two charts of the same title)
		String compared = html.substring(html.indexOf("<section id=\"comparisons\">"),
				html.indexOf("</section>", html.indexOf("<section id=\"comparisons\">")));
		java.util.regex.Matcher chart = java.util.regex.Pattern.compile("font-weight=\"bold\">([^<]*) of ([^<]*), run by run"
				+ "</text>(.*?)</svg>", java.util.regex.Pattern.DOTALL).matcher(compared);
		java.util.Set<String> titles = new java.util.HashSet<>();
		int charts = 0;
		while (chart.find()) {
			charts++;
			assertTrue(titles.add(chart.group(1) + " of " + chart.group(2)), "two charts " + chart.group(1));
			String stem = chart.group(2).substring(chart.group(2).lastIndexOf('/') + 1);
			java.util.regex.Matcher legend = java.util.regex.Pattern.compile("<g class=\"legend\">.*?<text[^>]*>[^<]* on "
					+ "([^<]*)</text></g>").matcher(chart.group(3));
			while (legend.find()) {
				String file = legend.group(1).replaceAll(" \\(\\d+\\)$", "");
				assertEquals(stem, file.substring(0, file.lastIndexOf('.')), chart.group(0).substring(0, 200));
			}
		}
		assertTrue(charts >= 3, "charts compared: " + charts);
	}

	@Test
	void testDemoRefusesToWriteIntoTheExamples() {
		assertEquals(ExitCode.USAGE, cli.run("demo", "--examples", examples().toString(), "--out",
				examples().resolve("matvec-ring/out").toString()));
		assertTrue(cli.err().contains("is inside the examples"), cli.err());
		cli.reset();
		assertEquals(ExitCode.INPUT_ERROR, cli.run("demo", "--examples", dir.resolve("none").toString(), "--out",
				dir.resolve("demo").toString()));
		assertTrue(cli.err().contains("cannot read the example models: no such folder"), cli.err());
	}

	@Test
	void testDemoHelp() {
		assertEquals(ExitCode.OK, cli.run("help", "demo"));
		assertTrue(cli.out().startsWith("usage: perfcast demo [--out DIR] [--examples DIR] [--threads N]"), cli.out());
	}
}
