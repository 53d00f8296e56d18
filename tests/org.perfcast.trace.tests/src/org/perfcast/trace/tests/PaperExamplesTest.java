package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;

/** Every number the paper states for its programs P, Q and R (tables 1 to 3, sections 2 to 4). */
class PaperExamplesTest {

	static Recording recording(String name) throws IOException, TraceException {
		Path file = Path.of(System.getProperty("perfcast.examples", "../../examples"), "vppb", name);
		return Recording.of(TraceReader.read(Files.readString(file), name));
	}

	private static Simulation run(String name, SimulationModel model, Map<String, Integer> binding)
			throws IOException, TraceException {
		return TraceSimulator.simulate(recording(name), new TargetMachine(binding.values().stream()
				.mapToInt(Integer::intValue).max().orElse(0) + 1, binding), model);
	}

	private static final Map<String, Integer> P_BINDING = Map.of("P1", 0, "P2", 0, "P3", 1, "P4", 1);
	private static final Map<String, Integer> Q_BINDING = Map.of("P1", 0, "P2", 1, "P3", 2);
	private static final Map<String, Integer> R_BINDING = Map.of("P1", 0, "P2", 1, "P3", 2, "P4", 3);

	@Test
	void testProgramPOnTwoProcessors() throws Exception {
		assertEquals(11.0, run("p.vtrace", SimulationModel.CLIENT_SERVER, P_BINDING).completion(),
				"section 3: a Client-Server model of P completes at 11");
		assertEquals(12.0, run("p.vtrace", SimulationModel.STRICT_SEQUENCE, P_BINDING).completion(),
				"section 4: a Strict Sequence model of P completes at 12");
		Simulation direct = run("p.vtrace", SimulationModel.DIRECT, P_BINDING);
		assertEquals(10.0, direct.completion(), "figure 2: the Direct model, below both");
		Simulation auto = run("p.vtrace", SimulationModel.AUTO, P_BINDING);
		assertEquals(SimulationModel.DIRECT, auto.model());
	}

	@Test
	void testProgramQOneProcessorPerThread() throws Exception {
		Simulation direct = run("q.vtrace", SimulationModel.DIRECT, Q_BINDING);
		assertNull(direct.completion(), "section 2: Q' deadlocks");
		assertEquals(7.0, direct.deadlock().time(), "P1 blocks at 5 activating P2, P2 at 7 activating P1");
		assertEquals(List.of(new Simulation.Blocked("P1", "activating P2 with X"),
				new Simulation.Blocked("P2", "activating P1 with X"), new Simulation.Blocked("P3", "waiting for X")),
				direct.deadlock().blocked());
		assertEquals(13.0, run("q.vtrace", SimulationModel.STRICT_SEQUENCE, Q_BINDING).completion(),
				"section 4: Strict Sequence gives 13");
		Simulation clientServer = run("q.vtrace", SimulationModel.CLIENT_SERVER, Q_BINDING);
		assertEquals(10.0, clientServer.completion(), "figure 7: Q'' does not deadlock");
		Simulation auto = run("q.vtrace", SimulationModel.AUTO, Q_BINDING);
		assertEquals(SimulationModel.CLIENT_SERVER, auto.model());
		assertTrue(auto.choice().startsWith("auto: Direct deadlocks (deadlock at 7: P1 activating P2 with X;"),
				auto.choice());
	}

	@Test
	void testProgramROneProcessorPerThread() throws Exception {
		assertTrue(run("r.vtrace", SimulationModel.DIRECT, R_BINDING).deadlocked(), "section 3: R' deadlocks");
		Simulation clientServer = run("r.vtrace", SimulationModel.CLIENT_SERVER, R_BINDING);
		assertTrue(clientServer.deadlocked(), "figure 10: R'' deadlocks");
		assertEquals(List.of(new Simulation.Blocked("P1", "activating P2 with X"),
				new Simulation.Blocked("P2", "activating P1 with X"), new Simulation.Blocked("P3",
						"between lists, waiting for X from P1")), clientServer.deadlock().blocked(),
				"P1 sends to P2, which is not waiting; P2 sends to P1, which is blocked; P3 waits for P1");
		assertEquals(21.0, run("r.vtrace", SimulationModel.STRICT_SEQUENCE, R_BINDING).completion(),
				"figure 12: R''' takes 21 time units");
		Simulation auto = run("r.vtrace", SimulationModel.AUTO, R_BINDING);
		assertEquals(SimulationModel.STRICT_SEQUENCE, auto.model());
		assertEquals(21.0, auto.completion());
	}

	/** On one processor every model replays the recording: each thread exits when it did. */
	@Test
	void testOneProcessorReproducesTheRecording() throws Exception {
		Map<String, double[]> exits = Map.of("p.vtrace", new double[] { 12, 8, 15, 18 }, "q.vtrace",
				new double[] { 20, 14, 21 }, "r.vtrace", new double[] { 38, 29, 32, 39 });
		for (String name : exits.keySet()) {
			Recording recording = recording(name);
			for (SimulationModel model : List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
					SimulationModel.STRICT_SEQUENCE)) {
				Simulation one = TraceSimulator.simulate(recording, TargetMachine.unbound(1), model);
				if (model == SimulationModel.CLIENT_SERVER && one.deadlocked()) {
					continue;
				}
				assertEquals(recording.end(), one.completion(), name + " " + model);
				double[] exit = one.threads().stream().mapToDouble(Simulation.ThreadTimeline::exit).toArray();
				assertEquals(java.util.Arrays.toString(exits.get(name)), java.util.Arrays.toString(exit), name + " "
						+ model);
			}
			assertEquals(recording.end(), TraceSimulator.oneProcessor(recording, TraceSimulator.Options.DEFAULT,
					org.perfcast.engine.EngineMonitor.NULL));
		}
	}
}
