package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.ExitCode;
import org.perfcast.engine.NativeTools;

/**
 * {@code --json} means JSON on stdout in every mode of every command that takes it: one JSON value and nothing else,
 * for a single run, a sweep and a failure (the error object {@code {"error": {"exitCode", "diagnostics"}}}); what
 * tells the progress goes to stderr.
 */
class JsonEverywhereTest {

	@TempDir
	Path dir;

	private final CommandRunner cli = new CommandRunner();

	private static String example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative).toString();
	}

	/** Runs {@code args}, expects {@code code}, and returns stdout read as one JSON value. */
	private Object json(int code, String... args) {
		cli.reset();
		int actual = cli.run(args);
		assertEquals(code, actual, String.join(" ", args) + ": " + cli.err());
		try {
			return new MiniJson(cli.out()).whole();
		} catch (IllegalArgumentException e) {
			throw new AssertionError(String.join(" ", args) + ": stdout is not one JSON value (" + e.getMessage()
					+ "):\n" + cli.out(), e);
		}
	}

	/** A failure: stdout is the error object, with the diagnostic's code and the exit code. */
	@SuppressWarnings("unchecked")
	private void error(int code, String diagnostic, String... args) {
		Object value = json(code, args);
		assertTrue(value instanceof Map<?, ?> m && m.containsKey("error"), cli.out());
		Map<String, Object> error = (Map<String, Object>) ((Map<String, Object>) value).get("error");
		assertEquals((double) code, error.get("exitCode"));
		List<Object> diagnostics = (List<Object>) error.get("diagnostics");
		assertTrue(diagnostics.stream().anyMatch(d -> diagnostic.equals(((Map<String, Object>) d).get("code"))),
				"no " + diagnostic + " in " + cli.out());
		assertTrue(!cli.err().isEmpty(), "stderr says it in words too");
	}

	private String missing(String extension) {
		return dir.resolve("missing." + extension).toString();
	}

	@Test
	void testPamela() {
		json(ExitCode.OK, "pamela", example("matvec-ring/matvec.pamela"), "--set", "t_f=1", "--set", "t_l=0.2", "--json");
		json(ExitCode.OK, "pamela", example("matvec-ring/matvec.pamela"), "--sweep", "P=1,2,3", "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "pamela", missing("pamela"), "--json");
		error(ExitCode.USAGE, "cli.usage", "pamela", example("matvec-ring/matvec.pamela"), "--sweep", "P", "--json");
	}

	@Test
	void testMapping() {
		json(ExitCode.OK, "mapping", example("matvec-ring/matvec.program"), "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "mapping", missing("program"), "--json");
	}

	@Test
	void testGlamis() {
		json(ExitCode.OK, "glamis", example("matvec-ring/matvec.glamis"), "--set", "P=6", "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "glamis", missing("glamis"), "--json");
	}

	@Test
	void testMva() {
		json(ExitCode.OK, "mva", example("queueing/central-server.qn"), "--customers", "3", "--json");
		error(ExitCode.USAGE, "cli.usage", "mva", example("queueing/central-server.qn"), "--json");
	}

	@Test
	void testLoggpAndLoggpStep() {
		json(ExitCode.OK, "loggp", example("gauss-elim/gauss-elim.program"), "--sweep", "b=30,48", "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "loggp", missing("program"), "--json");
		json(ExitCode.OK, "loggp-step", example("loggp-step/figure3.pattern"), "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "loggp-step", missing("pattern"), "--json");
	}

	@Test
	void testReplay() {
		json(ExitCode.OK, "replay", example("mpi-validation/jacobi-2-ranks/trace.mpitrace"), "--json");
		error(ExitCode.INPUT_ERROR, "replay.trace", "replay", missing("mpitrace"), "--json");
	}

	@Test
	void testTraceAndWhatIf() {
		json(ExitCode.OK, "trace", example("vppb/p.vtrace"), "--processors", "2", "--json");
		error(ExitCode.USAGE, "cli.usage", "trace", example("vppb/p.vtrace"), "--processors", "0", "--json");
		json(ExitCode.OK, "whatif", example("vppb/contended.vtrace"), "--processors", "2", "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "whatif", missing("vtrace"), "--json");
	}

	@Test
	void testValidate() {
		json(ExitCode.OK, "validate", example("matvec-ring/ring.machine"), "--json");
	}

	@Test
	void testFit() {
		json(ExitCode.OK, "fit", example("mpi-characterisation/measurements.csv"), "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "fit", missing("csv"), "--json");
	}

	@Test
	void testRunLocalSweepAndErrors() {
		json(ExitCode.OK, "run", "loggp-step", example("loggp-step/figure3.pattern"), "--sweep", "g=10,12", "--json",
				"--out", dir.toString());
		assertTrue(cli.err().contains("results: "), "the results file is named on stderr: " + cli.err());
		error(ExitCode.INPUT_ERROR, "cli.noFile", "run", "loggp-step", missing("pattern"), "--json");
		error(ExitCode.USAGE, "cli.usage", "run", "nosuch", missing("pattern"), "--json");
		error(ExitCode.USAGE, "cli.usage", "run", "loggp-step", example("loggp-step/figure3.pattern"), "--partition", "x",
				"--json");
	}

	@Test
	void testBench() {
		json(ExitCode.OK, "bench", "validate-examples", "--iterations", "1", "--json", "--examples", example(""));
		error(ExitCode.USAGE, "cli.usage", "bench", "nosuch-benchmark", "--json");
	}

	@Test
	void testGeOps() {
		error(ExitCode.USAGE, "cli.usage", "ge-ops", "--sizes", "x", "--json");
	}

	@Test
	void testRevprofAndAccuracy() throws Exception {
		error(ExitCode.USAGE, "cli.usage", "revprof", "--json");
		error(ExitCode.INPUT_ERROR, "cli.noFile", "revprof", "--summary", example("mpi-validation/revprof-summary.txt"),
				"--json", "--", missing("c"));
		error(ExitCode.USAGE, "cli.usage", "accuracy", "--json");
		assumeTrue(NativeTools.onPath("mpicc") != null && NativeTools.onPath("mpirun") != null, "no Open MPI");
		Path program = dir.resolve("allreduce.c");
		Files.copy(Path.of(example("mpi-characterisation/allreduce.c")), program);
		json(ExitCode.OK, "revprof", "--summary", example("mpi-characterisation/revprof-summary.txt"), "--json", "--",
				program.toString(), "8", "10");
	}

	/** A strict reader of one JSON value: objects as maps, arrays as lists, numbers as doubles. */
	static final class MiniJson {
		private final String text;
		private int at;

		MiniJson(String text) {
			this.text = text;
		}

		Object whole() {
			Object value = value();
			space();
			if (at != text.length()) {
				throw new IllegalArgumentException("more after the value at " + at);
			}
			return value;
		}

		private void space() {
			while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
				at++;
			}
		}

		private char next() {
			space();
			if (at >= text.length()) {
				throw new IllegalArgumentException("unexpected end");
			}
			return text.charAt(at);
		}

		private void expect(char c) {
			if (next() != c) {
				throw new IllegalArgumentException("expected " + c + " at " + at);
			}
			at++;
		}

		private Object value() {
			char c = next();
			switch (c) {
			case '{' -> {
				at++;
				Map<String, Object> map = new LinkedHashMap<>();
				if (next() == '}') {
					at++;
					return map;
				}
				do {
					String key = string();
					expect(':');
					map.put(key, value());
				} while (comma());
				expect('}');
				return map;
			}
			case '[' -> {
				at++;
				List<Object> list = new ArrayList<>();
				if (next() == ']') {
					at++;
					return list;
				}
				do {
					list.add(value());
				} while (comma());
				expect(']');
				return list;
			}
			case '"' -> {
				return string();
			}
			default -> {
				for (String word : List.of("true", "false", "null")) {
					if (text.startsWith(word, at)) {
						at += word.length();
						return word.equals("null") ? "null" : Boolean.valueOf(word);
					}
				}
				java.util.regex.Matcher m = java.util.regex.Pattern.compile("-?(0|[1-9]\\d*)(\\.\\d+)?([eE][+-]?\\d+)?")
						.matcher(text).region(at, text.length());
				if (!m.lookingAt()) {
					throw new IllegalArgumentException("not a value at " + at);
				}
				at = m.end();
				return Double.parseDouble(m.group());
			}
			}
		}

		private boolean comma() {
			if (next() == ',') {
				at++;
				return true;
			}
			return false;
		}

		private String string() {
			expect('"');
			StringBuilder s = new StringBuilder();
			while (at < text.length()) {
				char c = text.charAt(at++);
				if (c == '"') {
					return s.toString();
				}
				if (c < 0x20) {
					throw new IllegalArgumentException("a control character in a string at " + at);
				}
				if (c == '\\') {
					char e = text.charAt(at++);
					switch (e) {
					case '"', '\\', '/' -> s.append(e);
					case 'b' -> s.append('\b');
					case 'f' -> s.append('\f');
					case 'n' -> s.append('\n');
					case 'r' -> s.append('\r');
					case 't' -> s.append('\t');
					case 'u' -> {
						s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
						at += 4;
					}
					default -> throw new IllegalArgumentException("bad escape at " + at);
					}
				} else {
					s.append(c);
				}
			}
			throw new IllegalArgumentException("unterminated string");
		}
	}
}
