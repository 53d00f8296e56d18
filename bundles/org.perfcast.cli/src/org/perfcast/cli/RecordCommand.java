package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.ShellWords;
import org.perfcast.record.JavaRecorder;
import org.perfcast.record.PthreadRecorder;
import org.perfcast.record.VisibleProcessors;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/** {@code perfcast record -- PROGRAM ARGS}: record a multi-threaded program (native or Java) on one processor. */
final class RecordCommand extends AbstractCommand {

	RecordCommand() {
		super("record", "record a pthreads, OpenMP or Java program's synchronisation on one processor (a *.vtrace trace)", """
				usage: perfcast record [--out FILE] [--no-follow] [--timeout S] [--visible-processors N] -- PROGRAM [ARGS...]
				       perfcast record [--out FILE] [--timeout S] [--visible-processors N] -- java [JAVA OPTIONS] MAIN-CLASS|-jar JAR [ARGS...]

				Runs PROGRAM pinned to one processor (taskset -c 0) with Perfcast's pthread recorder
				preloaded (built with cc once, into ~/.cache/perfcast), which logs thread create, exit and
				join, mutex, spinlock and read-write lock locks and unlocks (trylocks and timed locks when
				they succeed), condition waits and signals (a timed wait that times out as a sleep),
				semaphores, barriers, pthread_once, C11 threads and futex waits (C++ futures), and time
				off the processor in I/O and sleeps, with the wall clock, each thread's CPU clock and the
				source line (with -g; else the function), and writes the trace. Processes the program
				starts (fork, exec, system, popen, posix_spawn, a shell script's commands) record into
				NAME-PID.vtrace next to it; the traces of single-threaded ones are not kept, and when
				PROGRAM itself runs one thread (a script) the child with the most threads becomes the trace.
				An OpenMP program (found with ldd) runs on LLVM's OpenMP runtime (libomp, preloaded in
				place of GCC's libgomp), which calls the recorder's OMPT tool: parallel regions, barriers,
				explicit tasks and their dependences, taskwait, taskgroup, critical, locks and ordered.
				Its team is OMP_NUM_THREADS (when unset, this machine's processor count). A java command runs with
				Perfcast's Java agent instead (-javaagent, written once into the same cache), which logs
				thread start, run's end and join, synchronized blocks and methods, wait and notify,
				java.util.concurrent locks and conditions, semaphores, latches, barriers, blocking queues,
				executor tasks (submit, execute, Future.get) and fork-join tasks (fork, join, invoke) with
				the thread's CPU clock and the source line. Then checks that the trace replays and prints
				what it holds, and checks the recording against itself: replayed on one processor it must
				take the time recorded, and each thread's lifetime must be its CPU time, I/O, sleeps,
				recorded waits and run-queue delay (off by more than 5 %: "unreliable: ..."); a program that dies before it ends the recording leaves a trace cut short,
				read up to its last event with a warning. Predict more processors with perfcast trace FILE.
				  --out FILE   the trace (default PROGRAM.vtrace, or MAIN-CLASS.vtrace, in the current folder)
				  --no-follow  record only PROGRAM's own process, not the processes it starts
				  --timeout S  end the program, and every process it started, after S seconds (default: no limit)
				  --visible-processors N
				               the processors the program sees while it runs on one (default: this machine's):
				               a program that sizes its pools from the processor count makes the pools it would
				               make on N (sysconf, get_nprocs, sched_getaffinity, /proc/cpuinfo, OpenMP's default
				               team; Java's availableProcessors through -XX:ActiveProcessorCount=N); the trace
				               says @visible-processors N. Record with the count you will predict.""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		int dash = args.indexOf("--");
		if (dash < 0 || dash == args.size() - 1) {
			throw new UsageException("missing -- PROGRAM [ARGS...]");
		}
		Arguments arguments = Arguments.parse(args.subList(0, dash), java.util.Set.of("no-follow"), java.util.Set.of(
				"out", "timeout", "visible-processors"));
		java.time.Duration timeout = AccuracyCommand.timeout(arguments);
		if (!arguments.operands().isEmpty()) {
			throw new UsageException("unexpected " + arguments.operands().get(0) + " before --");
		}
		List<String> command = args.subList(dash + 1, args.size());
		String name = JavaRecorder.isJava(command) ? JavaRecorder.programName(command)
				: Path.of(command.get(0)).getFileName().toString();
		Path out = Path.of(arguments.value("out").orElse(name + ".vtrace"));
		Path cache = org.perfcast.engine.NativeTools.cache();
		int visible = visibleProcessors(arguments);
		int status;
		try {
			status = PthreadRecorder.record(command, out, cache, ProcessBuilder.Redirect.INHERIT, !arguments.flag(
					"no-follow"), note -> console.report(Diagnostic.info("trace.record", note, Location.of(out
							.toString()))), java.util.Map.of(VisibleProcessors.VARIABLE, Integer.toString(visible)),
					timeout);
		} catch (PthreadRecorder.RecorderException e) {
			console.report(Diagnostic.error("trace.record", e.getMessage(), Location.of(command.get(0))));
			return ExitCode.INPUT_ERROR;
		} catch (IOException e) {
			console.report(Diagnostic.error("trace.record", e.getMessage(), Location.of(out.toString())));
			return ExitCode.INPUT_ERROR;
		}
		try {
			Recording recording = TraceFiles.record(out, out.toString(), EngineMonitor.NULL);
			long events = 0;
			for (int t = 0; t < recording.threads().size(); t++) {
				events += recording.program(t).size();
			}
			recording.warnings().forEach(w -> console.report(Diagnostic.warning("trace.record", w,
					Location.of(out.toString()))));
			console.out().println("recorded " + events + " events of " + recording.threads().size() + " threads in "
					+ Quantities.seconds(recording.end()) + " (one processor, seeing " + visible + "; program exit code "
					+ status + "): " + out);
			SelfCheck check = SelfCheck.of(() -> TraceFiles.open(out, out.toString()), TraceSimulator.Options.DEFAULT,
					EngineMonitor.NULL);
			check.notes(recording.unit()).forEach(n -> console.report(Diagnostic.info("trace.selfCheck", n,
					Location.of(out.toString()))));
			TraceCommand.printSelfCheck(check, recording.unit(), console.out());
			console.out().println("predict with: " + ShellWords.join(List.of("perfcast", "trace", out.toString(), "--processors",
					Integer.toString(visible))));
		} catch (TraceException e) {
			console.report(Diagnostic.error("trace.format", "the recorded trace does not replay: " + e.getMessage(),
					e.line() > 0 ? Location.at(out.toString(), (int) Math.min(Integer.MAX_VALUE, e.line()), 1)
							: Location.of(out.toString())));
			return ExitCode.INPUT_ERROR;
		} catch (IOException e) {
			console.report(Diagnostic.error("trace.read", e.getMessage(), Location.of(out.toString())));
			return ExitCode.INPUT_ERROR;
		}
		return status == 0 ? ExitCode.OK : ExitCode.INPUT_ERROR;
	}

	/** The {@code --visible-processors N} of a command that records: this machine's processors when not given. */
	static int visibleProcessors(Arguments arguments) throws UsageException {
		java.util.Optional<String> given = arguments.value("visible-processors");
		try {
			return given.isEmpty() ? VisibleProcessors.machine() : VisibleProcessors.check(given.get());
		} catch (IllegalArgumentException e) {
			throw new UsageException("--visible-processors: " + e.getMessage());
		}
	}
}
