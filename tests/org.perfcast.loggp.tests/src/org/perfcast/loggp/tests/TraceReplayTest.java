package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.Schedule;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.CommunicationSimulation;
import org.perfcast.loggp.LogGP;
import org.perfcast.loggp.LogGPRules;
import org.perfcast.loggp.Message;
import org.perfcast.loggp.MpiTrace;
import org.perfcast.loggp.ReplayEngine;
import org.perfcast.loggp.TraceReplay;

/** Replays of hand-written traces with exact times (L = 10, o = 2, g = 5, G = 0.25 µs). */
class TraceReplayTest {

	private static final LogGP MACHINE = new LogGP(10, 2, 5, 0.25);

	@TempDir
	Path dir;

	private Path write(String name, String text) throws IOException {
		return Files.writeString(dir.resolve(name), text);
	}

	private TraceReplay.Result replay(String text, long eager) throws IOException, EngineException {
		Path file = write("t.mpitrace", text);
		MpiTrace trace = MpiTrace.read(file, "t.mpitrace", EngineMonitor.NULL);
		return TraceReplay.replay(trace, new TraceReplay.Options(MACHINE, LogGPRules.DEFAULT, eager, 1),
				EngineMonitor.NULL);
	}

	private static final String PING_PONG = """
			ranks 2
			rank 0
			compute 5
			send 1 0 0 41
			recv 1 0 0 41
			rank 1
			recv 0 0 0 41
			compute 3
			send 0 0 0 41
			""";

	@Test
	void testEagerPingPong() throws Exception {
		// rank 0 sends 5..17 (o + 40G = 12), the message can be received from 5 + o + L = 17; rank 1 receives
		// 17..29, computes to 32, sends 32..44; rank 0 receives from 44 to 56
		TraceReplay.Result r = replay(PING_PONG, 65536);
		assertEquals(56, r.T(), 1e-9);
		assertEquals(5, r.compute()[0], 1e-9);
		assertEquals(24, r.communication()[0], 1e-9);
		assertEquals(27, r.waiting()[0], 1e-9);
		assertEquals(32 - 3 - 12, r.waiting()[1], 1e-9);
		assertEquals(44, r.end()[1], 1e-9);
		Schedule s = r.schedule().orElseThrow();
		assertEquals(2, s.messages().size());
		assertEquals(5, s.messages().get(0).sendTime(), 1e-9);
		assertEquals(17, s.messages().get(0).receiveTime(), 1e-9);
	}

	private static final String LATE_RECEIVER = """
			ranks 2
			rank 0
			send 1 0 0 41
			recv 1 0 0 41
			rank 1
			compute 20
			recv 0 0 0 41
			send 0 0 0 41
			""";

	@Test
	void testEagerAgainstRendezvous() throws Exception {
		// eager: rank 0 sends at 0; rank 1 receives 20..32 and sends from 32 + max(2o, g) - 2o = 33 to 45;
		// rank 0 receives 45..57
		assertEquals(57, replay(LATE_RECEIVER, 41).T(), 1e-9);
		// rendezvous (41 bytes above an eager limit of 40): rank 0's send waits for the receive posted at 20
		// and takes 20..32; rank 1 receives 32..44, sends at 45 (its receive is posted at 32) until 57; rank 0
		// receives 57..69
		TraceReplay.Result r = replay(LATE_RECEIVER, 40);
		assertEquals(69, r.T(), 1e-9);
		assertEquals(20 + (57 - 32), r.waiting()[0], 1e-9);
		assertTrue(r.schedule().orElseThrow().timelines().get(0).intervals().get(0).label().startsWith("wait for rank 1"));
	}

	@Test
	void testRingIsTheStepSimulatorsStep() throws Exception {
		StringBuilder text = new StringBuilder("ranks 4\n");
		List<Message> messages = new ArrayList<>();
		for (int p = 0; p < 4; p++) {
			text.append("rank ").append(p).append('\n').append("irecv ").append((p + 3) % 4).append(" 7 0 1000 1\n")
					.append("isend ").append((p + 1) % 4).append(" 7 0 1000 2\nwait 1\nwait 2\n");
			messages.add(new Message(p, (p + 1) % 4, 1000));
		}
		TraceReplay.Result r = replay(text.toString(), 65536);
		double step = CommunicationSimulation.simulate(CommunicationPattern.of(messages, 4), MACHINE, LogGPRules.DEFAULT,
				EngineMonitor.NULL).T();
		// each sends 0..251.75 (o + 999G), receives from 251.75 + g = 256.75 for 251.75
		assertEquals(508.5, r.T(), 1e-9);
		assertEquals(step, r.T(), 1e-9);
	}

	/**
	 * A receive from any source that the program cancels (hpcc's RandomAccess posts one and cancels it at the end)
	 * takes no message: the ping-pong replays as without it.
	 */
	@Test
	void testCancelledReceive() throws Exception {
		TraceReplay.Result r = replay("ranks 2\nrank 0\nirecv any any 0 8 9\ncompute 5\nsend 1 0 0 41\nrecv 1 0 0 41\n"
				+ "cancel 9\nrank 1\nirecv any any 0 8 4\ncancel 4\nrecv 0 0 0 41\ncompute 3\nsend 0 0 0 41\n", 65536);
		assertEquals(56, r.T(), 1e-9);
		EngineException e = assertThrows(EngineException.class, () -> replay("ranks 1\nrank 0\nisend 0 1 0 8 3\ncancel 3\n"
				+ "irecv 0 1 0 8 4\nwait 3\nwait 4 0 1 8\n", 65536));
		assertTrue(e.getMessage().contains("only a receive's cancel is replayed"), e.getMessage());
	}

	@Test
	void testBinomialBroadcast() throws Exception {
		// root 0 sends to 2 (0..12) then to 1 (from 0 + 40G + g = 15 to 27); rank 2 receives 12..24 and sends to 3
		// at 25..37; rank 1 receives 27..39; rank 3 37..49
		TraceReplay.Result r = replay("ranks 4\nrank 0\nbcast 0 0 41\nrank 1\nbcast 0 0 41\nrank 2\nbcast 0 0 41\n"
				+ "rank 3\nbcast 0 0 41\n", 65536);
		assertEquals(49, r.T(), 1e-9);
		assertEquals(List.of(27.0, 39.0, 37.0, 49.0), List.of(r.end()[0], r.end()[1], r.end()[2], r.end()[3]));
		assertEquals(3, r.messages());
	}

	@Test
	void testCollectivesOnThreeRanksAndASplitCommunicator() throws Exception {
		// barrier on 3 ranks: rank 0 folds into 1, 1 and 2 exchange, 1 answers 0 (4 messages); alltoall pairwise: 6;
		// a broadcast on communicator 2 = {0, 2} rooted at 2: 1
		StringBuilder text = new StringBuilder("ranks 3\n");
		for (int p = 0; p < 3; p++) {
			text.append("rank ").append(p).append("\nbarrier 0\nalltoall 0 64\n");
			if (p != 1) {
				text.append("comm 2 0 2\nbcast 2 2 8\n");
			}
		}
		TraceReplay.Result r = replay(text.toString(), 65536);
		assertEquals(11, r.messages());
		assertTrue(r.T() > 0);
	}

	@Test
	void testWildcardReceivesTakeTheRecordedSource() throws Exception {
		// rank 0 receives from any source; the wait says rank 2's message came (after a computation of 50)
		TraceReplay.Result r = replay("""
				ranks 3
				rank 0
				irecv any any 0 8 1
				wait 1 2 9 8
				recv 1 4 0 8
				rank 1
				send 0 4 0 8
				rank 2
				compute 50
				send 0 9 0 8
				""", 65536);
		// rank 2 sends 50..53.75, rank 0 receives from 62 to 65.75, then rank 1's message (there since 12) from
		// 62 + 7G + g = 68.75 to 72.5
		assertEquals(72.5, r.T(), 1e-9);
	}

	@Test
	void testMalformedTracesAreLocated() throws Exception {
		EngineException e = assertThrows(EngineException.class, () -> replay("ranks 2\nrank 0\nsend 1 0 0 x\nrank 1\n",
				65536));
		assertEquals("t.mpitrace:3:1: error: a byte count is a whole number from 0 to 1099511627776, not 'x'",
				e.diagnostics().get(0).toString());
		e = assertThrows(EngineException.class, () -> replay("ranks 2\nrank 0\nsnd 1 0 0 4\nrank 1\n", 65536));
		assertTrue(e.diagnostics().get(0).toString().startsWith("t.mpitrace:3:1: error: unknown event 'snd'"),
				e.diagnostics().get(0).toString());
		e = assertThrows(EngineException.class, () -> replay("ranks 2\nrank 0\nrecv 1 0 0 4\nrank 1\n", 65536));
		assertTrue(e.diagnostics().get(0).toString().startsWith("t.mpitrace:3:1: error: the receive from rank 1 with tag "
				+ "0 on communicator 0 has no matching send"), e.diagnostics().get(0).toString());
		e = assertThrows(EngineException.class, () -> replay("ranks 2\nrank 0\nwait 3\nrank 1\n", 65536));
		assertTrue(e.diagnostics().get(0).toString().startsWith("t.mpitrace:3:1: error: no open request 3"));
		e = assertThrows(EngineException.class, () -> replay("ranks 3\nrank 0\nrank 1\n", 65536));
		assertTrue(e.diagnostics().get(0).toString().contains("rank 2 of 3 has no events"));
		// two rendezvous sends first: a deadlock, named at both ranks' lines
		e = assertThrows(EngineException.class, () -> replay("ranks 2\nrank 0\nssend 1 0 0 4\nrecv 1 0 0 4\nrank 1\n"
				+ "ssend 0 0 0 4\nrecv 0 0 0 4\n", 65536));
		String text = e.diagnostics().get(0).toString();
		assertTrue(text.startsWith("t.mpitrace:3:1: error: the ranks deadlock: rank 0 at t.mpitrace:3 waits for rank 1 "
				+ "to post the receive"), text);
		assertTrue(text.contains("rank 1 at t.mpitrace:6 waits"), text);
		// events in per-rank files: errors name that file
		write("rank-0.txt", "compute 1\ncompute -2\n");
		write("rank-1.txt", "");
		Path index = write("trace.mpitrace", "ranks 2\nrank 0 rank-0.txt\nrank 1 rank-1.txt\n");
		e = assertThrows(EngineException.class, () -> TraceReplay.replay(MpiTrace.read(dir, "tr", EngineMonitor.NULL),
				new TraceReplay.Options(MACHINE, LogGPRules.DEFAULT, 65536, 1), EngineMonitor.NULL));
		assertTrue(e.diagnostics().get(0).toString().startsWith("tr/rank-0.txt:2:1: error: a computation lasts"),
				e.diagnostics().get(0).toString());
		assertTrue(Files.isRegularFile(index));
	}

	@Test
	void testEngineSweepsLatencyAndSpeed() throws Exception {
		Path file = write("pp.mpitrace", PING_PONG);
		ReplayEngine engine = new ReplayEngine();
		Map<String, String> options = Map.of("L", "10", "o", "2", "g", "5", "G", "0.25");
		EngineResult base = engine.run(new EngineInput(file, "pp.mpitrace", ParameterBindings.EMPTY, OptionValues.of(
				engine.options(), options)), EngineMonitor.NULL);
		assertEquals(56, base.summary().get(0).value(), 1e-9);
		// L = 20: both messages take 10 more
		EngineResult slower = engine.run(new EngineInput(file, "pp.mpitrace", ParameterBindings.EMPTY.with("L", 20),
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
		assertEquals(76, slower.summary().get(0).value(), 1e-9);
		// computing twice as fast: 4 less
		EngineResult faster = engine.run(new EngineInput(file, "pp.mpitrace", ParameterBindings.EMPTY.with("speed", 2),
				OptionValues.of(engine.options(), options)), EngineMonitor.NULL);
		assertEquals(52, faster.summary().get(0).value(), 1e-9);
		assertEquals(List.of("rank", "end", "compute", "communication", "waiting"), base.tables().get(0).columns());
		assertEquals(List.of("0", "56 (T)", "5", "24", "27"), base.tables().get(0).rows().get(0));
		assertEquals(2, base.schedules().get(0).timelines().size());
	}

	@Test
	void testMachineModelGivesLogGP() throws Exception {
		Path file = write("pp.mpitrace", PING_PONG);
		write("m.machine", """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:machine="http://perfcast.org/model/machine/1.0" name="m" timeUnit="us">
				  <communication latency="10" overhead="2" gap="5" gapPerByte="0.25"/>
				</machine:Machine>
				""");
		ReplayEngine engine = new ReplayEngine();
		EngineResult r = engine.run(new EngineInput(file, "pp.mpitrace", ParameterBindings.EMPTY, OptionValues.of(
				engine.options(), Map.of("machine", "m.machine"))), EngineMonitor.NULL);
		assertEquals(56, r.summary().get(0).value(), 1e-9);
	}
}
