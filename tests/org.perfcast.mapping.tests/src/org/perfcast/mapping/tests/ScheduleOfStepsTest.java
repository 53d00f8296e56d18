package org.perfcast.mapping.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Rational;
import org.perfcast.mapping.ExecutionModel;
import org.perfcast.mapping.GeneralExecutionModel;
import org.perfcast.mapping.ProcessorTime;
import org.perfcast.mapping.ScheduleOfSteps;
import org.perfcast.mapping.ScheduleOfSteps.Activity;
import org.perfcast.mapping.ScheduleOfSteps.Kind;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.Topology;
import org.perfcast.model.program.IndexRange;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/** The schedule of the general model's global pass: it adds up to the model, on the examples and on random programs. */
class ScheduleOfStepsTest {

	/**
	 * Every processor's activities follow one another from 0 without gaps or overlaps and end at T_p; computing
	 * adds up to SEQ_p and waiting to SD_p; so the makespan is T. Messages arrive no earlier than they leave.
	 */
	private static void assertAddsUp(ScheduleOfSteps schedule, ExecutionModel model, String what) {
		assertEquals(model, schedule.model(), what);
		for (ProcessorTime t : model.processors()) {
			List<Activity> activities = schedule.activities().get(t.processor());
			Rational clock = Rational.ZERO;
			Rational compute = Rational.ZERO;
			Rational wait = Rational.ZERO;
			for (Activity a : activities) {
				assertEquals(clock, a.start(), what + ": processor " + t.processor() + " at " + a);
				assertTrue(a.end().compareTo(a.start()) > 0, what + ": " + a);
				clock = a.end();
				compute = a.kind() == Kind.COMPUTE ? compute.add(a.end().subtract(a.start())) : compute;
				wait = a.kind() == Kind.WAIT ? wait.add(a.end().subtract(a.start())) : wait;
			}
			assertEquals(t.T(), clock, what + ": processor " + t.processor() + " ends at T_p");
			assertEquals(t.SEQ(), compute, what + ": computing is SEQ_" + t.processor());
			assertEquals(t.SD(), wait, what + ": waiting is SD_" + t.processor());
		}
		assertEquals(model.T(), schedule.makespan(), what + ": makespan");
		for (ScheduleOfSteps.Transfer transfer : schedule.transfers()) {
			assertTrue(transfer.arrival().compareTo(transfer.departure()) >= 0, what + ": " + transfer);
			assertTrue(transfer.from() != transfer.to(), what + ": " + transfer);
		}
	}

	@Test
	void testMatvecScheduleIsLinkedToTheModel() throws EngineException {
		Program program = Examples.program("matvec-ring/matvec.program");
		ScheduleOfSteps schedule = GeneralExecutionModel.schedule(program, "matvec.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		ExecutionModel model = GeneralExecutionModel.of(program, "matvec.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		assertAddsUp(schedule, model, "matvec");
		assertEquals(Rational.of(315), schedule.makespan());
		// 6 processes each send to the 5 others
		assertEquals(30, schedule.transfers().size());
		Activity last = schedule.activities().get(0).get(schedule.activities().get(0).size() - 1);
		assertEquals(Kind.COMPUTE, last.kind());
		assertEquals(new Location.ElementLocation("matvec.program", "//@steps.1", "Step 'update own rows'", 19), last.source());
		Activity first = schedule.activities().get(0).get(0);
		assertEquals(Kind.SEND, first.kind());
		assertEquals("send 'A[i, j] to the owner of row i' to 1", first.label());
		assertEquals(new Location.ElementLocation("matvec.program", "//@steps.0/@messages.0",
				"Message 'A[i, j] to the owner of row i'", 10), first.source());
		assertEquals(Rational.of(75), schedule.activities().get(0).stream().filter(a -> a.kind() != Kind.COMPUTE)
				.map(a -> a.end().subtract(a.start())).reduce(Rational.ZERO, Rational::add));
	}

	/** Process 0 computes 10, then sends to 1, which waits 10 for it: the wait comes before the receive. */
	@Test
	void testWaitingForAMessage() throws EngineException {
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setProcessCount("2");
		Step step = step("work", "p == 0 ? 10 : 0");
		step.getMessages().add(message("pass", "p", "0", "0", "p + 1", "1"));
		program.getSteps().add(step);
		ScheduleOfSteps schedule = GeneralExecutionModel.schedule(program, "two.program", ParameterBindings.EMPTY,
				EngineMonitor.NULL);
		assertEquals(List.of(Kind.COMPUTE, Kind.SEND), schedule.activities().get(0).stream().map(Activity::kind).toList());
		assertEquals(List.of(Kind.WAIT, Kind.RECEIVE), schedule.activities().get(1).stream().map(Activity::kind).toList());
		assertEquals(Rational.of(10), schedule.activities().get(1).get(0).end());
		ScheduleOfSteps.Transfer transfer = schedule.transfers().get(0);
		assertEquals(Rational.of(11), transfer.departure());
		assertEquals(Rational.of(11), transfer.arrival());
		assertEquals(Rational.of(11), schedule.makespan());
	}

	/** Random programs on rings, linear arrays and fully connected machines, with and without overlap. */
	@Test
	void testRandomProgramsAddUp() throws EngineException {
		Random random = new Random(20_240_611);
		for (int i = 0; i < 200; i++) {
			Program program = randomProgram(random);
			String what = "program " + i;
			ScheduleOfSteps schedule = GeneralExecutionModel.schedule(program, "random.program", ParameterBindings.EMPTY,
					EngineMonitor.NULL);
			assertAddsUp(schedule, GeneralExecutionModel.of(program, "random.program", ParameterBindings.EMPTY,
					EngineMonitor.NULL), what);
		}
	}

	private static Program randomProgram(Random random) {
		int processes = 1 + random.nextInt(7);
		Machine machine = MachineFactory.eINSTANCE.createMachine();
		machine.setProcessorCount(Integer.toString(processes));
		Topology topology = switch (random.nextInt(3)) {
		case 0 -> MachineFactory.eINSTANCE.createRing();
		case 1 -> MachineFactory.eINSTANCE.createLinearArray();
		default -> MachineFactory.eINSTANCE.createFullyConnected();
		};
		topology.setHopTime(Integer.toString(1 + random.nextInt(3)));
		machine.setTopology(topology);
		Communication communication = MachineFactory.eINSTANCE.createCommunication();
		communication.setOverlap(List.of("0", "1/2", "1/4", "1").get(random.nextInt(4)));
		machine.setCommunication(communication);
		Program program = ProgramFactory.eINSTANCE.createProgram();
		program.setName("random");
		program.setProcessCount(Integer.toString(processes));
		program.setMachine(machine);
		int steps = 1 + random.nextInt(4);
		for (int s = 0; s < steps; s++) {
			Step step = step("step " + s, random.nextInt(4) == 0 ? null
					: "(p * " + random.nextInt(5) + " + " + random.nextInt(20) + ") mod " + (1 + random.nextInt(13)));
			int messages = random.nextInt(3);
			for (int m = 0; m < messages; m++) {
				int shift = random.nextInt(processes);
				step.getMessages().add(message("message " + m, "p", "0", Integer.toString(processes - 1),
						"(p + " + shift + ") mod " + processes, "1 + (p * " + random.nextInt(4) + ") mod 5"));
			}
			program.getSteps().add(step);
		}
		return program;
	}

	private static Step step(String name, String cost) {
		Step step = ProgramFactory.eINSTANCE.createStep();
		step.setName(name);
		step.setCost(cost);
		return step;
	}

	private static Message message(String name, String variable, String from, String to, String target, String size) {
		Message message = ProgramFactory.eINSTANCE.createMessage();
		message.setName(name);
		IndexRange range = ProgramFactory.eINSTANCE.createIndexRange();
		range.setVariable(variable);
		range.setFrom(from);
		range.setTo(to);
		message.getIndices().add(range);
		message.setFrom(variable);
		message.setTo(target);
		message.setSize(size);
		return message;
	}
}
