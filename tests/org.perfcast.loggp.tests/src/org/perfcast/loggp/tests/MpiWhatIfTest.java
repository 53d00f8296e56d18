package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.MpiCausalProfile;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.MpiWhatIf;
import org.perfcast.loggp.ReplayEngine;
import org.perfcast.loggp.TraceReplay;

/** What-if edits and causal profiles of MPI traces, against traces changed by hand and replayed. */
class MpiWhatIfTest {

	private static final TraceReplay.Options OPTIONS = new TraceReplay.Options(new LogGP(10, 2, 5, 0.25),
			LogGPRules.DEFAULT, 65536, 1);

	@TempDir
	Path dir;

	/** 4 ranks, 40 rounds of a computation of {@code us[r]} µs and an allreduce of 8 bytes; in a folder of files. */
	private MpiTrace rounds(String name, double... us) throws IOException, EngineException {
		Path folder = Files.createDirectories(dir.resolve(name));
		StringBuilder index = new StringBuilder("ranks " + us.length + "\n");
		for (int r = 0; r < us.length; r++) {
			index.append("rank ").append(r).append(" rank-").append(r).append(".txt\n");
			StringBuilder events = new StringBuilder();
			for (int i = 0; i < 40; i++) {
				events.append("compute ").append(us[r]).append("\nallreduce 0 8\n");
			}
			Files.writeString(folder.resolve("rank-" + r + ".txt"), events);
		}
		Files.writeString(folder.resolve("trace.mpitrace"), index);
		return MpiTrace.read(folder, name, EngineMonitor.NULL);
	}

	private static double T(MpiTrace trace, TraceReplay.Options options) throws EngineException {
		return TraceReplay.replay(trace, options, EngineMonitor.NULL).T();
	}

	private static double T(MpiTrace trace, List<MpiWhatIf.Edit> edits) throws EngineException {
		return MpiWhatIf.replay(trace, MpiWhatIf.segments(trace, EngineMonitor.NULL), OPTIONS, edits,
				EngineMonitor.NULL).T();
	}

	@Test
	void testBalancingOneSlowRankGivesTheBalancedTrace() throws Exception {
		MpiTrace imbalanced = rounds("imbalanced", 100, 100, 300, 100);
		MpiTrace balanced = rounds("balanced", 150, 150, 150, 150);
		double before = T(imbalanced, OPTIONS);
		double after = T(imbalanced, List.of(new MpiWhatIf.Balance()));
		assertEquals(T(balanced, OPTIONS), after, 1e-9 * after);
		assertTrue(before > after * 1.5, before + " against " + after);
		// balancing a balanced trace changes nothing
		assertEquals(T(balanced, OPTIONS), T(balanced, List.of(new MpiWhatIf.Balance())), 1e-9);
	}

	@Test
	void testSpeedUpOfARankAndOfAnIntervalGiveTheChangedTrace() throws Exception {
		MpiTrace trace = rounds("trace", 100, 100, 300, 100);
		// rank 2's computation 40 % faster: 300 -> 180
		assertEquals(T(rounds("rank2", 100, 100, 180, 100), OPTIONS), T(trace, List.of(new MpiWhatIf.SpeedUp(
				MpiWhatIf.location("rank 2"), 0.4))), 1e-9);
		// every rank's computation between two allreduces halved (the first round's, after start, is not)
		double halved = T(trace, List.of(new MpiWhatIf.SpeedUp(MpiWhatIf.location("allreduce..allreduce"), 0.5)));
		double all = T(trace, List.of(new MpiWhatIf.SpeedUp(MpiWhatIf.location("allreduce..allreduce"), 0.5),
				new MpiWhatIf.SpeedUp(MpiWhatIf.location("start..allreduce"), 0.5)));
		assertEquals(T(rounds("half", 50, 50, 150, 50), OPTIONS), all, 1e-9);
		assertTrue(halved > all && halved < T(trace, OPTIONS), halved + " " + all);
	}

	@Test
	void testALocationOffTheCriticalPathHasAFlatCurve() throws Exception {
		MpiTrace trace = rounds("trace", 100, 100, 300, 100);
		MpiWhatIf.Segments segments = MpiWhatIf.segments(trace, EngineMonitor.NULL);
		MpiCausalProfile.Profile p = MpiCausalProfile.compute(trace, segments, OPTIONS, List.of(), List.of(MpiWhatIf
				.location("rank 0"), MpiWhatIf.location("rank 2")), new double[] { 0, 0.25, 0.5, 0.75, 1 }, 2,
				EngineMonitor.NULL);
		assertEquals(T(trace, OPTIONS), p.recorded(), 1e-9);
		assertEquals(p.recorded(), p.baseline(), 1e-9);
		MpiCausalProfile.Curve first = p.curves().get(0);
		MpiCausalProfile.Curve second = p.curves().get(1);
		assertEquals("rank 2", first.location().key());
		assertEquals("rank 0", second.location().key());
		for (MpiCausalProfile.Point point : second.points()) {
			assertEquals(1, p.programSpeedup(point), 1e-12, "at " + point.speedup());
		}
		double previous = 0;
		for (MpiCausalProfile.Point point : first.points()) {
			assertTrue(p.programSpeedup(point) >= previous, "rank 2's curve rises");
			previous = p.programSpeedup(point);
		}
		assertTrue(first.gain() > 1.3, "rank 2 halved: " + first.gain());
		assertEquals(40 * 300, first.work(), 1e-9);
		// with the ranks balanced first, rank 0 is on the critical path too
		MpiCausalProfile.Profile q = MpiCausalProfile.compute(trace, segments, OPTIONS, List.of(new MpiWhatIf
				.Balance()), List.of(MpiWhatIf.location("rank 0")), new double[] { 0, 1 }, 1, EngineMonitor.NULL);
		assertEquals(40 * 150, q.curves().get(0).work(), 1e-9);
		assertEquals(T(trace, List.of(new MpiWhatIf.Balance())), q.baseline(), 1e-9);
		assertTrue(q.recorded() / q.baseline() > 1.5);
	}

	@Test
	void testMachineEditsAreTheReplaysParameters() throws Exception {
		MpiTrace trace = rounds("trace", 10, 10, 30, 10);
		MpiWhatIf.Machine m = MpiWhatIf.Machine.parse("L=50, o=1,speed=2");
		TraceReplay.Options changed = new TraceReplay.Options(new LogGP(50, 1, 5, 0.25), LogGPRules.DEFAULT, 65536, 2);
		assertEquals(T(trace, changed), T(trace, List.of(m)), 1e-9);
		// combined: balance, then the machine
		double both = T(trace, List.of(new MpiWhatIf.Balance(), m));
		assertEquals(T(rounds("balanced", 15, 15, 15, 15), changed), both, 1e-9);
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.Machine.parse("L=-1"));
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.Machine.parse("P=4"));
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.Machine.parse("speed=0"));
	}

	@Test
	void testSegmentsAreNamedByTheCallsAroundThem() throws Exception {
		Path file = Files.writeString(dir.resolve("t.mpitrace"), """
				ranks 2
				rank 0
				compute 5
				send 1 0 0 41
				compute 7
				recv 1 0 0 41
				compute 2
				rank 1
				recv 0 0 0 41
				compute 3
				send 0 0 0 41
				""");
		MpiTrace trace = MpiTrace.read(file, "t.mpitrace", EngineMonitor.NULL);
		MpiWhatIf.Segments s = MpiWhatIf.segments(trace, EngineMonitor.NULL);
		double[][] f = s.factors(List.of());
		assertEquals(14, s.total(0), 1e-12);
		assertEquals(7, s.work(MpiWhatIf.location("rank 0 send..recv"), f), 1e-12);
		assertEquals(7, s.work(MpiWhatIf.location("send..recv"), f), 1e-12); // rank 1 computes between recv and send
		assertEquals(3, s.work(MpiWhatIf.location("recv..send"), f), 1e-12);
		assertEquals(2, s.work(MpiWhatIf.location("rank 0 recv..end"), f), 1e-12);
		assertEquals(5, s.work(MpiWhatIf.location("start..send"), f), 1e-12);
		List<String> top = s.top(f, 10).stream().map(MpiWhatIf.Location::key).toList();
		assertEquals("rank 0", top.get(0));
		assertTrue(top.containsAll(List.of("rank 0 send..recv", "send..recv", "rank 1 recv..send", "rank 1")), top
				.toString());
		assertEquals(new MpiWhatIf.Segment(Optional.of(3), "wait", "isend"), MpiWhatIf.location("rank 3: wait..isend"));
		assertThrows(IllegalArgumentException.class, () -> s.work(MpiWhatIf.location("rank 0 bcast..send"), f));
		assertThrows(IllegalArgumentException.class, () -> s.work(MpiWhatIf.location("rank 2"), f));
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.location("rank x"));
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.location("send"));
		assertThrows(IllegalArgumentException.class, () -> new MpiWhatIf.SpeedUp(MpiWhatIf.location("rank 0"), 1.5));
	}

	@Test
	void testTheReplayEnginesWhatIfOptionSweepsWithTheEdits() throws Exception {
		rounds("imbalanced", 100, 100, 300, 100);
		rounds("balanced", 150, 150, 150, 150);
		ReplayEngine engine = new ReplayEngine();
		Map<String, String> machine = Map.of("L", "10", "o", "2", "g", "5", "G", "0.25");
		java.util.function.BiFunction<String, ParameterBindings, Double> T = (name, bindings) -> {
			try {
				Map<String, String> options = new java.util.HashMap<>(machine);
				if (name.startsWith("imbalanced ")) {
					options.put("whatIf", name.substring(11));
				}
				Path folder = dir.resolve(name.startsWith("imbalanced") ? "imbalanced" : name);
				return engine.run(new EngineInput(folder, name, bindings, OptionValues.of(engine.options(), options)),
						EngineMonitor.NULL).summary().get(0).value();
			} catch (EngineException e) {
				throw new IllegalStateException(e);
			}
		};
		assertEquals(T.apply("balanced", ParameterBindings.EMPTY), T.apply("imbalanced balance", ParameterBindings.EMPTY),
				1e-9);
		// with a sweep's parameter: the edits and the bound L together
		assertEquals(T.apply("balanced", ParameterBindings.EMPTY.with("L", 40)), T.apply("imbalanced balance; ",
				ParameterBindings.EMPTY.with("L", 40)), 1e-9);
		assertEquals(T.apply("balanced", ParameterBindings.EMPTY.with("speed", 2)), T.apply(
				"imbalanced faster rank 0=0; balance; loggp speed=2", ParameterBindings.EMPTY), 1e-9);
		assertEquals(List.of(new MpiWhatIf.Balance(), new MpiWhatIf.SpeedUp(new MpiWhatIf.RankWork(1), 0.25)),
				MpiWhatIf.edits("balance; faster rank 1=0.25"));
		assertThrows(IllegalArgumentException.class, () -> MpiWhatIf.edits("remove-lock m"));
		assertThrows(IllegalStateException.class, () -> T.apply("imbalanced faster rank 9=0.5", ParameterBindings.EMPTY));
	}
}
