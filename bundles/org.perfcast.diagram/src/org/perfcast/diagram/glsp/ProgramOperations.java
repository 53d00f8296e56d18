package org.perfcast.diagram.glsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CompoundCommand;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.RemoveCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.server.features.directediting.ApplyLabelEditOperation;
import org.eclipse.glsp.server.operations.ChangeBoundsOperation;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;
import org.eclipse.glsp.server.operations.DeleteOperation;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.types.ElementAndBounds;
import org.perfcast.diagram.server.DiagramIndex;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.model.core.CorePackage;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.program.Step;
import org.perfcast.model.program.Task;

import com.google.inject.Inject;

/**
 * The edits of a program diagram, each an EMF command on the document's command stack (so one undo history with
 * the tree editor): new tasks and steps from the palette, a message drawn from one process to another in a step,
 * renaming, deleting, and moving shapes (their positions in the notation).
 */
final class ProgramOperations {

	private ProgramOperations() {
	}

	static EditingDomain domain(DiagramState state) {
		return state.document().domain();
	}

	static Program program(DiagramState state) {
		return (Program) state.document().root();
	}

	/** Places the shape of {@code owner} at {@code location}, if given, in the same command. */
	static Command withPosition(DiagramState state, Command create, EObject owner, Optional<GPoint> location) {
		if (location.isEmpty()) {
			return create;
		}
		CompoundCommand both = new CompoundCommand(create.getLabel());
		both.append(create);
		both.append(state.document().notation().move(domain(state), owner, "", location.get().getX(),
				location.get().getY()));
		return both;
	}

	/** Palette: a new named element of the program at the place clicked. */
	private abstract static class CreateElement implements CreateOperationHandler<CreateNodeOperation> {
		@Inject
		DiagramState state;

		private final String type;
		private final String label;

		CreateElement(String type, String label) {
			this.type = type;
			this.label = label;
		}

		@Override
		public Class<CreateNodeOperation> getHandledOperationType() {
			return CreateNodeOperation.class;
		}

		@Override
		public List<String> getHandledElementTypeIds() {
			return List.of(type);
		}

		@Override
		public String getLabel() {
			return label;
		}

		@Override
		public Optional<Command> createCommand(CreateNodeOperation operation) {
			Program program = program(state);
			EObject element = create(program);
			return Optional.of(withPosition(state, new AddCommand(domain(state), program, feature(), element), element, operation.getLocation()));
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
			task.setName(fresh("task", program.getTasks().stream().map(Task::getName).toList()));
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
			step.setName(fresh("step", program.getSteps().stream().map(Step::getName).toList()));
			return step;
		}

		@Override
		EStructuralFeature feature() {
			return ProgramPackage.Literals.PROGRAM__STEPS;
		}
	}

	/** Layout on demand: every shape where ELK puts it, as moves in the notation (one undoable command). */
	static final class Layout implements OperationHandler<org.eclipse.glsp.server.operations.LayoutOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<org.eclipse.glsp.server.operations.LayoutOperation> getHandledOperationType() {
			return org.eclipse.glsp.server.operations.LayoutOperation.class;
		}

		@Override
		public Optional<Command> createCommand(org.eclipse.glsp.server.operations.LayoutOperation operation) {
			return state.document().read(() -> {
				org.perfcast.diagram.server.Drawing drawing = org.perfcast.diagram.server.Diagrams.draw(
						state.document().root(), state.document().notation());
				org.perfcast.diagram.server.Diagrams.layout(drawing, true);
				CompoundCommand moves = new CompoundCommand("Layout");
				for (org.eclipse.glsp.graph.GNode node : org.perfcast.diagram.server.Diagrams.nodes(drawing)) {
					DiagramIndex.Shape shape = drawing.shape(node.getId());
					if (shape != null) {
						moves.append(state.document().notation().move(domain(state), shape.owner(), shape.role(),
								node.getPosition().getX(), node.getPosition().getY()));
					}
				}
				return moves.isEmpty() ? Optional.<Command>empty() : Optional.<Command>of(moves);
			});
		}
	}

	/** A message drawn from a process to another of the same step: one message of size 1, named after both. */
	static final class CreateMessage implements CreateOperationHandler<CreateEdgeOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<CreateEdgeOperation> getHandledOperationType() {
			return CreateEdgeOperation.class;
		}

		@Override
		public List<String> getHandledElementTypeIds() {
			return List.of(ProgramDiagram.MESSAGE);
		}

		@Override
		public String getLabel() {
			return "Message";
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
			return Optional.of(new AddCommand(domain(state), from.step(), ProgramPackage.Literals.STEP__MESSAGES,
					message));
		}
	}

	/** Deleting elements: the model elements behind them leave their containers. */
	static final class Delete implements OperationHandler<DeleteOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<DeleteOperation> getHandledOperationType() {
			return DeleteOperation.class;
		}

		@Override
		public Optional<Command> createCommand(DeleteOperation operation) {
			CompoundCommand delete = new CompoundCommand("Delete");
			List<EObject> done = new ArrayList<>();
			for (String id : operation.getElementIds()) {
				EObject element = state.diagramIndex().element(id);
				if (element == null || done.contains(element) || element.eContainer() == null
						|| element == state.document().root()) {
					continue;
				}
				done.add(element);
				EStructuralFeature feature = element.eContainingFeature();
				delete.append(new RemoveCommand(domain(state), element.eContainer(), feature, element));
			}
			return delete.isEmpty() ? Optional.empty() : Optional.of(delete.unwrap());
		}
	}

	/** Moving shapes: their new positions in the notation. */
	static final class Move implements OperationHandler<ChangeBoundsOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<ChangeBoundsOperation> getHandledOperationType() {
			return ChangeBoundsOperation.class;
		}

		@Override
		public Optional<Command> createCommand(ChangeBoundsOperation operation) {
			CompoundCommand move = new CompoundCommand("Move");
			for (ElementAndBounds bounds : operation.getNewBounds()) {
				DiagramIndex.Shape shape = state.diagramIndex().shape(bounds.getElementId());
				if (shape != null && bounds.getNewPosition() != null) {
					move.append(state.document().notation().move(domain(state), shape.owner(), shape.role(),
							bounds.getNewPosition().getX(), bounds.getNewPosition().getY()));
				}
			}
			return move.isEmpty() ? Optional.empty() : Optional.of(move.unwrap());
		}
	}

	/** Editing a label: the element's name. */
	static final class Rename implements OperationHandler<ApplyLabelEditOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<ApplyLabelEditOperation> getHandledOperationType() {
			return ApplyLabelEditOperation.class;
		}

		@Override
		public Optional<Command> createCommand(ApplyLabelEditOperation operation) {
			String owner = org.perfcast.diagram.server.Drawing.ownerOfLabel(operation.getLabelId());
			EObject element = state.diagramIndex().element(owner);
			if (element == null || !(element instanceof org.perfcast.model.core.NamedElement)) {
				return Optional.empty();
			}
			Command rename = new SetCommand(domain(state), element, CorePackage.Literals.NAMED_ELEMENT__NAME,
					operation.getText());
			return Optional.of(rename);
		}
	}

	private static String fresh(String base, List<String> taken) {
		for (int i = 1;; i++) {
			if (!taken.contains(base + i)) {
				return base + i;
			}
		}
	}
}
