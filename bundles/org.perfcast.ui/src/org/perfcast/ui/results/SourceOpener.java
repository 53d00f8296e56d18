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
import org.eclipse.ui.IEditorDescriptor;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorRegistry;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.editors.text.EditorsUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.perfcast.ide.SourceFiles;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.ui.editors.ModelEditor;

/**
 * Opens where a result comes from: the model element of a {@link SourceLocation} with a URI fragment in the
 * model editor, or its line in the file's editor (a recorded program's C, C++ or Fortran source in a text editor, never
 * in a system editor outside the IDE).
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
	 * The editor that opens {@code file}: its default editor in the workbench (the model editor, an installed C, C++
	 * or Fortran editor, the text editor Perfcast associates with such sources), but the text editor where that would
	 * be a system editor outside the IDE, or where no editor is associated.
	 */
	static String editorId(IFile file) {
		IEditorDescriptor descriptor;
		try {
			descriptor = IDE.getEditorDescriptor(file, true, false);
		} catch (PartInitException e) {
			descriptor = null;
		}
		return descriptor == null || descriptor.isOpenExternal() || descriptor.isOpenInPlace()
				|| IEditorRegistry.SYSTEM_EXTERNAL_EDITOR_ID.equals(descriptor.getId())
				|| IEditorRegistry.SYSTEM_INPLACE_EDITOR_ID.equals(descriptor.getId()) ? EditorsUI.DEFAULT_TEXT_EDITOR_ID
						: descriptor.getId();
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
		IEditorPart editor = IDE.openEditor(page, file, editorId(file), true);
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
