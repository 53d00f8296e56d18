package org.perfcast.ide;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.resource.ModelFiles;
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
		String path = file.getFullPath().toString();
		URI uri = URI.createPlatformResourceURI(path, true);
		ResourceSet resourceSet = ModelFiles.newResourceSet();
		ModelFiles.Loaded loaded = ModelFiles.load(resourceSet, uri, path);
		List<Diagnostic> diagnostics = ModelValidation.validate(loaded, path, ParameterBindings.EMPTY);
		Set<IPath> inputs = new HashSet<>();
		for (Resource resource : resourceSet.getResources()) {
			URI other = resource.getURI();
			if (other.isPlatformResource() && !other.equals(uri)) {
				inputs.add(IPath.fromPortableString(other.toPlatformString(true)));
			}
		}
		return new Analysis(diagnostics, inputs);
	}
}
