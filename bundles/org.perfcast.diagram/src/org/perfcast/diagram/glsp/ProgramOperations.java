package org.perfcast.diagram.glsp;

import java.util.Optional;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CompoundCommand;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.operations.ReconnectEdgeOperation;
import org.perfcast.diagram.server.DiagramIndex;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Process;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.program.Step;
import org.perfcast.model.program.Task;

import com.google.inject.Inject;

/**
 * The edits of a program diagram, each an EMF command on the document's command stack (so one undo history with
 * the tree editor): new processes, tasks and steps from the palette, a message drawn from one process to another
 * in a step, and a message's ends moved to other processes.
 */
final class ProgramOperations {

	private ProgramOperations() {
	}

	static Program program(DiagramState state) {
		return (Program) state.document().root();
	}

	/** Palette: a new element of the program at the place clicked. */
	private abstract static class CreateElement extends DiagramOperations.PaletteTool<CreateNodeOperation> {

		CreateElement(String type, String label) {
			super(CreateNodeOperation.class, type, label);
		}

		@Override
		public Optional<Command> createCommand(CreateNodeOperation operation) {
			return state.document().read(() -> {
				Program program = program(state);
				EObject element = create(program);
				return Optional.of(DiagramOperations.withPosition(state,
						new AddCommand(DiagramOperations.domain(state), program, feature(), element), element,
						operation.getLocation()));
			});
		}

		/** The new element, named after those there are. */
		abstract EObject create(Program program);

		/** The program's list the element goes into. */
		abstract EStructuralFeature feature();
	}

	/** Palette: a task. */
	static final class CreateTask extends CreateElement {
		CreateTask() {
			super(ProgramDiagram.TASK, "Task");
		}

		@Override
		EObject create(Program program) {
			Task task = ProgramFactory.eINSTANCE.createTask();
			task.setName(DiagramOperations.fresh("task", program.getTasks().stream().map(Task::getName).toList()));
			task.setCost("1");
			task.setProcess("0");
			return task;
		}

		@Override
		EStructuralFeature feature() {
			return ProgramPackage.Literals.PROGRAM__TASKS;
		}
	}

	/** Palette: a step, after the others. */
	static final class CreateStep extends CreateElement {
		CreateStep() {
			super(ProgramDiagram.STEP, "Step");
		}

		@Override
		EObject create(Program program) {
			Step step = ProgramFactory.eINSTANCE.createStep();
			step.setName(DiagramOperations.fresh("step", program.getSteps().stream().map(Step::getName).toList()));
			return step;
		}

		@Override
		EStructuralFeature feature() {
			return ProgramPackage.Literals.PROGRAM__STEPS;
		}
	}

	/**
	 * Palette: one more process, shown in every step. A program that lists its processes gets a new one named
	 * {@code pN}; one that counts them gets its count (or the parameter it names) raised by one.
	 */
	static final class CreateProcess extends DiagramOperations.PaletteTool<CreateNodeOperation> {
		CreateProcess() {
			super(CreateNodeOperation.class, ProgramDiagram.PROCESS, "Process");
		}

		@Override
		public Optional<Command> createCommand(CreateNodeOperation operation) {
			return state.document().read(() -> {
				Program program = program(state);
				EditingDomain domain = DiagramOperations.domain(state);
				if (!program.getProcesses().isEmpty()) {
					Process process = ProgramFactory.eINSTANCE.createProcess();
					process.setName("p" + program.getProcesses().size());
					return Optional.<Command>of(new AddCommand(domain, program, ProgramPackage.Literals.PROGRAM__PROCESSES,
							process));
				}
				return Optional.of(DiagramOperations.changeCount(domain, program,
						ProgramPackage.Literals.PROGRAM__PROCESS_COUNT, program.getParameters(), 1, "process count"));
			});
		}
	}

	/**
	 * Deleting process {@code p} of a program that counts its processes: the count falls by one when p is the
	 * last; other processes are numbered, so only the last can go.
	 */
	static Optional<Command> removeCountedProcess(EditingDomain domain, Program program, long p) {
		long count = ProgramDiagram.processCount(program, org.perfcast.model.validation.ParameterEnvironment
				.of(program, org.perfcast.engine.ParameterBindings.EMPTY).scope());
		if (p != count - 1) {
			throw new org.eclipse.glsp.server.types.GLSPServerException("processes are numbered: only the last, p"
					+ (count - 1) + ", can be deleted");
		}
		return Optional.of(DiagramOperations.changeCount(domain, program, ProgramPackage.Literals.PROGRAM__PROCESS_COUNT,
				program.getParameters(), -1, "process count"));
	}

	/** A message drawn from a process to another of the same step: one message of size 1, named after both. */
	static final class CreateMessage extends DiagramOperations.PaletteTool<CreateEdgeOperation> {
		CreateMessage() {
			super(CreateEdgeOperation.class, ProgramDiagram.MESSAGE, "Message");
		}

		@Override
		public Optional<Command> createCommand(CreateEdgeOperation operation) {
			if (!ProgramDiagram.MESSAGE.equals(operation.getElementTypeId())) {
				return Optional.empty();
			}
			DiagramIndex.ProcessInStep from = state.diagramIndex().process(operation.getSourceElementId());
			DiagramIndex.ProcessInStep to = state.diagramIndex().process(operation.getTargetElementId());
			if (from == null || to == null || from.step() != to.step() || from.process() == to.process()) {
				return Optional.empty();
			}
			Message message = ProgramFactory.eINSTANCE.createMessage();
			message.setName("p" + from.process() + " to p" + to.process());
			message.setFrom(Long.toString(from.process()));
			message.setTo(Long.toString(to.process()));
			message.setSize("1");
			return Optional.of(new AddCommand(DiagramOperations.domain(state), from.step(),
					ProgramPackage.Literals.STEP__MESSAGES, message));
		}
	}

	/**
	 * A message's end dragged to another process of its step: its sender or receiver becomes that process. A
	 * message with index ranges stands for many edges and keeps its expressions.
	 */
	static final class ReconnectMessage implements OperationHandler<ReconnectEdgeOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<ReconnectEdgeOperation> getHandledOperationType() {
			return ReconnectEdgeOperation.class;
		}

		@Override
		public Optional<Command> createCommand(ReconnectEdgeOperation operation) {
			if (!(state.diagramIndex().element(operation.getEdgeElementId()) instanceof Message message)) {
				return Optional.empty();
			}
			if (!message.getIndices().isEmpty()) {
				throw new org.eclipse.glsp.server.types.GLSPServerException("message '" + message.getName()
						+ "' stands for many messages (it has index ranges): change its ends in the Properties view");
			}
			DiagramIndex.ProcessInStep from = state.diagramIndex().process(operation.getSourceElementId());
			DiagramIndex.ProcessInStep to = state.diagramIndex().process(operation.getTargetElementId());
			if (from == null || to == null || from.step() != message.eContainer() || to.step() != message.eContainer()
					|| from.process() == to.process()) {
				return Optional.empty();
			}
			EditingDomain domain = DiagramOperations.domain(state);
			CompoundCommand reconnect = new CompoundCommand("Reconnect");
			reconnect.append(SetCommand.create(domain, message, ProgramPackage.Literals.MESSAGE__FROM, Long.toString(from.process())));
			reconnect.append(SetCommand.create(domain, message, ProgramPackage.Literals.MESSAGE__TO, Long.toString(to.process())));
			return Optional.of(reconnect);
		}
	}
}
