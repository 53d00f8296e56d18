package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;

class FitCommandTest {

	private final CommandRunner cli = new CommandRunner();

	/** The paper's Allgather with 1 % noise, and a barrier, as a characterisation would write them. */
	private static Path measurements(Path dir) throws Exception {
		StringBuilder csv = new StringBuilder("function,p,d,time\n");
		Random random = new Random(7);
		for (int p : new int[] { 2, 4, 8, 16 }) {
			for (long d : new long[] { 1, 4, 16, 32, 128, 1024, 8192, 65536 }) {
				for (int r = 0; r < 4; r++) {
					double t = d <= 32 ? 50 + 40 * p + d : 4 + 40 * p + 0.3 * p * d;
					csv.append("MPI_Allgather,").append(p).append(',').append(d).append(',')
							.append(t * (1 + 0.01 * random.nextGaussian())).append('\n');
				}
			}
			for (int r = 0; r < 4; r++) {
				csv.append("MPI_Barrier,").append(p).append(",0,").append((20 + 15 * Math.log(p) / Math.log(2))
						* (1 + 0.01 * random.nextGaussian())).append('\n');
			}
		}
		Path file = dir.resolve("m.csv");
		Files.writeString(file, csv);
		return file;
	}

	@Test
	void testJsonHasTheDocumentedKeys(@TempDir Path dir) throws Exception {
		assertEquals(ExitCode.OK, cli.run("fit", measurements(dir).toString(), "--json"), cli.err());
		String json = cli.out();
		assertTrue(json.startsWith("{\n  \"MPI_Allgather\": {\"split\": 32, \"small\": {\"startup\": \"p\", \"data\": "
				+ "\"d\", \"c\": "), json);
		assertTrue(json.contains("\"large\": {\"startup\": \"p\", \"data\": \"p*d\", \"c\": "), json);
		assertTrue(json.contains("\"MPI_Barrier\": {\"split\": null, \"all\": {\"startup\": \"log p\", \"data\": \"d\""),
				json);
		for (String key : new String[] { "\"s\": ", "\"k\": ", "\"c_err\": ", "\"s_err\": ", "\"k_err\": ", "\"chi2\": " }) {
			assertTrue(json.contains(key), key);
		}
	}

	@Test
	void testTextAndDatasheet(@TempDir Path dir) throws Exception {
		Path out = dir.resolve("sheet");
		assertEquals(ExitCode.OK, cli.run("fit", measurements(dir).toString(), "--datasheet", out.toString()), cli.err());
		assertTrue(cli.out().contains("MPI_Allgather (split at 32 bytes)\n  d <= 32    ("), cli.out());
		assertTrue(cli.out().contains("datasheet: " + out.resolve("datasheet.html")), cli.out());
		String html = Files.readString(out.resolve("datasheet.html"));
		assertTrue(html.contains("<section id=\"MPI_Allgather\">") && html.contains("<svg"), html.substring(0, 200));
		assertTrue(Files.readString(out.resolve("datasheet.tex")).contains("\\begin{cases}"));
		String summary = Files.readString(out.resolve("revprof-summary.txt"));
		assertTrue(summary.contains("\nMPI_Allgather small 32 p d "), summary);
		assertTrue(summary.contains("\nMPI_Allgather large 32 p p*d "), summary);
		assertTrue(summary.contains("\nMPI_Barrier all - log_p d "), summary);
	}

	@Test
	void testBadMeasurementsNameTheLine(@TempDir Path dir) throws Exception {
		Path bad = dir.resolve("bad.csv");
		Files.writeString(bad, "function,p,d,time\nMPI_Send,2,8,1\nMPI_Send,x,8,1\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("fit", bad.toString()));
		assertEquals(bad + ":3:1: error: p 'x' is not a whole number\n", cli.err());
		Files.writeString(bad, "function,p,d,time\nMPI_Send,2,8,1\nMPI_Send,2,16,2\n");
		assertEquals(ExitCode.INPUT_ERROR, cli.run("fit", bad.toString()));
		assertTrue(cli.err().contains("MPI_Send: cannot be fitted"), cli.err());
	}

	@Test
	void testEquationsGoIntoTheMachineModel(@TempDir Path dir) throws Exception {
		Path machine = dir.resolve("ring.machine");
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				machine);
		assertEquals(ExitCode.OK, cli.run("fit", measurements(dir).toString(), "--machine", machine.toString()),
				cli.err());
		String xml = Files.readString(machine);
		assertTrue(xml.contains("function=\"MPI_Allgather\" split=\"32\""), xml);
		assertTrue(xml.contains("range=\"large\" data=\"p*d\""), xml);
		assertTrue(xml.contains("<topology xsi:type=\"machine:Ring\" hopTime=\"t_l\"/>"), "the rest is kept: " + xml);
		assertEquals(ExitCode.OK, cli.run("validate", machine.toString()), cli.err());
		assertEquals(ExitCode.OK, cli.run("fit", measurements(dir).toString(), "--machine", machine.toString()));
		assertEquals(xml.split("function=\"MPI_Allgather\"").length, Files.readString(machine)
				.split("function=\"MPI_Allgather\"").length, "a second fit replaces the equations");
	}
}
