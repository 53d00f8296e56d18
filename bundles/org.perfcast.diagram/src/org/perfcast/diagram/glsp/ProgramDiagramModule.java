package org.perfcast.diagram.glsp;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.glsp.graph.GraphPackage;
import org.eclipse.glsp.server.di.DiagramModule;
import org.eclipse.glsp.server.di.MultiBinding;
import org.eclipse.glsp.server.diagram.BaseDiagramConfiguration;
import org.eclipse.glsp.server.diagram.DiagramConfiguration;
import org.eclipse.glsp.server.features.core.model.GModelFactory;
import org.eclipse.glsp.server.features.core.model.SourceModelStorage;
import org.eclipse.glsp.server.layout.ServerLayoutKind;
import org.eclipse.glsp.server.model.GModelState;
import org.eclipse.glsp.server.operations.OperationHandler;
import org.eclipse.glsp.server.types.EdgeTypeHint;
import org.eclipse.glsp.server.types.ShapeTypeHint;
import org.perfcast.diagram.server.ProgramDiagram;

/** The GLSP diagram of programs ({@code *.program}): Perfcast's model, storage and edits. */
public class ProgramDiagramModule extends DiagramModule {

	@Override
	public String getDiagramType() {
		return ProgramDiagram.TYPE;
	}

	@Override
	protected Class<? extends DiagramConfiguration> bindDiagramConfiguration() {
		return Configuration.class;
	}

	@Override
	protected Class<? extends GModelState> bindGModelState() {
		return DiagramState.class;
	}

	@Override
	protected void configureGModelState(Class<? extends GModelState> state) {
		bind(DiagramState.class).in(com.google.inject.Singleton.class);
		bind(GModelState.class).to(DiagramState.class);
	}

	@Override
	protected Class<? extends SourceModelStorage> bindSourceModelStorage() {
		return DiagramStorage.class;
	}

	@Override
	protected Class<? extends GModelFactory> bindGModelFactory() {
		return DiagramFactory.class;
	}

	@Override
	protected void configureOperationHandlers(MultiBinding<OperationHandler<?>> binding) {
		// GLSP's own handlers edit the GModel; every edit here is an EMF command on the model instead
		binding.add(org.eclipse.glsp.server.operations.CompoundOperationHandler.class);
		binding.add(ProgramOperations.CreateTask.class);
		binding.add(ProgramOperations.CreateStep.class);
		binding.add(ProgramOperations.Layout.class);
		binding.add(ProgramOperations.CreateMessage.class);
		binding.add(ProgramOperations.Delete.class);
		binding.add(ProgramOperations.Move.class);
		binding.add(ProgramOperations.Rename.class);
	}

	/** The element types and what may connect to what. */
	public static class Configuration extends BaseDiagramConfiguration {
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
					new ShapeTypeHint(ProgramDiagram.PROCESS, true, false, false, false));
		}

		@Override
		public List<EdgeTypeHint> getEdgeTypeHints() {
			EdgeTypeHint message = createDefaultEdgeTypeHint(ProgramDiagram.MESSAGE);
			message.setSourceElementTypeIds(List.of(ProgramDiagram.PROCESS));
			message.setTargetElementTypeIds(List.of(ProgramDiagram.PROCESS));
			return List.of(message);
		}

		@Override
		public ServerLayoutKind getLayoutKind() {
			return ServerLayoutKind.MANUAL;
		}

		@Override
		public boolean needsClientLayout() {
			return true;
		}
	}
}
