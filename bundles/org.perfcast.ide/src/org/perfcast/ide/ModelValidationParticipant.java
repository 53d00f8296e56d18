package org.perfcast.ide;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.emf.common.util.URI;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;

/**
 * Validates machine, layout and program models on save: load problems and the model validator's findings
 * become markers on the element's line. Reads the file only; never writes it.
 */
public final class ModelValidationParticipant implements BuildParticipant {

	@Override
	public List<Diagnostic> analyse(IFile file, EngineMonitor monitor) {
		monitor.checkCancelled();
		String path = file.getFullPath().toString();
		URI uri = URI.createPlatformResourceURI(path, true);
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(), uri, path);
		return ModelValidation.validate(loaded, path, ParameterBindings.EMPTY);
	}
}
