package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.UnitScale;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.SummaryValue;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;

/**
 * Engines agree or say why: every engine that accepts an example model runs it over the demo's sweep, and where
 * two engines' T differ by more than {@link #TOLERANCE} at a point, one of the two states the modelling
 * assumption behind it as a warning on that point (a diagnostic whose code starts with "assumption."), one that
 * can set the two apart: not charging LogGP's costs per message sets an engine apart only from the LogGP
 * simulation, and gives the smaller T where it is the only reason. An engine accepts a model when it reads the
 * file's kind and the model has what it needs; the LogGP simulation refuses machines without LogGP parameters,
 * which is checked to be its only reason. The table of the largest differences is written to
 * {@code target/agreement.md} (it is docs/model-and-predict.md's).
 */
class EngineAgreementTest {

	/** The largest relative difference |T1 − T2| / min(T1, T2) two engines may show without saying why. */
	static final double TOLERANCE = 0.10;

	/** The models several engines read, with the demo's sweeps. */
	private static final Map<String, String> MODELS = Map.of(
			"matvec-ring/matvec.program", "P=2,3,4,5,6",
			"linear-array/loop.program", "P=2,4,5,8,10",
			"gauss-elim/gauss-elim.program", "b=20,30,40,48,60,80,96,120,160",
			"loggp-scale/bcast.program", "d=1,2,3,4,5,6",
			"loggp-scale/random-steps.program", "P=2,8,64");

	private static Path examples() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"));
	}

	/** T of a result: the program as written ("T as written" for the mapping engine's loops), else "T". */
	private static SummaryValue time(EngineResult result) {
		return result.summary().stream().filter(v -> v.name().equals("T as written")).findFirst()
				.or(() -> result.summary().stream().filter(v -> v.name().equals("T")).findFirst()).orElseThrow(
						() -> new AssertionError("no T in " + result.summary()));
	}

	/** The code of the assumption that messages are charged only on their links. */
	private static final String LINK_ONLY = "assumption.linkOnlyMessages";

	/**
	 * Whether the assumption {@code code} can set its engine's T apart from the engine {@code other}'s: not
	 * charging LogGP's costs per message sets an engine apart only from the LogGP simulation, which charges them.
	 */
	private static boolean explains(String code, String other) {
		return !code.equals(LINK_ONLY) || other.equals("loggp");
	}

	private static List<Diagnostic> assumptions(EngineResult result) {
		return result.diagnostics().stream()
				.filter(d -> d.severity() == Severity.WARNING && d.code().startsWith("assumption.")).toList();
	}

	@Test
	void testEnginesAgreeOrSayWhy() throws IOException {
		Set<String> kinds = new TreeSet<>();
		try (Stream<Path> files = Files.walk(examples())) {
			files.filter(Files::isRegularFile).forEach(f -> {
				String name = f.getFileName().toString();
				kinds.add(name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT));
			});
		}
		List<Engine> engines = EngineRegistry.builtin().engines();
		// the models above are every example of a kind that at least two engines read
		try (Stream<Path> files = Files.walk(examples())) {
			List<String> shared = files.filter(Files::isRegularFile).map(f -> examples().relativize(f).toString())
					.filter(f -> engines.stream().filter(e -> e.fileExtensions().contains(f.substring(f.lastIndexOf('.') + 1)))
							.count() >= 2)
					.sorted().toList();
			assertEquals(new TreeSet<>(MODELS.keySet()), new TreeSet<>(shared));
		}
		StringBuilder table = new StringBuilder("| model | engines | points | largest difference | at | assumptions stated |\n"
				+ "| --- | --- | --- | --- | --- | --- |\n");
		SweepRunner runner = new SweepRunner(1);
		for (String model : new TreeSet<>(MODELS.keySet())) {
			Path file = examples().resolve(model);
			String extension = model.substring(model.lastIndexOf('.') + 1);
			Map<String, List<PointOutcome>> runs = new LinkedHashMap<>();
			for (Engine engine : engines) {
				if (!engine.fileExtensions().contains(extension) || engine.unavailable().isPresent()) {
					continue;
				}
				RunOutcome outcome = runner.run(engine, new RunRequest(file, model, ParameterBindings.EMPTY,
						List.of(Sweep.parse(MODELS.get(model))), OptionValues.of(engine.options(), Map.of())),
						EngineMonitor.NULL);
				if (outcome.points().stream().allMatch(p -> p.status() instanceof PointStatus.Failed f
						&& f.diagnostics().get(0).message().contains("states no")
						&& f.diagnostics().get(0).message().contains("LogGP") && engine.id().equals("loggp"))) {
					continue; // the machine has no LogGP parameters
				}
				for (PointOutcome point : outcome.points()) {
					assertTrue(point.status() instanceof PointStatus.Completed, engine.id() + " on " + model + " at "
							+ point.bindings() + ": " + point.status());
				}
				runs.put(engine.id(), outcome.points());
			}
			assertTrue(runs.size() >= 2, model + ": " + runs.keySet());
			List<String> ids = new ArrayList<>(runs.keySet());
			double largest = 0;
			String where = "";
			Set<String> stated = new TreeSet<>();
			for (int i = 0; i < ids.size(); i++) {
				for (int j = i + 1; j < ids.size(); j++) {
					List<PointOutcome> a = runs.get(ids.get(i));
					List<PointOutcome> b = runs.get(ids.get(j));
					for (int k = 0; k < a.size(); k++) {
						EngineResult ra = ((PointStatus.Completed) a.get(k).status()).result();
						EngineResult rb = ((PointStatus.Completed) b.get(k).status()).result();
						double ta = time(ra).value();
						double tb = time(rb).value();
						assertEquals(time(ra).unit(), time(rb).unit(), model);
						double difference = Math.abs(ta - tb) / Math.min(ta, tb);
						String pair = ids.get(i) + " " + format(ta, time(ra).unit()) + ", " + ids.get(j) + " "
								+ format(tb, time(rb).unit()) + " at " + a.get(k).bindings().asMap().entrySet().stream()
										.map(e -> e.getKey() + " = " + Numbers.format(e.getValue()))
										.collect(java.util.stream.Collectors.joining(", "));
						if (difference > TOLERANCE) {
							List<String> why = new ArrayList<>();
							String first = ids.get(i);
							String second = ids.get(j);
							assumptions(ra).stream().filter(d -> explains(d.code(), second))
									.forEach(d -> why.add(first + ": " + d.code()));
							assumptions(rb).stream().filter(d -> explains(d.code(), first))
									.forEach(d -> why.add(second + ": " + d.code()));
							assertTrue(!why.isEmpty(), model + ": " + pair + " differ by "
									+ percent(difference) + " and neither engine states an assumption that sets them apart");
							if (why.size() == 1 && why.get(0).endsWith(LINK_ONLY)) {
								// charging no LogGP overhead, gap or latency can only make T smaller
								double linkOnly = why.get(0).startsWith(first + ":") ? ta : tb;
								assertTrue(linkOnly < Math.max(ta, tb), model + ": " + pair + ": " + why.get(0)
										+ " predicts more than the LogGP simulation");
							}
							stated.addAll(why);
						}
						if (difference > largest) {
							largest = difference;
							where = pair;
						}
					}
				}
			}
			table.append("| ").append(model).append(" | ").append(String.join(", ", ids)).append(" | ")
					.append(MODELS.get(model)).append(" | ").append(percent(largest)).append(" | ").append(where)
					.append(" | ").append(stated.isEmpty() ? "within " + percent(TOLERANCE) : String.join(", ", stated))
					.append(" |\n");
		}
		Path target = Path.of("target");
		Files.createDirectories(target);
		Files.writeString(target.resolve("agreement.md"), table.toString());
		System.out.print(table);
	}

	private static String format(double t, String unit) {
		UnitScale scale = UnitScale.of(unit, t);
		return scale.format(t, 5) + (scale.unit().isEmpty() ? "" : " " + scale.unit());
	}

	private static String percent(double fraction) {
		return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
	}
}
