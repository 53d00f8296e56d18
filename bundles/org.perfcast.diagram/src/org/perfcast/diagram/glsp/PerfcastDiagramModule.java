package org.perfcast.diagram.glsp;

import org.eclipse.glsp.server.actions.ActionHandler;
import org.eclipse.glsp.server.di.DiagramModule;
import org.eclipse.glsp.server.di.MultiBinding;
import org.eclipse.glsp.server.diagram.BaseDiagramConfiguration;
import org.eclipse.glsp.server.features.core.model.GModelFactory;
import org.eclipse.glsp.server.features.core.model.SourceModelStorage;
import org.eclipse.glsp.server.features.popup.PopupModelFactory;
import org.eclipse.glsp.server.features.validation.ModelValidator;
import org.eclipse.glsp.server.layout.ServerLayoutKind;
import org.eclipse.glsp.server.model.GModelState;
import org.eclipse.glsp.server.operations.CompoundOperationHandler;
import org.eclipse.glsp.server.operations.OperationHandler;

/**
 * What Perfcast's GLSP diagrams share: the model state on the document's EMF command stack, loading and saving
 * the model file, the diagram drawn from the model after every change, the builder's markers as validation
 * markers, predictions in tooltips, and the edits every diagram has (move, rename, delete, layout).
 */
public abstract class PerfcastDiagramModule extends DiagramModule {

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
	protected Class<? extends ModelValidator> bindModelValidator() {
		return DiagramValidator.class;
	}

	@Override
	protected Class<? extends PopupModelFactory> bindPopupModelFactory() {
		return DiagramPopups.class;
	}

	@Override
	protected void configureActionHandlers(MultiBinding<ActionHandler> binding) {
		super.configureActionHandlers(binding);
		binding.rebind(org.eclipse.glsp.server.operations.OperationActionHandler.class, RefusingOperationHandler.class);
		binding.add(RefreshDiagramAction.Handler.class);
	}

	@Override
	protected void configureOperationHandlers(MultiBinding<OperationHandler<?>> binding) {
		// GLSP's own handlers edit the GModel; every edit here is an EMF command on the model instead
		binding.add(CompoundOperationHandler.class);
		binding.add(DiagramOperations.Layout.class);
		binding.add(DiagramOperations.Delete.class);
		binding.add(DiagramOperations.Move.class);
		binding.add(DiagramOperations.Rename.class);
	}

	/** Shapes are placed by the notation (and ELK), sized by the page. */
	public abstract static class Configuration extends BaseDiagramConfiguration {
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
