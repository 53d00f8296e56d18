package org.perfcast.ui.internal.emf;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.xml.sax.SAXParseException;

/**
 * A model file loaded into a resource set: its resource and, if it cannot be edited (malformed XMI, no
 * or the wrong root object), why, with the line and column when the parser gives them.
 *
 * @param resource the file's resource, perhaps partly loaded
 * @param problem why the file cannot be edited, or null if it can
 */
public record LoadedModel(Resource resource, String problem) {

	/** The platform URI of a workspace file. */
	public static URI uri(IFile file) {
		return URI.createPlatformResourceURI(file.getFullPath().toString(), true);
	}

	/** Loads {@code file} into {@code resources} through the resource factory registered for its extension. */
	public static LoadedModel load(ResourceSet resources, IFile file) {
		URI uri = uri(file);
		Resource resource;
		try {
			resource = resources.getResource(uri, true);
		} catch (RuntimeException e) {
			resource = resources.getResource(uri, false);
			return new LoadedModel(resource, describe(resource, e));
		}
		return new LoadedModel(resource, checkRoot(resource.getContents(), ModelKind.of(file.getFileExtension())));
	}

	/** Whether the file can be edited. */
	public boolean ok() {
		return problem == null;
	}

	private static String checkRoot(List<EObject> contents, ModelKind kind) {
		if (contents.isEmpty()) {
			return Messages.EMPTY;
		}
		if (kind != null && (contents.size() != 1 || !kind.root().isInstance(contents.get(0)))) {
			String found = contents.size() == 1 ? contents.get(0).eClass().getName() : contents.size() + " objects";
			return Messages.WRONG_ROOT.formatted(kind.root().getName(), found);
		}
		return null;
	}

	private static String describe(Resource resource, RuntimeException exception) {
		if (resource != null) {
			for (Resource.Diagnostic error : resource.getErrors()) {
				if (error.getLine() > 0) {
					return Messages.AT_LINE.formatted(error.getLine(), error.getColumn(),
							org.perfcast.model.resource.ModelFiles.describe(error));
				}
			}
		}
		Throwable deepest = exception;
		for (Throwable t = exception; t != null; t = t.getCause()) {
			if (t instanceof Resource.Diagnostic error && error.getLine() > 0) {
				return Messages.AT_LINE.formatted(error.getLine(), error.getColumn(),
						org.perfcast.model.resource.ModelFiles.describe(error));
			}
			if (t instanceof SAXParseException error && error.getLineNumber() > 0) {
				return Messages.AT_LINE.formatted(error.getLineNumber(), error.getColumnNumber(), error.getMessage());
			}
			deepest = t;
		}
		return deepest.getMessage() == null ? deepest.toString() : deepest.getMessage();
	}
}
