package org.perfcast.diagram.glsp;

import java.util.Optional;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CompoundCommand;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.RemoveCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.operations.ReconnectEdgeOperation;
import org.eclipse.glsp.server.types.GLSPServerException;
import org.perfcast.diagram.server.DiagramIndex;
import org.perfcast.diagram.server.MachineDiagram;
import org.perfcast.model.machine.CustomTopology;
import org.perfcast.model.machine.Link;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.machine.Processor;

import com.google.inject.Inject;

/**
 * The edits of a machine diagram, each an EMF command on the document's command stack: a processor from the
 * palette (the processor count raised by one), a link drawn between two processors of a custom topology, a
 * link's ends moved, and processors deleted (those after it renumbered, its links removed).
 */
final class MachineOperations {

	private MachineOperations() {
	}

	static Machine machine(DiagramState state) {
		return (Machine) state.document().root();
	}

	/** Palette: one more processor. */
	static final class CreateProcessor extends DiagramOperations.PaletteTool<CreateNodeOperation> {
		CreateProcessor() {
			super(CreateNodeOperation.class, MachineDiagram.PROCESSOR, "Processor");
		}

		@Override
		public Optional<Command> createCommand(CreateNodeOperation operation) {
			return state.document().read(() -> {
				Machine machine = machine(state);
				return Optional.of(DiagramOperations.changeCount(DiagramOperations.domain(state), machine,
						MachinePackage.Literals.MACHINE__PROCESSOR_COUNT, machine.getParameters(), 1, "processor count"));
			});
		}
	}

	/** The custom topology links are drawn in, or an error naming the machine's topology. */
	static CustomTopology custom(Machine machine) {
		if (machine.getTopology() instanceof CustomTopology custom) {
			return custom;
		}
		throw new GLSPServerException("links are drawn only in a custom topology; this machine's topology is "
				+ (machine.getTopology() == null ? "missing" : "a " + machine.getTopology().eClass().getName()));
	}

	/** A link drawn from one processor to another: a bidirectional link of the custom topology. */
	static final class CreateLink extends DiagramOperations.PaletteTool<CreateEdgeOperation> {
		CreateLink() {
			super(CreateEdgeOperation.class, MachineDiagram.LINK, "Link");
		}

		@Override
		public Optional<Command> createCommand(CreateEdgeOperation operation) {
			DiagramIndex.ProcessInStep from = state.diagramIndex().process(operation.getSourceElementId());
			DiagramIndex.ProcessInStep to = state.diagramIndex().process(operation.getTargetElementId());
			if (from == null || to == null || from.process() == to.process()) {
				return Optional.empty();
			}
			return state.document().read(() -> {
				CustomTopology custom = custom(machine(state));
				Link link = MachineFactory.eINSTANCE.createLink();
				link.setName("P" + from.process() + "-P" + to.process());
				link.setSource((int) from.process());
				link.setTarget((int) to.process());
				link.setBidirectional(true);
				return Optional.<Command>of(new AddCommand(DiagramOperations.domain(state), custom,
						MachinePackage.Literals.CUSTOM_TOPOLOGY__LINKS, link));
			});
		}
	}

	/** A link's end dragged to another processor. */
	static final class ReconnectLink implements OperationHandler<ReconnectEdgeOperation> {
		@Inject
		DiagramState state;

		@Override
		public Class<ReconnectEdgeOperation> getHandledOperationType() {
			return ReconnectEdgeOperation.class;
		}

		@Override
		public Optional<Command> createCommand(ReconnectEdgeOperation operation) {
			if (!(state.diagramIndex().element(operation.getEdgeElementId()) instanceof Link link)) {
				throw new GLSPServerException("only the links of a custom topology can be reconnected");
			}
			DiagramIndex.ProcessInStep from = state.diagramIndex().process(operation.getSourceElementId());
			DiagramIndex.ProcessInStep to = state.diagramIndex().process(operation.getTargetElementId());
			if (from == null || to == null || from.process() == to.process()) {
				return Optional.empty();
			}
			EditingDomain domain = DiagramOperations.domain(state);
			CompoundCommand reconnect = new CompoundCommand("Reconnect");
			reconnect.append(SetCommand.create(domain, link, MachinePackage.Literals.LINK__SOURCE, (int) from.process()));
			reconnect.append(SetCommand.create(domain, link, MachinePackage.Literals.LINK__TARGET, (int) to.process()));
			return Optional.of(reconnect);
		}
	}

	/**
	 * Deleting processor {@code p}: the count falls by one, its name and links go, and the processors after it
	 * (their names and links) are numbered one lower.
	 */
	static Optional<Command> removeProcessor(EditingDomain domain, Machine machine, int p) {
		CompoundCommand remove = new CompoundCommand("Delete processor");
		remove.append(DiagramOperations.changeCount(domain, machine, MachinePackage.Literals.MACHINE__PROCESSOR_COUNT,
				machine.getParameters(), -1, "processor count"));
		for (Processor processor : machine.getProcessors()) {
			if (processor.getIndex() == p) {
				remove.append(new RemoveCommand(domain, machine, MachinePackage.Literals.MACHINE__PROCESSORS, processor));
			} else if (processor.getIndex() > p) {
				remove.append(SetCommand.create(domain, processor, MachinePackage.Literals.PROCESSOR__INDEX,
						processor.getIndex() - 1));
			}
		}
		if (machine.getTopology() instanceof CustomTopology custom) {
			for (Link link : custom.getLinks()) {
				if (link.getSource() == p || link.getTarget() == p) {
					remove.append(new RemoveCommand(domain, custom, MachinePackage.Literals.CUSTOM_TOPOLOGY__LINKS, link));
					continue;
				}
				if (link.getSource() > p) {
					remove.append(SetCommand.create(domain, link, MachinePackage.Literals.LINK__SOURCE, link.getSource() - 1));
				}
				if (link.getTarget() > p) {
					remove.append(SetCommand.create(domain, link, MachinePackage.Literals.LINK__TARGET, link.getTarget() - 1));
				}
			}
		}
		return Optional.of(remove);
	}
}
