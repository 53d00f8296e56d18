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
import org.perfcast.diagram.server.MachineDiagram;

/** The GLSP diagram of machines ({@code *.machine}): processors and the links of the topology. */
public class MachineDiagramModule extends PerfcastDiagramModule {

	@Override
	public String getDiagramType() {
		return MachineDiagram.TYPE;
	}

	@Override
	protected Class<? extends DiagramConfiguration> bindDiagramConfiguration() {
		return Configuration.class;
	}

	@Override
	protected void configureOperationHandlers(MultiBinding<OperationHandler<?>> binding) {
		super.configureOperationHandlers(binding);
		binding.add(MachineOperations.CreateProcessor.class);
		binding.add(MachineOperations.CreateLink.class);
		binding.add(MachineOperations.ReconnectLink.class);
	}

	/** The element types and what may connect to what. */
	public static class Configuration extends PerfcastDiagramModule.Configuration {
		@Override
		public Map<String, EClass> getTypeMappings() {
			Map<String, EClass> types = new HashMap<>(super.getTypeMappings());
			types.put(MachineDiagram.PROCESSOR, GraphPackage.Literals.GNODE);
			types.put(MachineDiagram.LINK, GraphPackage.Literals.GEDGE);
			return types;
		}

		@Override
		public List<ShapeTypeHint> getShapeTypeHints() {
			return List.of(new ShapeTypeHint(MachineDiagram.PROCESSOR, true, true, false, false));
		}

		@Override
		public List<EdgeTypeHint> getEdgeTypeHints() {
			EdgeTypeHint link = createDefaultEdgeTypeHint(MachineDiagram.LINK);
			link.setSourceElementTypeIds(List.of(MachineDiagram.PROCESSOR));
			link.setTargetElementTypeIds(List.of(MachineDiagram.PROCESSOR));
			return List.of(link);
		}
	}
}
