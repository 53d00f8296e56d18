package org.perfcast.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;
import org.perfcast.trace.WhatIf;

/**
 * {@code perfcast whatif TRACE}: what to change in a recorded program, and what it gains: edits (a lock removed or
 * split, a location made faster) and a causal profile, from one recording.
 */
final class WhatIfCommand extends AbstractCommand {

	private static final int DEFAULT_TOP = 10;

	WhatIfCommand() {
		super("whatif", "which lock, loop or line of a recorded program to make faster first, and what it gains", """
				usage: perfcast whatif TRACE [--processors N] [--model direct|client-server|strict|auto]
				                       [--top K] [--location LOCATION]... [--speedup FROM..TO:STEP | S,S,...]
				                       [--remove-lock M]... [--split-lock M=K]... [--faster LOCATION=S]...
				                       [--team T] [--threads T] [--json]
				       perfcast whatif MPITRACE [--top K] [--location LOCATION]... [--speedup ...]
				                       [--faster LOCATION=S]... [--balance] [--loggp L=..,o=..,g=..,G=..,speed=..]
				                       [--threads T] [--json]

				TRACE is a recording (*.vtrace, *.vtraceb: perfcast record). Without changing or running
				the program, Perfcast simulates the recording on N processors (default 2) again with parts
				of it changed:
				  --remove-lock M    lock M removed: its critical sections no longer exclude each other
				  --split-lock M=K   lock M split into K locks; each thread's sections take them in turn
				                     (M=K:hash: each section one drawn as a key's hash would, as striped
				                     locks picked by hashing do; two threads then collide 1 time in K)
				  --faster L=S       the work at location L made faster: S of its time removed (0 to 1)
				  --team T           an OpenMP recording run with a team of T threads (its static loops
				                     repartitioned, as perfcast trace --threads T does)
				These edits are made to every simulation below, in the order given. Then the causal profile
				(Coz's virtual speed-ups, computed exactly): for each location, the program's speed-up when
				the location's own time is cut by each --speedup (default 0..1:0.1), ranked by the gain when
				it is halved: "make the critical sections of lock m 50 % faster: the program runs 1.31x
				faster on 4 processors".
				  --location L   a location to profile (repeatable); by default the --top K (default 10)
				                 intervals between two call sites with the most work, the K locks whose
				                 critical sections hold the most, the K OpenMP regions and the K threads
				                 with the most. A location is
				                   FILE:LINE or FUNCTION   the code leading up to the calls recorded there (at=)
				                   FROM..TO                the code between an event at FROM and the thread's next, at TO
				                   lock M                  the critical sections of lock M (its name, or FILE:LINE of its lock call)
				                   region R                an OpenMP region's computation (R: its number, or
				                                           the call site of its fork: every region forked there)
				                   thread T                all of thread T's work
				  --speedup      the location speed-ups: FROM..TO:STEP or a list (0.5 is always computed)
				  --threads T    simulations run at once (default: the processors of this machine)
				  --json         {"trace", "processors", "model", "recorded" (the recording simulated as it is),
				                 "baseline" (with the edits), "edits": [{"kind": "removeLock"|"splitLock"|
				                 "faster", "lock", "parts", "hashed" (true, or left out), "location",
				                 "speedup"}], "rankedAt",
				                 "locations": [{"location", "kind", "label", "work", "gain", "curve":
				                 [{"speedup", "completion" (null on deadlock), "programSpeedup"}]}] ranked}
				MPITRACE is a recorded MPI run (perfcast record-mpi: its folder or trace.mpitrace), replayed
				under LogGP as perfcast replay does (each rank on a processor of its own), with edits:
				  --faster L=S   the computation at L made faster; L is rank R (all its computation),
				                 FROM..TO (every rank's computation between a call FROM and the next, TO,
				                 as the trace names them: allreduce..send) or rank R FROM..TO
				  --balance      each rank's computation scaled so that it is the ranks' mean
				  --loggp ...    the machine changed: L, o, g, G (µs) and the computation's speed
				MPI edits are made in the order given; the locations profiled are by default the K
				segments of a rank, the K intervals of every rank and the K ranks with the most
				computation. Its JSON has the keys above (times in µs, "model": "loggp", "unit") and the
				machine's "L", "o", "g", "G", "eager", "speed"; its edits are "faster", "balance" and
				"machine" (with the parameters changed); location kinds "segment", "interval", "rank".
				In the table, "dl" is a deadlock and "inf" a program whose time the speed-up removes entirely.
				The exit code is 0, or 3 when the recording deadlocks with the edits.""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json", "balance"), Set.of("processors", "model", "top",
				"location", "speedup", "remove-lock", "split-lock", "faster", "threads", "team", "loggp"));
		String file = GlamisCommand.singleFile(arguments);
		if (MpiWhatIfCommand.isMpiTrace(file)) {
			return MpiWhatIfCommand.run(file, args, arguments, speedups(arguments.value("speedup").orElse("0..1:0.1")),
					arguments.positive("top", DEFAULT_TOP), arguments.positive("threads", Runtime.getRuntime()
							.availableProcessors()), console);
		}
		if (arguments.flag("balance") || !arguments.values("loggp").isEmpty()) {
			throw new UsageException("--balance and --loggp are for MPI traces (perfcast record-mpi), not recordings of "
					+ "threads");
		}
		int processors = arguments.positive("processors", 2);
		if (processors > TargetMachine.MAX_PROCESSORS) {
			throw new UsageException("--processors needs 1 to " + TargetMachine.MAX_PROCESSORS + ", not " + processors);
		}
		int top = arguments.positive("top", DEFAULT_TOP);
		int threads = arguments.positive("threads", Runtime.getRuntime().availableProcessors());
		SimulationModel model;
		try {
			model = SimulationModel.named(arguments.value("model").orElse("auto"));
		} catch (IllegalArgumentException e) {
			throw new UsageException("--model: " + e.getMessage());
		}
		double[] speedups = speedups(arguments.value("speedup").orElse("0..1:0.1"));
		List<WhatIf.Edit> edits = edits(arguments);
		List<WhatIf.Location> named = new ArrayList<>();
		for (String l : arguments.values("location")) {
			try {
				named.add(WhatIf.location(l));
			} catch (IllegalArgumentException e) {
				throw new UsageException("--location: " + e.getMessage());
			}
		}
		int team = arguments.value("team").isPresent() ? arguments.positive("team", 1) : 0;
		if (team > org.perfcast.trace.TeamResize.MAX_THREADS) {
			throw new UsageException("--team needs 1 to " + org.perfcast.trace.TeamResize.MAX_THREADS + ", not " + team);
		}
		Recording recording;
		try {
			recording = team > 0 ? org.perfcast.trace.TeamResize.record(Path.of(file), file, team, EngineMonitor.NULL,
					n -> console.report(Diagnostic.info("trace.threads", n, Location.of(file))))
					: TraceFiles.record(Path.of(file), file, EngineMonitor.NULL);
		} catch (TraceException | IOException e) {
			return TraceCommand.unreadable(e, file, console);
		}
		TargetMachine machine = TargetMachine.unbound(processors);
		CausalProfile.Profile profile;
		Simulation recorded;
		try {
			recorded = TraceSimulator.simulate(recording, machine, model, new TraceSimulator.Options(0, false),
					EngineMonitor.NULL);
			List<WhatIf.Location> locations = named.isEmpty() ? CausalProfile.topLocations(recording, edits, top)
					: named;
			profile = CausalProfile.compute(recording, edits, locations, speedups, machine, model, threads,
					EngineMonitor.NULL);
		} catch (IllegalArgumentException e) {
			console.report(Diagnostic.error("whatif.edit", e.getMessage(), Location.of(file)));
			return e.getMessage().contains("deadlocks") ? ExitCode.DEADLOCK : ExitCode.INPUT_ERROR;
		}
		if (arguments.flag("json")) {
			console.out().println(json(file, model, recorded, profile));
		} else {
			text(console.out(), recorded, profile, model);
		}
		return ExitCode.OK;
	}

	/** FROM..TO:STEP or a comma list, each from 0 to 1. */
	static double[] speedups(String text) throws UsageException {
		try {
			String t = text.strip();
			int dots = t.indexOf("..");
			if (dots >= 0) {
				int colon = t.indexOf(':', dots);
				double from = Double.parseDouble(t.substring(0, dots));
				double to = Double.parseDouble(colon < 0 ? t.substring(dots + 2) : t.substring(dots + 2, colon));
				double step = colon < 0 ? 0.1 : Double.parseDouble(t.substring(colon + 1));
				if (!(from >= 0 && to <= 1 && from <= to && step > 0) || (to - from) / step > 1000) {
					throw new NumberFormatException();
				}
				int n = (int) Math.round((to - from) / step);
				double[] s = new double[n + 1];
				for (int i = 0; i <= n; i++) {
					s[i] = Math.min(to, Math.round((from + i * step) * 1e9) / 1e9);
				}
				return s;
			}
			String[] parts = t.split(",");
			double[] s = new double[parts.length];
			for (int i = 0; i < parts.length; i++) {
				s[i] = Double.parseDouble(parts[i].strip());
				if (!(s[i] >= 0 && s[i] <= 1)) {
					throw new NumberFormatException();
				}
			}
			return s;
		} catch (NumberFormatException | StringIndexOutOfBoundsException e) {
			throw new UsageException("--speedup wants FROM..TO:STEP or a list of fractions from 0 to 1 (0..1:0.1, "
					+ "0.25,0.5), with at most 1000 steps, not '" + text + "'");
		}
	}

	private static List<WhatIf.Edit> edits(Arguments arguments) throws UsageException {
		// in the order given on the command line
		List<WhatIf.Edit> edits = new ArrayList<>();
		for (String m : arguments.values("remove-lock")) {
			edits.add(new WhatIf.RemoveLock(m));
		}
		for (String split : arguments.values("split-lock")) {
			int eq = split.lastIndexOf('=');
			try {
				edits.add(WhatIf.SplitLock.of(split.substring(0, eq), split.substring(eq + 1)));
			} catch (RuntimeException e) {
				throw new UsageException("--split-lock wants M=K or M=K:hash, a lock and a number of parts from 1 "
						+ "to " + WhatIf.MAX_PARTS + ", not '" + split + "'");
			}
		}
		for (String faster : arguments.values("faster")) {
			int eq = faster.lastIndexOf('=');
			try {
				edits.add(new WhatIf.SpeedUp(WhatIf.location(faster.substring(0, eq)), Double.parseDouble(faster
						.substring(eq + 1))));
			} catch (RuntimeException e) {
				throw new UsageException("--faster wants LOCATION=S, S the fraction of its time removed from 0 to 1, "
						+ "not '" + faster + "'");
			}
		}
		return edits;
	}

	private static String times(double x) {
		return Double.isNaN(x) ? "deadlock" : Double.isInfinite(x) ? "unbounded" : String.format(Locale.ROOT, "%.2fx",
				x);
	}

	private static void text(PrintStream out, Simulation recorded, CausalProfile.Profile p, SimulationModel model) {
		double asRecorded = recorded.completion() == null ? Double.NaN : recorded.completion();
		out.println("on " + p.processors() + " processors (" + model.id() + " model) the recording runs "
				+ (Double.isNaN(asRecorded) ? "into a deadlock" : org.perfcast.engine.Quantities.seconds(asRecorded)) + (p.edits()
						.isEmpty() ? "" : "; with the edits " + org.perfcast.engine.Quantities.seconds(p.baseline()) + " (" + times(
								asRecorded / p.baseline()) + " faster)"));
		if (p.curves().isEmpty()) {
			out.println("no location with work to profile (the trace records no call sites: name a lock or a thread "
					+ "with --location)");
			return;
		}
		out.println("what to make faster first (each halved, alone" + (p.edits().isEmpty() ? "" : ", with the edits")
				+ "):");
		for (CausalProfile.Curve c : p.curves()) {
			out.println("  make " + c.location().label() + " 50 % faster: the program runs " + times(c.gain())
					+ " faster on " + p.processors() + " processors (" + org.perfcast.engine.Quantities.seconds(c.work()) + " of work)");
		}
		List<CausalProfile.Point> first = p.curves().get(0).points();
		StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-40s", "program speed-up at"));
		first.forEach(point -> head.append(String.format(Locale.ROOT, " %6s", Math.round(point.speedup() * 100)
				+ "%")));
		out.println(head);
		for (CausalProfile.Curve c : p.curves()) {
			String key = c.location().key();
			StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%-40s", key.length() > 40 ? "..."
					+ key.substring(key.length() - 37) : key));
			c.points().forEach(point -> {
				double x = p.programSpeedup(point);
				row.append(String.format(Locale.ROOT, " %6s", Double.isNaN(x) ? "dl" : Double.isInfinite(x) ? "inf"
						: Numbers.significant(x, org.perfcast.engine.Quantities.DIGITS)));
			});
			out.println(row);
		}
	}

	private static String json(String file, SimulationModel model, Simulation recorded, CausalProfile.Profile p) {
		StringBuilder json = new StringBuilder();
		json.append("{\"trace\": ").append(Json.string(file)).append(", \"processors\": ").append(p.processors())
				.append(", \"model\": ").append(Json.string(model.id())).append(", \"recorded\": ").append(
						recorded.completion() == null ? "null" : Numbers.format(recorded.completion())).append(
								", \"baseline\": ").append(Numbers.format(p.baseline())).append(", \"edits\": [");
		for (int i = 0; i < p.edits().size(); i++) {
			json.append(i == 0 ? "" : ", ").append(switch (p.edits().get(i)) {
			case WhatIf.RemoveLock r -> "{\"kind\": \"removeLock\", \"lock\": " + Json.string(r.mutex()) + "}";
			case WhatIf.SplitLock s -> "{\"kind\": \"splitLock\", \"lock\": " + Json.string(s.mutex()) + ", \"parts\": "
					+ s.parts() + (s.hashed() ? ", \"hashed\": true" : "") + "}";
			case WhatIf.SpeedUp s -> "{\"kind\": \"faster\", \"location\": " + Json.string(s.where().key())
					+ ", \"speedup\": " + Numbers.format(s.speedup()) + "}";
			});
		}
		json.append("], \"rankedAt\": ").append(Numbers.format(CausalProfile.RANKED_AT)).append(", \"locations\": [");
		for (int i = 0; i < p.curves().size(); i++) {
			CausalProfile.Curve c = p.curves().get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append("{\"location\": ").append(Json.string(c.location().key()))
					.append(", \"kind\": ").append(Json.string(kind(c.location()))).append(", \"label\": ").append(Json
							.string(c.location().label())).append(", \"work\": ").append(Numbers.format(c.work())).append(
									", \"gain\": ").append(number(c.gain())).append(", \"curve\": [");
			for (int k = 0; k < c.points().size(); k++) {
				CausalProfile.Point point = c.points().get(k);
				json.append(k == 0 ? "" : ", ").append("{\"speedup\": ").append(Numbers.format(point.speedup())).append(
						", \"completion\": ").append(point.completion() == null ? "null" : Numbers.format(point
								.completion())).append(", \"programSpeedup\": ").append(number(p.programSpeedup(point)))
						.append('}');
			}
			json.append("]}");
		}
		return json.append(p.curves().isEmpty() ? "]}" : "\n]}").toString();
	}

	private static String number(double x) {
		return Double.isFinite(x) ? Numbers.format(x) : "null";
	}

	private static String kind(WhatIf.Location l) {
		return switch (l) {
		case WhatIf.Interval i -> "interval";
		case WhatIf.Call c -> "call";
		case WhatIf.Lock k -> "lock";
		case WhatIf.Region r -> "region";
		case WhatIf.ThreadWork t -> "thread";
		};
	}
}
