package org.perfcast.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.ReplayEngine;
import org.perfcast.loggp.TraceReplay;

/** {@code perfcast replay TRACE}: a recorded MPI run replayed under LogGP on another machine. */
final class ReplayCommand extends AbstractCommand {

	ReplayCommand() {
		super("replay", "replay a recorded MPI run (perfcast record-mpi) under LogGP", """
				usage: perfcast replay TRACE [--machine FILE.machine] [--L 9] [--o 2] [--g 14] [--G 0.03]
				                             [--eager 65536] [--speed F] [--recorded-on FILE.machine] [--json]

				TRACE is a trace folder (its trace.mpitrace) or an index file. Each rank's computations
				take their recorded time / F; point-to-point messages follow LogGP: a send of k bytes
				engages the sender for o+(k-1)G, can be received o+L after it starts, the receive engages
				the receiver for o+(k-1)G; sends (and receives) start (k-1)G+g apart. A message of at most
				--eager bytes leaves when the sender is ready; a larger one (and ssend) waits until the
				receiver has posted its receive (rendezvous). Receives match sends by (source, tag,
				communicator) in order. Collectives: binomial tree (bcast, reduce, gather, scatter),
				recursive doubling (allreduce, allgather, barrier), pairwise exchange (alltoall).
				  --machine FILE   L, o, g, G from a machine model's communication (flags given win)
				  --L, --o, --g, --G  µs (default: the paper's Meiko CS-2 values, as loggp-step)
				  --eager BYTES    the largest eager message (default 65536, Open MPI's TCP eager limit)
				  --speed F        computation F times as fast (default 1)
				  --recorded-on FILE  the machine model the run was recorded on: with --machine, the
				                   computation is scaled by their flop times (computation flopTime:
				                   recorded-on's / machine's); --speed given wins
				  --json           {"T", "unit", "L", "o", "g", "G", "eager", "speed", "operations",
				                   "messages", "collectives", "ranks": [{"rank", "end", "compute",
				                   "communication", "waiting"}]}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("machine", "L", "o", "g", "G", "eager",
				"speed", "recorded-on"));
		String file = GlamisCommand.singleFile(arguments);
		ReplayEngine engine = new ReplayEngine();
		Map<String, String> given = new LinkedHashMap<>();
		for (String name : List.of("L", "o", "g", "G", "eager", "speed")) {
			arguments.value(name).ifPresent(value -> given.put(name, value));
		}
		arguments.value("machine").ifPresent(m -> given.put("machine", Path.of(m).toAbsolutePath().toString()));
		arguments.value("recorded-on").ifPresent(m -> given.put("recordedOn", Path.of(m).toAbsolutePath().toString()));
		OptionValues options;
		try {
			options = OptionValues.of(engine.options(), given);
		} catch (IllegalArgumentException e) {
			throw new UsageException(e.getMessage().replace("option ", "--"));
		}
		// flags given explicitly win over the machine, also when equal to the defaults
		ParameterBindings bindings = ParameterBindings.EMPTY;
		if (arguments.value("machine").isPresent()) {
			for (String name : List.of("L", "o", "g", "G", "speed")) {
				if (given.containsKey(name)) {
					bindings = bindings.with(name, options.real(name));
				}
			}
		}
		Path path = Path.of(file);
		try {
			MpiTrace trace = MpiTrace.read(path, file, EngineMonitor.NULL);
			TraceReplay.Options replay = ReplayEngine.options(new EngineInput(path, file, bindings, options), trace, file,
					EngineMonitor.NULL);
			TraceReplay.Result result = TraceReplay.replay(trace, replay, EngineMonitor.NULL);
			if (result.unmatchedSends() > 0) {
				console.err().println(file + ": warning: " + result.unmatchedSends() + " sends no receive takes");
			}
			if (arguments.flag("json")) {
				json(result, replay, console.out());
			} else {
				text(file, trace, result, replay, console.out());
			}
		} catch (EngineException e) {
			e.diagnostics().forEach(console::report);
			return ExitCode.INPUT_ERROR;
		}
		return ExitCode.OK;
	}

	private static void text(String file, MpiTrace trace, TraceReplay.Result r, TraceReplay.Options o, PrintStream out) {
		out.printf("replay of %s: %d ranks, %d operations, %d messages (%s)%n", file, trace.P(), r.operations(),
				r.messages(), ReplayEngine.parameters(o));
		out.println("collectives: " + MpiTrace.ALGORITHMS);
		// the ranks' times in one unit for their magnitude, four significant digits
		org.perfcast.engine.UnitScale scale = org.perfcast.engine.UnitScale.of("µs", Math.abs(r.T()));
		out.printf("%6s %14s %14s %14s %14s%n", "rank", scale.label("end"), "compute", "communication", "waiting");
		for (int p = 0; p < r.end().length; p++) {
			out.printf("%6d %14s %14s %14s %14s%n", p, scale.format(r.end()[p], 4), scale.format(r.compute()[p], 4),
					scale.format(r.communication()[p], 4), scale.format(r.waiting()[p], 4));
		}
		out.println("T = " + org.perfcast.engine.Quantities.micros(r.T()));
	}

	private static void json(TraceReplay.Result r, TraceReplay.Options o, PrintStream out) {
		StringBuilder s = new StringBuilder("{\"T\": ").append(Numbers.format(r.T())).append(", \"unit\": \"µs\"")
				.append(", \"L\": ").append(Numbers.format(o.logGP().L())).append(", \"o\": ")
				.append(Numbers.format(o.logGP().o())).append(", \"g\": ").append(Numbers.format(o.logGP().g()))
				.append(", \"G\": ").append(Numbers.format(o.logGP().G())).append(", \"eager\": ").append(o.eager())
				.append(", \"speed\": ").append(Numbers.format(o.speed())).append(", \"operations\": ")
				.append(r.operations()).append(", \"messages\": ").append(r.messages()).append(", \"collectives\": \"")
				.append(MpiTrace.ALGORITHMS).append("\", \"ranks\": [");
		for (int p = 0; p < r.end().length; p++) {
			s.append(p == 0 ? "" : ", ").append("{\"rank\": ").append(p).append(", \"end\": ")
					.append(Numbers.format(r.end()[p])).append(", \"compute\": ").append(Numbers.format(r.compute()[p]))
					.append(", \"communication\": ").append(Numbers.format(r.communication()[p])).append(", \"waiting\": ")
					.append(Numbers.format(r.waiting()[p])).append('}');
		}
		out.println(s.append("]}"));
	}
}
