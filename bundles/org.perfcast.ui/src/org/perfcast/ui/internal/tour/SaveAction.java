package org.perfcast.ui.internal.tour;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;

/**
 * Saves the active editor, as Ctrl+S does; an editor without changes is saved too (its file touched), so that the
 * builder predicts it again.
 */
public final class SaveAction extends TourAction {

	@Override
	void perform(String[] params) throws CoreException {
		IEditorPart editor = page().getActiveEditor();
		if (editor == null) {
			throw new CoreException(Status.error("no editor is open: open matvec.pamela first (the tour's first step)"));
		}
		if (editor.isDirty()) {
			page().saveEditor(editor, false);
		} else if (editor.getEditorInput() instanceof IFileEditorInput input) {
			IFile file = input.getFile();
			file.touch(null);
		}
	}
}
