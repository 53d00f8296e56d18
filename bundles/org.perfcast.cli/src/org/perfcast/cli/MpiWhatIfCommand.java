package org.perfcast.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.loggp.MpiCausalProfile;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.MpiWhatIf;
import org.perfcast.loggp.ReplayEngine;
import org.perfcast.loggp.TraceReplay;

/**
 * {@code perfcast whatif TRACE} on a recorded MPI run ({@code perfcast record-mpi}): edits (a location's computation
 * made faster, the ranks balanced, the machine changed) and a causal profile, each point a replay under LogGP.
 */
final class MpiWhatIfCommand {

	/** The options that only a threaded recording takes. */
	private static final List<String> THREADED_ONLY = List.of("model", "remove-lock", "split-lock", "team");

	private MpiWhatIfCommand() {
	}

	/** Whether {@code file} is an MPI trace: a folder (its trace.mpitrace) or an index file. */
	static boolean isMpiTrace(String file) {
		Path p = Path.of(file);
		return Files.isDirectory(p) || file.endsWith(".mpitrace");
	}

	static int run(String file, List<String> args, Arguments arguments, double[] speedups, int top, int threads,
			Console console) throws UsageException {
		for (String option : THREADED_ONLY) {
			if (!arguments.values(option).isEmpty()) {
				throw new UsageException("--" + option + " is for recordings of threads; an MPI trace takes --faster, "
						+ "--balance and --loggp");
			}
		}
		List<MpiWhatIf.Edit> edits = edits(args);
		List<MpiWhatIf.Location> named = new ArrayList<>();
		for (String l : arguments.values("location")) {
			try {
				named.add(MpiWhatIf.location(l));
			} catch (IllegalArgumentException e) {
				throw new UsageException("--location: " + e.getMessage());
			}
		}
		Path path = Path.of(file);
		try {
			MpiTrace trace = MpiTrace.read(path, file, EngineMonitor.NULL);
			if (arguments.value("processors").isPresent() && arguments.positive("processors", 1) != trace.P()) {
				throw new UsageException("the replay of an MPI trace runs each rank on a processor of its own: "
						+ "--processors must be its " + trace.P() + " ranks, or left out");
			}
			OptionValues values = OptionValues.of(new ReplayEngine().options(), Map.of());
			TraceReplay.Options options = ReplayEngine.options(new EngineInput(path, file, ParameterBindings.EMPTY,
					values), trace, file, EngineMonitor.NULL);
			MpiWhatIf.Segments segments = MpiWhatIf.segments(trace, EngineMonitor.NULL);
			MpiCausalProfile.Profile profile;
			try {
				List<MpiWhatIf.Location> locations = named.isEmpty() ? segments.top(segments.factors(edits), top)
						: named;
				profile = MpiCausalProfile.compute(trace, segments, options, edits, locations, speedups, threads,
						EngineMonitor.NULL);
			} catch (IllegalArgumentException e) {
				console.report(org.perfcast.engine.Diagnostic.error("whatif.edit", e.getMessage(),
						org.perfcast.engine.Location.of(file)));
				return ExitCode.INPUT_ERROR;
			}
			if (arguments.flag("json")) {
				console.out().println(json(file, trace.P(), profile));
			} else {
				text(console.out(), trace.P(), profile);
			}
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		return ExitCode.OK;
	}

	/** --faster, --balance and --loggp in the order given. */
	private static List<MpiWhatIf.Edit> edits(List<String> args) throws UsageException {
		List<MpiWhatIf.Edit> edits = new ArrayList<>();
		for (int i = 0; i < args.size(); i++) {
			String a = args.get(i);
			if (a.equals("--")) {
				break;
			}
			if (a.equals("--balance")) {
				edits.add(new MpiWhatIf.Balance());
				continue;
			}
			for (String name : List.of("--faster", "--loggp")) {
				String value = a.equals(name) && i + 1 < args.size() ? args.get(++i) : a.startsWith(name + "=") ? a
						.substring(name.length() + 1) : null;
				if (value == null) {
					continue;
				}
				try {
					if (name.equals("--loggp")) {
						edits.add(MpiWhatIf.Machine.parse(value));
					} else {
						int eq = value.lastIndexOf('=');
						edits.add(new MpiWhatIf.SpeedUp(MpiWhatIf.location(value.substring(0, eq)), Double.parseDouble(
								value.substring(eq + 1))));
					}
				} catch (RuntimeException e) {
					throw new UsageException(name.equals("--loggp") ? "--loggp: " + e.getMessage()
							: "--faster wants LOCATION=S, S the fraction of its time removed from 0 to 1, not '" + value
									+ "'" + (e instanceof IllegalArgumentException && e.getMessage() != null ? ": "
											+ e.getMessage() : ""));
				}
				break;
			}
		}
		return edits;
	}

	private static String times(double x) {
		return Double.isInfinite(x) ? "unbounded" : String.format(Locale.ROOT, "%.2fx", x);
	}

	private static void text(PrintStream out, int ranks, MpiCausalProfile.Profile p) {
		out.println("on " + ranks + " processors (a rank each; " + ReplayEngine.parameters(p.options())
				+ ") the trace replays in " + Numbers.format(p.recorded()) + " µs" + (p.edits().isEmpty() ? ""
						: "; with the edits " + Numbers.format(p.baseline()) + " µs (" + times(p.recorded() / p
								.baseline()) + " faster)"));
		if (p.curves().isEmpty()) {
			out.println("no location with computation to profile");
			return;
		}
		out.println("what to make faster first (each halved, alone" + (p.edits().isEmpty() ? "" : ", with the edits")
				+ "):");
		for (MpiCausalProfile.Curve c : p.curves()) {
			out.println("  make " + c.location().label() + " 50 % faster: the program runs " + times(c.gain())
					+ " faster (" + Numbers.format(c.work()) + " µs of computation)");
		}
		List<MpiCausalProfile.Point> first = p.curves().get(0).points();
		StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-40s", "program speed-up at"));
		first.forEach(point -> head.append(String.format(Locale.ROOT, " %6s", Math.round(point.speedup() * 100)
				+ "%")));
		out.println(head);
		for (MpiCausalProfile.Curve c : p.curves()) {
			String key = c.location().key();
			StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-40s", key.length() > 40 ? "..."
					+ key.substring(key.length() - 37) : key));
			c.points().forEach(point -> {
				double x = p.programSpeedup(point);
				row.append(String.format(Locale.ROOT, " %6s", Double.isInfinite(x) ? "inf" : String.format(
						Locale.ROOT, "%.3f", x)));
			});
			out.println(row);
		}
	}

	private static String json(String file, int ranks, MpiCausalProfile.Profile p) {
		TraceReplay.Options o = p.options();
		StringBuilder json = new StringBuilder();
		json.append("{\"trace\": ").append(Json.string(file)).append(", \"processors\": ").append(ranks).append(
				", \"model\": \"loggp\", \"unit\": \"µs\", \"L\": ").append(Numbers.format(o.logGP().L())).append(
						", \"o\": ").append(Numbers.format(o.logGP().o())).append(", \"g\": ").append(Numbers.format(o
								.logGP().g())).append(", \"G\": ").append(Numbers.format(o.logGP().G())).append(
										", \"eager\": ").append(o.eager()).append(", \"speed\": ").append(Numbers
												.format(o.speed())).append(", \"recorded\": ").append(Numbers.format(p
														.recorded())).append(", \"baseline\": ").append(Numbers.format(p
																.baseline())).append(", \"edits\": [");
		for (int i = 0; i < p.edits().size(); i++) {
			json.append(i == 0 ? "" : ", ").append(switch (p.edits().get(i)) {
			case MpiWhatIf.SpeedUp s -> "{\"kind\": \"faster\", \"location\": " + Json.string(s.where().key())
					+ ", \"speedup\": " + Numbers.format(s.speedup()) + "}";
			case MpiWhatIf.Balance b -> "{\"kind\": \"balance\"}";
			case MpiWhatIf.Machine m -> {
				StringBuilder e = new StringBuilder("{\"kind\": \"machine\"");
				m.L().ifPresent(x -> e.append(", \"L\": ").append(Numbers.format(x)));
				m.o().ifPresent(x -> e.append(", \"o\": ").append(Numbers.format(x)));
				m.g().ifPresent(x -> e.append(", \"g\": ").append(Numbers.format(x)));
				m.G().ifPresent(x -> e.append(", \"G\": ").append(Numbers.format(x)));
				m.speed().ifPresent(x -> e.append(", \"speed\": ").append(Numbers.format(x)));
				yield e.append('}').toString();
			}
			});
		}
		json.append("], \"rankedAt\": ").append(Numbers.format(MpiCausalProfile.RANKED_AT)).append(", \"locations\": [");
		for (int i = 0; i < p.curves().size(); i++) {
			MpiCausalProfile.Curve c = p.curves().get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append("{\"location\": ").append(Json.string(c.location().key()))
					.append(", \"kind\": ").append(Json.string(c.location() instanceof MpiWhatIf.RankWork ? "rank"
							: ((MpiWhatIf.Segment) c.location()).rank().isPresent() ? "segment" : "interval")).append(
									", \"label\": ").append(Json.string(c.location().label())).append(", \"work\": ")
					.append(Numbers.format(c.work())).append(", \"gain\": ").append(number(c.gain())).append(
							", \"curve\": [");
			for (int k = 0; k < c.points().size(); k++) {
				MpiCausalProfile.Point point = c.points().get(k);
				json.append(k == 0 ? "" : ", ").append("{\"speedup\": ").append(Numbers.format(point.speedup())).append(
						", \"completion\": ").append(Numbers.format(point.completion())).append(", \"programSpeedup\": ")
						.append(number(p.programSpeedup(point))).append('}');
			}
			json.append("]}");
		}
		return json.append(p.curves().isEmpty() ? "]}" : "\n]}").toString();
	}

	private static String number(double x) {
		return Double.isFinite(x) ? Numbers.format(x) : "null";
	}
}
