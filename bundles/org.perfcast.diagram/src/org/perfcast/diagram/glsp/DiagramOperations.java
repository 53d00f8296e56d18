package org.perfcast.diagram.glsp;

import java.util.List;
import java.util.Optional;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CompoundCommand;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.edit.command.RemoveCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.glsp.graph.GBoundsAware;
import org.eclipse.glsp.graph.GDimension;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.server.features.directediting.ApplyLabelEditOperation;
import org.eclipse.glsp.server.operations.ChangeBoundsOperation;
import org.eclipse.glsp.server.operations.CreateOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;
import org.eclipse.glsp.server.operations.DeleteOperation;
import org.eclipse.glsp.server.operations.LayoutOperation;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.types.ElementAndBounds;
import org.eclipse.glsp.server.types.GLSPServerException;
import org.perfcast.diagram.server.DiagramIndex;
import org.perfcast.diagram.server.Diagrams;
import org.perfcast.diagram.server.Drawing;
import org.perfcast.model.core.CorePackage;
import org.perfcast.model.core.NamedElement;

import com.google.inject.Inject;

/**
 * The edits every Perfcast diagram has, each an EMF command on the document's command stack: layout on demand,
 * delete, move (positions in the notation) and rename (direct editing of a label).
 */
final class DiagramOperations {

	private DiagramOperations() {
	}

	static EditingDomain domain(DiagramState state) {
		return state.document().domain();
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

	/**
	 * A palette tool: the element type it makes, its label, and the operation it answers (a node placed or an edge
	 * drawn).
	 */
	abstract static class PaletteTool<O extends CreateOperation> implements CreateOperationHandler<O> {
		@Inject
		DiagramState state;

		private final Class<O> operation;
		private final String type;
		private final String label;

		PaletteTool(Class<O> operation, String type, String label) {
			this.operation = operation;
			this.type = type;
			this.label = label;
		}

		@Override
		public Class<O> getHandledOperationType() {
			return operation;
		}

		@Override
		public List<String> getHandledElementTypeIds() {
			return List.of(type);
		}

		@Override
		public String getLabel() {
			return label;
		}
	}

	/** {@code base} followed by the first number that makes a name not in {@code taken}. */
	static String fresh(String base, List<String> taken) {
		for (int i = 1;; i++) {
			if (!taken.contains(base + i)) {
				return base + i;
			}
		}
	}

	/**
	 * The command that changes a count ({@code feature} of {@code owner}, e.g. a program's process count) by
	 * {@code delta}: the number itself when it is one, else the default of the parameter it names.
	 *
	 * @throws GLSPServerException naming the count when it is an expression the diagram cannot change
	 */
	static Command changeCount(EditingDomain domain, EObject owner, org.eclipse.emf.ecore.EAttribute feature,
			List<org.perfcast.model.core.Parameter> parameters, long delta, String what) {
		String text = (String) owner.eGet(feature);
		String trimmed = text == null ? "" : text.trim();
		if (trimmed.matches("\\d+")) {
			return checked(SetCommand.create(domain, owner, feature, Long.toString(Long.parseLong(trimmed) + delta)), what, trimmed, delta);
		}
		for (org.perfcast.model.core.Parameter parameter : parameters) {
			String value = parameter.getDefaultValue() == null ? "" : parameter.getDefaultValue().trim();
			if (trimmed.equals(parameter.getName()) && value.matches("\\d+")) {
				return checked(SetCommand.create(domain, parameter, CorePackage.Literals.PARAMETER__DEFAULT_VALUE,
						Long.toString(Long.parseLong(value) + delta)), what, value, delta);
			}
		}
		throw new GLSPServerException("the " + what + " '" + text + "' is an expression; change it in the Properties view");
	}

	private static Command checked(Command command, String what, String number, long delta) {
		if (Long.parseLong(number) + delta < 1) {
			throw new GLSPServerException("the " + what + " cannot fall below 1");
		}
		return command;
	}

	/**
	 * Layout on demand: every shape where ELK puts it, at the sizes the page measured, as moves in the notation
	 * (one undoable command).
	 */
	static final class Layout implements OperationHandler<LayoutOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<LayoutOperation> getHandledOperationType() {
			return LayoutOperation.class;
		}

		@Override
		public Optional<Command> createCommand(LayoutOperation operation) {
			// drawn on the model's thread; the sizes and ELK's layout on GLSP's thread; the moves on the model's again
			Drawing drawing = state.document().read(() -> Diagrams.draw(state.document().root(), state.document().notation()));
			for (GNode node : Diagrams.nodes(drawing)) {
				Optional<GModelElement> shown = state.getIndex().get(node.getId());
				if (shown.isPresent() && shown.get() instanceof GBoundsAware bounds && bounds.getSize() != null
						&& bounds.getSize().getWidth() > 0 && node.getChildren().size() < 2) {
					GDimension size = bounds.getSize();
					node.setSize(org.eclipse.glsp.graph.util.GraphUtil.dimension(size.getWidth(), size.getHeight()));
				}
			}
			Diagrams.layout(drawing, true);
			return state.document().read(() -> {
				CompoundCommand moves = new CompoundCommand("Layout");
				for (GNode node : Diagrams.nodes(drawing)) {
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

	/**
	 * Deleting elements: the model elements behind them leave their containers; a process or processor that
	 * is only counted is deleted by the diagram's {@link Removal}.
	 */
	static final class Delete implements OperationHandler<DeleteOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<DeleteOperation> getHandledOperationType() {
			return DeleteOperation.class;
		}

		@Override
		public Optional<Command> createCommand(DeleteOperation operation) {
			return state.document().read(() -> {
				CompoundCommand delete = new CompoundCommand("Delete");
				java.util.Set<Object> done = new java.util.HashSet<>();
				for (String id : operation.getElementIds()) {
					DiagramIndex.ProcessInStep counted = state.diagramIndex().process(id);
					if (counted != null && state.document().root() instanceof org.perfcast.model.machine.Machine machine) {
						if (done.add("processor " + counted.process())) {
							MachineOperations.removeProcessor(domain(state), machine, (int) counted.process())
									.ifPresent(delete::append);
						}
						continue;
					}
					EObject element = state.diagramIndex().element(id);
					if (element == null && counted != null
							&& state.document().root() instanceof org.perfcast.model.program.Program program) {
						if (done.add("process " + counted.process())) {
							ProgramOperations.removeCountedProcess(domain(state), program, counted.process())
									.ifPresent(delete::append);
						}
						continue;
					}
					if (element == null || element.eContainer() == null || element == state.document().root()
							|| !done.add(element)) {
						continue;
					}
					EStructuralFeature feature = element.eContainingFeature();
					delete.append(new RemoveCommand(domain(state), element.eContainer(), feature, element));
				}
				return delete.isEmpty() ? Optional.<Command>empty() : Optional.<Command>of(delete.unwrap());
			});
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
			EObject element = state.diagramIndex().element(Drawing.ownerOfLabel(operation.getLabelId()));
			if (!(element instanceof NamedElement)) {
				return Optional.empty();
			}
			return Optional.of(new SetCommand(domain(state), element, CorePackage.Literals.NAMED_ELEMENT__NAME,
					operation.getText()));
		}
	}
}
