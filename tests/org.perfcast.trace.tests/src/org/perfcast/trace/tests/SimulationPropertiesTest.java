package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.trace.EventKind;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.ThreadProgram;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceSimulator;

/** Properties of simulations of 300 generated recordings. */
class SimulationPropertiesTest {

	private static final List<SimulationModel> MODELS = List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
			SimulationModel.STRICT_SEQUENCE, SimulationModel.AUTO);

	/**
	 * A bound no schedule can beat: each thread's own work after the work its creators did before creating it,
	 * and the total work shared by all processors.
	 */
	private static double lowerBound(Recording recording, int processors) {
		Map<Integer, Double> start = new HashMap<>();
		start.put(0, 0.0);
		double bound = recording.totalWork() / processors;
		for (int t = 0; t < recording.threads().size(); t++) {
			ThreadProgram p = recording.program(t);
			double before = start.getOrDefault(t, 0.0);
			double done = 0;
			for (int i = 0; i < p.size(); i++) {
				done += p.work(i);
				if (p.kind(i) == EventKind.CREATE) {
					start.put(p.arg(i), before + done);
				}
			}
			bound = Math.max(bound, before + done);
		}
		return bound;
	}

	@Test
	void testPropertiesOnGeneratedRecordings() throws Exception {
		for (long seed = 0; seed < 300; seed++) {
			Trace trace = RandomTraces.generate(seed);
			Recording recording = Recording.of(trace);
			double one = TraceSimulator.oneProcessor(recording, TraceSimulator.Options.DEFAULT, EngineMonitor.NULL);
			assertEquals(recording.totalWork(), one, 1e-9, seed + ": one processor is never idle");
			int threads = recording.threads().size();
			for (int processors : new int[] { 1, 2, 3, threads }) {
				TargetMachine machine = TargetMachine.unbound(processors);
				for (SimulationModel model : MODELS) {
					Simulation s = TraceSimulator.simulate(recording, machine, model);
					String what = seed + " " + model + " on " + processors;
					if (model == SimulationModel.STRICT_SEQUENCE || model == SimulationModel.AUTO) {
						assertFalse(s.deadlocked(), what + ": Strict Sequence never deadlocks on a recording");
					}
					if (s.deadlocked()) {
						continue;
					}
					assertTrue(s.completion() >= lowerBound(recording, processors) - 1e-9, what + ": beats the bound");
					assertTrue(one / s.completion() <= processors + 1e-9, what + ": speedup above the processor count");
					List<Simulation.PathSegment> path = s.criticalPath();
					assertEquals(0, path.get(0).start(), what);
					assertEquals(s.completion(), path.get(path.size() - 1).end(), 1e-9, what);
					for (int k = 1; k < path.size(); k++) {
						assertEquals(path.get(k - 1).end(), path.get(k).start(), 1e-9, what + ": the path is a chain");
					}
					assertEquals(s, TraceSimulator.simulate(recording, machine, model), what + ": deterministic");
				}
			}
			Map<String, Integer> own = new HashMap<>();
			for (int t = 0; t < threads; t++) {
				own.put(recording.threads().get(t), t);
			}
			for (SimulationModel model : MODELS) {
				Simulation unbound = TraceSimulator.simulate(recording, TargetMachine.unbound(threads), model);
				Simulation each = TraceSimulator.simulate(recording, new TargetMachine(threads, own), model);
				assertEquals(unbound.completion(), each.completion(), seed + " " + model
						+ ": as many processors as threads, bound or not");
			}
		}
	}

	@Test
	void testMoreProcessorsNeverSlowerWithOneThreadEach() throws Exception {
		for (long seed = 0; seed < 100; seed++) {
			Recording recording = Recording.of(RandomTraces.generate(seed));
			int threads = recording.threads().size();
			Simulation all = TraceSimulator.simulate(recording, TargetMachine.unbound(threads),
					SimulationModel.STRICT_SEQUENCE);
			Simulation more = TraceSimulator.simulate(recording, TargetMachine.unbound(threads + 3),
					SimulationModel.STRICT_SEQUENCE);
			assertEquals(all.completion(), more.completion(), "processors beyond one per thread stay idle");
		}
	}
}
