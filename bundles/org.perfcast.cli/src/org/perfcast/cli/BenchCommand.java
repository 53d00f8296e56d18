package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.TemporaryDirectory;

/**
 * {@code perfcast bench}: times Perfcast's own work on the example models (warm-up, then repeated
 * measurements; median and minimum per operation), for the numbers quoted in closing notes and the user guide. The
 * benchmarks are {@link BenchCatalogue}'s, timed by {@link BenchHarness}; {@code --write-trace} is
 * {@link BenchTraceWriter}'s.
 */
final class BenchCommand extends AbstractCommand {

	BenchCommand() {
		super("bench", "time Perfcast's analyses on the example models", """
				usage: perfcast bench [NAME...] [--examples DIR] [--iterations N] [--json]
				       perfcast bench trace-1eN --trace FILE [--iterations N]
				       perfcast bench --write-trace FILE [--events N] [--shape SHAPE] [--seed S]

				Runs each benchmark (all when no NAME is given) for about a second of warm-up, then
				N measured iterations (default 20), and prints the median and minimum time of one
				operation in milliseconds. Names: see the list printed by perfcast bench --list.
				  --examples DIR   the example projects (default: examples)
				  --iterations N   measured iterations per benchmark
				  --list           list the benchmarks
				  --json           print [{"name", "medianMs", "minMs", "iterations"}] instead
				  --trace FILE     the trace-* benchmarks simulate FILE (as --write-trace
				                   writes it) instead of writing their recording first
				  --write-trace FILE  write the trace benchmarks' input instead, a synthetic
				                   recording in the binary form (.vtraceb), to simulate with
				                   perfcast run trace FILE or open in the IDE
				  --events N       its events (default 1000000; 1e9 is about 19 GB)
				  --shape SHAPE    workers (default), token-ring, locks, threads or signals
				  --seed S         the seed of its random work (default 1)""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json", "list"), Set.of("examples", "iterations",
				"write-trace", "events", "shape", "seed", "trace"));
		if (arguments.value("write-trace").isPresent()) {
			return BenchTraceWriter.write(arguments, console);
		}
		// the traces the benchmarks write, removed at the end (also on failure and Ctrl-C)
		try (TemporaryDirectory scratch = TemporaryDirectory.create("perfcast-bench-")) {
			return bench(arguments, console, scratch);
		} catch (IOException e) {
			console.err().println(PerfcastCli.PROGRAM + " bench: cannot make a temporary directory: " + e.getMessage());
			return ExitCode.INPUT_ERROR;
		}
	}

	private static int bench(Arguments arguments, Console console, TemporaryDirectory scratch) throws UsageException {
		Path examples = Path.of(arguments.value("examples").orElse("examples"));
		int iterations = arguments.positive("iterations", 20);
		Map<String, BenchCatalogue.Benchmark> all = new LinkedHashMap<>();
		Path given = arguments.value("trace").map(Path::of).orElse(null);
		if (given != null && !Files.isReadable(given)) {
			throw new UsageException("--trace: cannot read " + given);
		}
		for (BenchCatalogue.Benchmark benchmark : BenchCatalogue.benchmarks(examples, given, scratch)) {
			all.put(benchmark.name(), benchmark);
		}
		if (arguments.flag("list")) {
			all.values().forEach(b -> console.out().printf("%-24s %s%n", b.name(), b.description()));
			return ExitCode.OK;
		}
		List<BenchCatalogue.Benchmark> chosen = new ArrayList<>();
		for (String name : arguments.operands()) {
			BenchCatalogue.Benchmark benchmark = all.get(name);
			if (benchmark == null) {
				throw new UsageException("unknown benchmark '" + name + "'; known: " + String.join(", ", all.keySet()));
			}
			chosen.add(benchmark);
		}
		if (chosen.isEmpty()) {
			// the long traces and the 10^8-message program take minutes (and gigabytes): only when named
			all.values().stream().filter(b -> !BenchCatalogue.onlyWhenNamed(b.name()))
					.filter(b -> b.scale() == null || !b.scale().onlyWhenNamed()).forEach(chosen::add);
		}
		List<String> json = new ArrayList<>();
		for (BenchCatalogue.Benchmark benchmark : chosen) {
			if (benchmark.scale() != null) {
				json.add(BenchHarness.measureLarge(benchmark, iterations, arguments.flag("json"), console));
				continue;
			}
			double[] millis = BenchHarness.measure(benchmark.operation(), iterations);
			double median = millis[millis.length / 2];
			if (arguments.flag("json")) {
				json.add("{\"name\": " + Json.string(benchmark.name()) + ", \"medianMs\": " + median + ", \"minMs\": "
						+ millis[0] + ", \"iterations\": " + iterations + "}");
			} else {
				console.out().printf("%-24s median %10.3f ms   min %10.3f ms   (%d iterations)  %s%n", benchmark.name(),
						median, millis[0], iterations, benchmark.description());
			}
		}
		if (arguments.flag("json")) {
			console.out().println(json.isEmpty() ? "[]" : "[\n  " + String.join(",\n  ", json) + "\n]");
		}
		return ExitCode.OK;
	}
}
