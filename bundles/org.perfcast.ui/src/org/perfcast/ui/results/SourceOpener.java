package org.perfcast.ui.results;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.Path;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.perfcast.ide.SourceFiles;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.ui.editors.ModelEditor;

/**
 * Opens where a result comes from: the model element of a {@link SourceLocation} with a URI fragment in the
 * model editor, or its line in a text editor.
 */
final class SourceOpener {

	private SourceOpener() {
	}

	/** The workspace file {@code path} names: a workspace path, or a file system path inside the workspace. */
	static IFile file(String path) {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		if (path == null || path.isEmpty()) {
			return null;
		}
		IResource member = Path.ROOT.isValidPath(path) ? root.findMember(path) : null;
		return member instanceof IFile file ? file : root.getFileForLocation(new Path(path));
	}

	/**
	 * The workspace file {@code path} names, as {@link #file(String)} finds it, or else as {@link SourceFiles} finds
	 * it from {@code near} (the run's model): relative to its folder, or the file of its project whose path ends with
	 * the most of {@code path} (a trace's {@code at=Worker.java:31} names a source file by its name only).
	 */
	static IFile file(String path, IFile near) {
		IFile file = file(path);
		if (file != null && file.exists() || near == null || path == null || path.isEmpty()) {
			return file;
		}
		IFile found = new SourceFiles(near.getProject()).find(path, near);
		return found != null ? found : file;
	}

	/**
	 * Opens {@code source} in {@code page}.
	 *
	 * @return the editor, or null if the location names no workspace file
	 * @throws PartInitException if the editor cannot be opened
	 */
	static IEditorPart open(IWorkbenchPage page, SourceLocation source) throws PartInitException {
		return open(page, source, null);
	}

	/**
	 * Opens {@code source} in {@code page}, looking for relative file names near {@code near}.
	 *
	 * @return the editor, or null if the location names no workspace file
	 * @throws PartInitException if the editor cannot be opened
	 */
	static IEditorPart open(IWorkbenchPage page, SourceLocation source, IFile near) throws PartInitException {
		IFile file = file(source.getFile(), near);
		if (file == null || !file.exists()) {
			return null;
		}
		IEditorPart editor = IDE.openEditor(page, file, true);
		String fragment = source.getUriFragment();
		if (editor instanceof ModelEditor model && fragment != null && !fragment.isEmpty()) {
			model.selectElement(fragment);
		} else if (source.getLine() > 0 && Adapters.adapt(editor, ITextEditor.class) instanceof ITextEditor text) {
			IDocument document = text.getDocumentProvider().getDocument(text.getEditorInput());
			try {
				IRegion line = document.getLineInformation(Math.min(source.getLine(), document.getNumberOfLines()) - 1);
				text.selectAndReveal(line.getOffset(), line.getLength());
			} catch (BadLocationException e) {
				text.selectAndReveal(0, 0);
			}
		}
		return editor;
	}
}
