package org.perfcast.ide;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;

/**
 * A machine, layout or program model file of the workspace, loaded for one analysis in a resource set of its
 * own, with the other workspace files it refers to.
 *
 * @param path        the file's full workspace path, as diagnostics name it
 * @param resourceSet the resource set holding the file and what it refers to
 * @param loaded      the file's root and load problems
 */
public record WorkspaceModel(String path, ResourceSet resourceSet, ModelFiles.Loaded loaded) {

	/** Loads {@code file}; problems are in {@link #loaded()}'s diagnostics, never thrown. */
	public static WorkspaceModel load(IFile file) {
		String path = file.getFullPath().toString();
		ResourceSet resourceSet = ModelFiles.newResourceSet();
		return new WorkspaceModel(path, resourceSet,
				ModelFiles.load(resourceSet, URI.createPlatformResourceURI(path, true), path));
	}

	/**
	 * Whether the file holds a program model that the model validation finds no errors in (with the parameters'
	 * defaults): only then do the engines predict it; otherwise the validation's markers say what is wrong.
	 */
	public boolean isValidProgram() {
		return loaded.root() instanceof Program && ModelValidation.validate(loaded, path, ParameterBindings.EMPTY)
				.stream().noneMatch(d -> d.severity() == Severity.ERROR);
	}

	/** Full workspace paths of the other files loaded so far: a program's machine and layout. */
	public Set<IPath> inputs() {
		Set<IPath> inputs = new HashSet<>();
		for (Resource resource : resourceSet.getResources()) {
			URI uri = resource.getURI();
			if (uri.isPlatformResource() && !uri.toPlatformString(true).equals(path)) {
				inputs.add(IPath.fromPortableString(uri.toPlatformString(true)));
			}
		}
		return inputs;
	}
}
