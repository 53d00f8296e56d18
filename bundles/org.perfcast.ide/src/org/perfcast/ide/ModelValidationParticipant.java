package org.perfcast.ide;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.validation.ModelValidation;

/**
 * Validates machine, layout and program models on save: load problems and the model validator's findings
 * become markers on the element's line; a program is analysed again when its machine or layout changes.
 * Reads the files only; never writes them.
 */
public final class ModelValidationParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) {
		monitor.checkCancelled();
		WorkspaceModel model = WorkspaceModel.load(file);
		List<Diagnostic> diagnostics = ModelValidation.validate(model.loaded(), model.path(), ParameterBindings.EMPTY);
		return new Analysis(diagnostics, model.inputs());
	}
}
