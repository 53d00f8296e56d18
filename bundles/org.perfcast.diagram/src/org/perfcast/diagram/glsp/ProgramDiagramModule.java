package org.perfcast.diagram.glsp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.glsp.graph.GraphPackage;
import org.eclipse.glsp.server.di.MultiBinding;
import org.eclipse.glsp.server.diagram.DiagramConfiguration;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.types.EdgeTypeHint;
import org.eclipse.glsp.server.types.ShapeTypeHint;
import org.perfcast.diagram.server.ProgramDiagram;

/** The GLSP diagram of programs ({@code *.program}): steps, processes, messages and tasks. */
public class ProgramDiagramModule extends PerfcastDiagramModule {

	@Override
	public String getDiagramType() {
		return ProgramDiagram.TYPE;
	}

	@Override
	protected Class<? extends DiagramConfiguration> bindDiagramConfiguration() {
		return Configuration.class;
	}

	@Override
	protected void configureOperationHandlers(MultiBinding<OperationHandler<?>> binding) {
		super.configureOperationHandlers(binding);
		binding.add(ProgramOperations.CreateProcess.class);
		binding.add(ProgramOperations.CreateTask.class);
		binding.add(ProgramOperations.CreateStep.class);
		binding.add(ProgramOperations.CreateMessage.class);
		binding.add(ProgramOperations.ReconnectMessage.class);
	}

	/** The element types and what may connect to what. */
	public static class Configuration extends PerfcastDiagramModule.Configuration {
		@Override
		public Map<String, EClass> getTypeMappings() {
			Map<String, EClass> types = new HashMap<>(super.getTypeMappings());
			for (String node : List.of(ProgramDiagram.STEP, ProgramDiagram.PROCESS, ProgramDiagram.TASK)) {
				types.put(node, GraphPackage.Literals.GNODE);
			}
			types.put(ProgramDiagram.MESSAGE, GraphPackage.Literals.GEDGE);
			types.put(ProgramDiagram.DEPENDENCY, GraphPackage.Literals.GEDGE);
			types.put("comp:comp", GraphPackage.Literals.GCOMPARTMENT);
			return types;
		}

		@Override
		public List<ShapeTypeHint> getShapeTypeHints() {
			return List.of(createDefaultShapeTypeHint(ProgramDiagram.STEP), createDefaultShapeTypeHint(ProgramDiagram.TASK),
					new ShapeTypeHint(ProgramDiagram.PROCESS, true, true, false, false));
		}

		@Override
		public List<EdgeTypeHint> getEdgeTypeHints() {
			EdgeTypeHint message = createDefaultEdgeTypeHint(ProgramDiagram.MESSAGE);
			message.setSourceElementTypeIds(List.of(ProgramDiagram.PROCESS));
			message.setTargetElementTypeIds(List.of(ProgramDiagram.PROCESS));
			return List.of(message);
		}
	}
}
