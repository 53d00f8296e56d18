package org.perfcast.trace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.trace.Recording;
import org.perfcast.trace.Simulation;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceReader;
import org.perfcast.trace.TraceSimulator;

/** Asynchronous signals (post and take), as semaphores, condition signals and queues record them. */
class SignalsTest {

	private static Recording recording(String text) throws TraceException {
		return Recording.of(TraceReader.read(text, "s.vtrace"));
	}

	/** A producer posts three items, a consumer of higher priority takes them. */
	@Test
	void testProducerConsumer() throws TraceException {
		Recording recording = recording("""
				@priority C > P
				0 P create C
				2 C take item
				5 P post item
				6 C take item
				9 P post item
				10 C take item
				13 P post item
				14 C exit
				15 P exit
				""");
		for (SimulationModel model : List.of(SimulationModel.DIRECT, SimulationModel.CLIENT_SERVER,
				SimulationModel.STRICT_SEQUENCE)) {
			assertEquals(15.0, TraceSimulator.simulate(recording, TargetMachine.unbound(1), model).completion(),
					model + " replays the recording on one processor");
			Simulation two = TraceSimulator.simulate(recording, TargetMachine.unbound(2), model);
			assertEquals(10.0, two.completion(), model + ": the consumer takes each item as soon as it is posted");
			assertEquals(3, two.activations().size(), "an arrow per item");
		}
	}

	/** Two producers: Strict Sequence waits for the signal the recording paired, Direct takes the first. */
	@Test
	void testStrictSequenceKeepsTheRecordedPairs() throws TraceException {
		Recording recording = recording("""
				0 M create A cpu=0
				0 M create B cpu=0
				0 M take x cpu=0
				10 A post x cpu=10
				10 A exit cpu=10
				11 B post x cpu=1
				11 B exit cpu=1
				16 M take x cpu=5
				16 M exit cpu=5
				""");
		TargetMachine three = TargetMachine.unbound(3);
		assertEquals(10.0, TraceSimulator.simulate(recording, three, SimulationModel.DIRECT).completion(),
				"M takes B's signal at 1, works 5, then A's at 10");
		assertEquals(15.0, TraceSimulator.simulate(recording, three, SimulationModel.STRICT_SEQUENCE).completion(),
				"M waits for A's signal at 10, works 5, then takes B's waiting one");
	}

	@Test
	void testUntakenTakeIsAnErrorAndABlockedTakerIsReported() throws TraceException {
		TraceException e = assertThrows(TraceException.class, () -> recording("0 M take x\n"));
		assertEquals("s.vtrace: the recording ends with M taking x: a finished recording has no blocked thread",
				e.toString());
		assertEquals("s.vtrace:1: 'post' takes 1 argument (post SIGNAL), got 0", assertThrows(TraceException.class,
				() -> recording("0 M post\n")).toString());
	}
}
