package org.perfcast.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.TemporaryDirectory;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepRunner;
import org.perfcast.glamis.MeanValueAnalysis;
import org.perfcast.glamis.Station;
import org.perfcast.loggp.Algorithm;
import org.perfcast.loggp.BlockSizeStudy;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.LogGPProgramEngine;
import org.perfcast.loggp.CommunicationSimulation;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.OverestimationSimulation;
import org.perfcast.loggp.ProgramSimulation;
import org.perfcast.loggp.SyntheticMpiTrace;
import org.perfcast.loggp.TraceReplay;
import org.perfcast.mapping.MappingAnalysis;
import org.perfcast.model.program.Program;
import org.perfcast.mapping.MappingEngine;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;
import org.perfcast.pamela.Pamela;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.SyntheticTrace;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.TraceSimulator;

/**
 * The benchmarks of {@code perfcast bench}: on the example models, the engines at scale (MPI replay, Glamis, LogGP),
 * the run machinery, and trace-driven simulation of synthetic recordings.
 */
final class BenchCatalogue {

	/** The points of the run-overhead benchmark. */
	static final int OVERHEAD_POINTS = 10_000;

	/** One benchmark: a name, what it measures, and the work of one operation; a large one has its scale. */
	record Benchmark(String name, String description, Runnable operation, Scale scale) {
		Benchmark(String name, String description, Runnable operation) {
			this(name, description, operation, null);
		}
	}

	/**
	 * What a large benchmark reports besides its times: the units of work of one operation (per second at the
	 * median) and the peak resident memory of the process during its runs. It runs at most {@code iterations}
	 * times, without warm-up when that is 3 or fewer, and only when named if {@code onlyWhenNamed}; {@code setup},
	 * if not null, runs once before, untimed (e.g. writes the benchmark's input).
	 */
	record Scale(long work, String unit, int iterations, boolean onlyWhenNamed, Runnable setup) {
		Scale(long work, String unit, int iterations, boolean onlyWhenNamed) {
			this(work, unit, iterations, onlyWhenNamed, null);
		}
	}

	/**
	 * The benchmarks; the trace ones simulate {@code trace} when it is not null, else traces they write into
	 * {@code scratch}.
	 */
	private BenchCatalogue() {
	}

	static List<Benchmark> benchmarks(Path examples, Path trace, TemporaryDirectory scratch) {
		List<Path> models = exampleModels(examples);
		List<Benchmark> benchmarks = new ArrayList<>();
		benchmarks.add(new Benchmark("validate-examples",
				"load and validate every example model (" + models.size() + " files), as on save", () -> {
					for (Path model : models) {
						ModelValidation.validate(ModelFiles.load(ModelFiles.newResourceSet(),
								URI.createFileURI(model.toAbsolutePath().toString()), model.toString()), model.toString(),
								ParameterBindings.EMPTY);
					}
				}));
		Path matvec = examples.resolve("matvec-ring/matvec.pamela");
		if (Files.isRegularFile(matvec)) {
			String text = read(matvec);
			for (String n : List.of("60", "600000")) {
				ParameterBindings bindings = ParameterBindings.parse(List.of("N=" + n, "P=60"));
				benchmarks.add(new Benchmark("pamela-matvec-N" + n, "PAMELA analysis of matvec.pamela with N = " + n
						+ ", P = 60", () -> Pamela.analyse(text, "matvec.pamela", bindings, EngineMonitor.NULL)));
			}
		}
		Path matvecProgram = examples.resolve("matvec-ring/matvec.program");
		if (Files.isRegularFile(matvecProgram)) {
			MappingEngine mapping = new MappingEngine();
			EngineInput input = new EngineInput(matvecProgram, "matvec.program", ParameterBindings.parse(List.of("P=6")),
					OptionValues.of(mapping.options(), Map.of()));
			benchmarks.add(new Benchmark("mapping-matvec-P6", "mapping engine on matvec.program with P = 6: load, "
					+ "general execution model and schedule of steps", () -> {
						try {
							mapping.run(input, EngineMonitor.NULL);
						} catch (EngineException e) {
							throw new IllegalStateException(e.getMessage(), e);
						}
					}));
		}
		for (String program : List.of("linear-array/loop.program", "matvec-ring/matvec.program")) {
			Path file = examples.resolve(program);
			if (Files.isRegularFile(file)) {
				benchmarks.add(new Benchmark("mapping-" + file.getFileName().toString().replace(".program", ""),
						"load, validate and predict " + program + " with the execution models, as on save", () -> {
							ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
									URI.createFileURI(file.toAbsolutePath().toString()), program);
							ModelValidation.validate(loaded, program, ParameterBindings.EMPTY);
							MappingAnalysis.analyse((Program) loaded.root(), program, ParameterBindings.EMPTY, List.of(),
									EngineMonitor.NULL);
						}));
			}
		}
		benchmarks.addAll(glamis());
		benchmarks.add(runOverhead());
		benchmarks.addAll(loggpStep());
		Path gauss = examples.resolve("gauss-elim/gauss-elim.program");
		if (Files.isRegularFile(gauss)) {
			benchmarks.add(geStudy(gauss));
		}
		benchmarks.addAll(loggpPrograms(examples.resolve("loggp-scale")));
		benchmarks.addAll(trace(trace, scratch));
		benchmarks.addAll(mpiReplay(scratch));
		return benchmarks;
	}

	/**
	 * The streamed replay of recorded MPI runs ({@link TraceReplay}) on {@link SyntheticMpiTrace}'s ring of 8 ranks,
	 * written before it is timed into a temporary folder (deleted on exit): 10^6, 10^7 and 10^8 events, the last two only
	 * when named.
	 */
	private static List<Benchmark> mpiReplay(TemporaryDirectory scratch) {
		List<Benchmark> list = new ArrayList<>();
		int[] iterations = { 5, 3, 1 };
		for (int e = 6; e <= 8; e++) {
			long events = (long) Math.pow(10, e);
			Path[] index = { null };
			Runnable write = () -> {
				if (index[0] != null) {
					return;
				}
				try {
					index[0] = SyntheticMpiTrace.write(scratch.resolve("mpi-" + events), events);
				} catch (IOException ex) {
					throw new IllegalStateException("cannot write the trace: " + ex.getMessage(), ex);
				}
			};
			list.add(new Benchmark("mpi-replay-1e" + e, "streamed replay of a recorded MPI run: " + events + " events of 8 "
					+ "ranks around a ring (irecv, isend, waits; every tenth message rendezvous), LogGP at 65536 bytes eager"
					+ (e > 6 ? " (run only when named)" : ""), () -> {
						try {
							TraceReplay.replay(MpiTrace.read(index[0], "mpi-replay", EngineMonitor.NULL),
									new TraceReplay.Options(new LogGP(9, 2, 14, 0.03), LogGPRules.DEFAULT, 65536, 1),
									EngineMonitor.NULL);
						} catch (EngineException ex) {
							throw new IllegalStateException(ex.getMessage(), ex);
						}
					}, new Scale(SyntheticMpiTrace.events(events), "events",
							iterations[e - 6], e > 6, write)));
		}
		return list;
	}

	/** Mean value analysis of large closed networks: 10^4 customers at 1000 centres, and blocks of a million queues. */
	private static List<Benchmark> glamis() {
		List<Station> thousand = new ArrayList<>();
		for (int k = 0; k < 1000; k++) {
			thousand.add(Station.queue("q" + k, 1 + k % 7));
		}
		thousand.add(Station.delay("z", 100));
		List<Station> replicated = List.of(Station.delay("z", 10), Station.block("links", 1_000_000, 1e-3));
		List<Station> matvec = List.of(Station.delay("flops", 120), Station.block("links", 60, 0.2 * 0.5 * 59));
		return List.of(
				new Benchmark("mva-exact-1e4x1e3", "exact MVA of 10^4 customers at 1000 queueing centres and a delay",
						() -> MeanValueAnalysis.exact(thousand, 10_000, EngineMonitor.NULL)),
				new Benchmark("mva-block-1e6", "exact MVA of 10^4 customers at a block of 10^6 identical queues",
						() -> MeanValueAnalysis.exact(replicated, 10_000, EngineMonitor.NULL)),
				new Benchmark("mva-schweitzer-1e3", "Bard-Schweitzer MVA of 10^4 customers at 1000 queueing centres ("
						+ schweitzerIterations(thousand, 10_000) + " iterations)",
						() -> MeanValueAnalysis.schweitzer(thousand, 10_000, MeanValueAnalysis.TOLERANCE,
								MeanValueAnalysis.MAX_ITERATIONS, EngineMonitor.NULL)),
				new Benchmark("glamis-matvec-P60", "Bard-Schweitzer MVA of the paper's matvec model at P = 60 ("
						+ schweitzerIterations(matvec, 60) + " iterations)",
						() -> MeanValueAnalysis.schweitzer(matvec, 60, MeanValueAnalysis.TOLERANCE,
								MeanValueAnalysis.MAX_ITERATIONS, EngineMonitor.NULL)));
	}

	private static long schweitzerIterations(List<Station> stations, long customers) {
		return MeanValueAnalysis.schweitzer(stations, customers, MeanValueAnalysis.TOLERANCE,
				MeanValueAnalysis.MAX_ITERATIONS, EngineMonitor.NULL).iterations();
	}

	/** The run machinery alone: a sweep of {@value #OVERHEAD_POINTS} points of an engine that does no work. */
	private static Benchmark runOverhead() {
		RunRequest request = new RunRequest(Path.of("none"), "none", ParameterBindings.EMPTY,
				List.of(Sweep.parse("x=1.." + OVERHEAD_POINTS)), OptionValues.NONE);
		SweepRunner runner = new SweepRunner();
		Engine noWork = new NoWorkEngine();
		return new Benchmark("run-overhead", "SweepRunner on " + OVERHEAD_POINTS
				+ " points of an engine that does no work (divide by " + OVERHEAD_POINTS + " for the cost per point)",
				() -> runner.run(noWork, request, EngineMonitor.NULL));
	}

	/** The paper's study: the elimination over 14 block sizes, both layouts, both algorithms. */
	private static Benchmark geStudy(Path program) {
		return new Benchmark("loggp-ge-study", "LogGP study of gauss-elim.program: 14 block sizes (10 .. 160) x 2 layouts "
				+ "x 2 algorithms, loading included", () -> {
					try {
						BlockSizeStudy.run(LogGPProgramEngine.load(program, program.toString(),
								"row-striped.layout,diagonal.layout", ""), "b",
								List.of(10.0, 12.0, 16.0, 20.0, 24.0, 30.0, 40.0, 48.0, 60.0, 64.0, 80.0, 96.0, 120.0, 160.0),
								ParameterBindings.EMPTY, List.of(Algorithm.STANDARD, Algorithm.OVERESTIMATE),
								LogGPRules.DEFAULT, EngineMonitor.NULL);
					} catch (org.perfcast.engine.EngineException e) {
						throw new IllegalStateException(e.getMessage(), e);
					}
				});
	}

	/**
	 * LogGP simulations of programs at scale, on examples/loggp-scale (loading included, no operations kept, as
	 * {@code perfcast loggp} without --json): random-steps.program on 4096 processes at 10^5 to 10^8 messages
	 * (steps of at most 10^6 messages), and the binomial broadcast on 2^19 processes.
	 */
	private static List<Benchmark> loggpPrograms(Path dir) {
		Path steps = dir.resolve("random-steps.program");
		Path bcast = dir.resolve("bcast.program");
		if (!Files.isRegularFile(steps) || !Files.isRegularFile(bcast)) {
			return List.of();
		}
		List<Benchmark> list = new ArrayList<>();
		int[] iterations = { 20, 5, 3, 1 };
		for (int e = 5; e <= 8; e++) {
			long messages = (long) Math.pow(10, e);
			long perStep = Math.min(messages, 1_000_000L);
			Map<String, Double> at = Map.of("P", 4096.0, "M", (double) perStep, "S", (double) (messages / perStep));
			list.add(new Benchmark("loggp-program-1e" + e, "LogGP simulation of random-steps.program: " + messages / perStep
					+ " step" + (messages > perStep ? "s" : "") + " of " + perStep + " scattered messages of 1 to 4096 bytes on "
					+ "4096 processes" + (e == 8 ? " (run only when named)" : ""), program(steps, at),
					new Scale(messages, "messages", iterations[e - 5], e == 8)));
		}
		list.add(new Benchmark("loggp-bcast-2e19", "LogGP simulation of bcast.program: a binomial broadcast of 8 bytes on "
				+ "2^19 processes, 19 steps", program(bcast, Map.of("d", 19.0)), new Scale((1 << 19) - 1, "messages", 5,
						false)));
		return list;
	}

	/** Loads {@code file} and simulates it with the standard algorithm at {@code bindings}. */
	private static Runnable program(Path file, Map<String, Double> bindings) {
		return () -> {
			try {
				Program program = LogGPProgramEngine.load(file, file.toString(), "", "").values().iterator().next();
				ProgramSimulation.simulate(program, ParameterBindings.of(bindings),
						new ProgramSimulation.Options(Algorithm.STANDARD, LogGPRules.DEFAULT, false), EngineMonitor.NULL);
			} catch (EngineException e) {
				throw new IllegalStateException(e.getMessage(), e);
			}
		};
	}

	/** The LogGP simulation of a seeded random step of 10^6 messages, by both algorithms. */
	private static List<Benchmark> loggpStep() {
		CommunicationPattern[] pattern = new CommunicationPattern[1];
		LogGP meiko = new LogGP(9, 2, 14, 0.03);
		return List.of(
				new Benchmark("loggp-step-1M", "standard LogGP simulation (figure 2) of a random step of 10^6 messages on"
						+ " 1000 processors (messages per second: 10^9 / median ms)",
						() -> CommunicationSimulation.simulate(randomStep(pattern), meiko, LogGPRules.DEFAULT, EngineMonitor.NULL)),
				new Benchmark("loggp-overestimate-1M", "overestimation (section 4.2) of the same step, cycles broken by"
						+ " forced transmissions",
						() -> OverestimationSimulation.simulate(randomStep(pattern), meiko, LogGPRules.DEFAULT, EngineMonitor.NULL)));
	}

	/** The trace benchmarks run only when named: those of 10^7 events and more besides trace-1e7. */
	static boolean onlyWhenNamed(String name) {
		return name.startsWith("trace-") && (name.endsWith("-1e8") || name.endsWith("-1e9")
				|| name.endsWith("-1e7") && !name.equals("trace-1e7"));
	}

	/**
	 * Trace-driven simulation of synthetic recordings (see {@link SyntheticTrace.Shape}) streamed from their binary
	 * form in {@code scratch} (written on first use, removed with it): replayed as the Direct model on 4
	 * processors simulates them, without timelines. trace-1eN: 8 workers and a main thread, 10^6 to 10^9 events;
	 * trace-SHAPE-1eN: the other shapes at 10^6 and 10^7 events, to show that the cost per event does not grow with
	 * the trace. Events per second: events × 1000 / median ms.
	 */
	private static List<Benchmark> trace(Path given, TemporaryDirectory scratch) {
		List<Benchmark> list = new ArrayList<>();
		for (long events : new long[] { 1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L }) {
			list.add(trace(given, "trace-1e" + (Long.toString(events).length() - 1), SyntheticTrace.Shape.WORKERS, events,
					SimulationModel.DIRECT, "replay and Direct simulation on 4 processors of a synthetic recording of "
							+ events + " events (8 workers) streamed from its binary form", scratch));
		}
		for (long events : new long[] { 1_000_000L, 10_000_000L, 100_000_000L }) {
			list.add(trace(given, "trace-client-server-1e" + (Long.toString(events).length() - 1),
					SyntheticTrace.Shape.WORKERS, events, SimulationModel.CLIENT_SERVER, "replay and Client-Server "
							+ "simulation on 4 processors of the same recording of " + events + " events, streamed: each"
							+ " list after a wait runs when its activation comes", scratch));
		}
		for (SyntheticTrace.Shape shape : List.of(SyntheticTrace.Shape.TOKEN_RING, SyntheticTrace.Shape.LOCKS,
				SyntheticTrace.Shape.THREADS, SyntheticTrace.Shape.SIGNALS)) {
			for (long events : new long[] { 1_000_000L, 10_000_000L }) {
				String what = switch (shape) {
				case TOKEN_RING -> "a token passed around 16 threads (take, post)";
				case LOCKS -> "7 threads queueing for one mutex";
				case THREADS -> SyntheticTrace.MANY_THREADS + " threads, each locking in turn";
				default -> "a producer posting signals that wait for 8 consumers, which block taking";
				};
				list.add(trace(given, "trace-" + shape.id() + "-1e" + (Long.toString(events).length() - 1), shape, events,
						SimulationModel.DIRECT, "streamed Direct simulation on 4 processors of " + events + " events: "
								+ what, scratch));
			}
		}
		return list;
	}

	private static Benchmark trace(Path given, String name, SyntheticTrace.Shape shape, long events,
			SimulationModel model, String description, TemporaryDirectory scratch) {
		Path[] file = { given };
		return new Benchmark(name, (given != null ? "replay and " + model.label() + " simulation on 4 processors of "
				+ given + " streamed from its file" : description) + (onlyWhenNamed(name) ? " (run only when named)"
						: ""), () -> {
			try {
				if (file[0] == null) {
					file[0] = scratch.resolve(name + ".vtraceb");
					try (java.io.OutputStream out = Files.newOutputStream(file[0])) {
						SyntheticTrace.writeBinary(out, shape, events, 1);
					}
				}
				TraceSimulator.simulate(() -> TraceFiles.open(file[0], name), TargetMachine.unbound(4), model,
						new TraceSimulator.Options(0, false), EngineMonitor.NULL);
			} catch (IOException | TraceException e) {
				throw new IllegalStateException(e.getMessage(), e);
			}
		});
	}

	/** The random step of the LogGP benchmarks, made on first use (seed 1, 1000 processors, 1 to 4096 bytes). */
	private static CommunicationPattern randomStep(CommunicationPattern[] cache) {
		if (cache[0] == null) {
			cache[0] = CommunicationPattern.random(1, 1000, 1_000_000, 4096);
		}
		return cache[0];
	}

	/** An engine that returns one summary value at once: what is left to time is the machinery. */
	private static final class NoWorkEngine implements Engine {
		@Override
		public String id() {
			return "no-work";
		}

		@Override
		public String name() {
			return "no work";
		}

		@Override
		public String version() {
			return "0";
		}

		@Override
		public Set<String> fileExtensions() {
			return Set.of();
		}

		@Override
		public EngineResult run(EngineInput input, EngineMonitor monitor) {
			monitor.begin("nothing", 1);
			monitor.worked(1);
			return EngineResult.builder().summary("x", input.bindings().value("x"), "").build();
		}
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		} catch (java.io.IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	private static List<Path> exampleModels(Path examples) {
		if (!Files.isDirectory(examples)) {
			return List.of();
		}
		try (Stream<Path> files = Files.walk(examples)) {
			// the programs of loggp-scale are inputs of their own benchmarks, too large for this one
			return files.filter(f -> f.toString().matches(".*\\.(machine|layout|program)"))
					.filter(f -> !f.startsWith(examples.resolve("loggp-scale"))).sorted().toList();
		} catch (java.io.IOException e) {
			return List.of();
		}
	}
}
