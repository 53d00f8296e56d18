package org.perfcast.ui.mapping;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.ui.editors.ModelEditor;

/**
 * The quick fix of "declared technique predicted slower than the best": sets the program's mapping to the best
 * technique as a command of the model editor (opened if need be), so that Undo takes it back, and saves the
 * file unless it had other unsaved changes.
 */
final class SwitchMappingResolution implements IMarkerResolution2 {

	private static final String PLUGIN_ID = "org.perfcast.ui";

	private final MappingTechnique best;
	private final String predictedT;

	SwitchMappingResolution(MappingTechnique best, String predictedT) {
		this.best = best;
		this.predictedT = predictedT;
	}

	/** The technique the program is switched to. */
	MappingTechnique technique() {
		return best;
	}

	@Override
	public String getLabel() {
		return Messages.SWITCH_LABEL.formatted(best.title());
	}

	@Override
	public String getDescription() {
		return Messages.SWITCH_DESCRIPTION.formatted(best.title(), predictedT);
	}

	@Override
	public Image getImage() {
		return null;
	}

	@Override
	public void run(IMarker marker) {
		if (!(marker.getResource() instanceof IFile file)) {
			return;
		}
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		IWorkbenchPage page = window == null ? null : window.getActivePage();
		try {
			if (page == null) {
				throw new CoreException(Status.error("no workbench page is open"));
			}
			switchTo(IDE.openEditor(page, file, ModelEditor.PROGRAM_ID), file);
		} catch (CoreException e) {
			ErrorDialog.openError(window == null ? null : window.getShell(), null,
					Messages.SWITCH_FAILED.formatted(file.getFullPath()),
					new Status(IStatus.ERROR, PLUGIN_ID, e.getStatus().getMessage(), e));
		}
	}

	/** Sets the mapping of the program {@code editor} shows, undoably; saves if nothing else was unsaved. */
	void switchTo(IEditorPart editor, IFile file) throws CoreException {
		if (!(editor instanceof ModelEditor modelEditor) || !(modelEditor.getRoot() instanceof Program program)) {
			throw new CoreException(Status.error(Messages.NOT_A_PROGRAM.formatted(file.getFullPath())));
		}
		boolean hadUnsavedChanges = modelEditor.isDirty();
		EditingDomain domain = modelEditor.getEditingDomain();
		Command command = SetCommand.create(domain, program, ProgramPackage.Literals.PROGRAM__MAPPING,
				org.perfcast.model.program.MappingTechnique.get(best.name()));
		if (!command.canExecute()) {
			throw new CoreException(Status.error(Messages.SWITCH_FAILED.formatted(file.getFullPath())));
		}
		domain.getCommandStack().execute(command);
		if (!hadUnsavedChanges) {
			modelEditor.doSave(null);
		}
	}
}
