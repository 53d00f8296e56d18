package org.perfcast.ui.mapping;

import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.perfcast.engine.CancelledException;
import org.perfcast.ide.EngineMonitors;
import org.perfcast.ide.MappingParticipant;
import org.perfcast.ide.WorkspaceModel;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.MappingTechnique;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.ui.editors.ModelEditor;

/**
 * The quick fix of "declared technique predicted slower than the best": predicts the saved program again in a job
 * (progress in the Progress view, cancellable), then, on the UI thread, sets the program's mapping to the best
 * technique as a command of the model editor (opened if need be), so that Undo takes it back, and saves the file
 * unless it had other unsaved changes. The UI thread never runs the analysis.
 */
final class SwitchMappingResolution implements IMarkerResolution2 {

	private static final String PLUGIN_ID = "org.perfcast.ui";

	private final MappingTechnique best;
	private final String predictedT;

	/** A fix labelled with {@code best} of the builder's latest analysis, or with "the fastest technique" if null. */
	SwitchMappingResolution(MappingTechnique best, String predictedT) {
		this.best = best;
		this.predictedT = predictedT;
	}

	/** The technique the label names (the builder's latest best), or null. */
	MappingTechnique technique() {
		return best;
	}

	@Override
	public String getLabel() {
		return Messages.SWITCH_LABEL.formatted(best == null ? Messages.FASTEST : best.title());
	}

	@Override
	public String getDescription() {
		return best == null ? Messages.SWITCH_DESCRIPTION_UNKNOWN : Messages.SWITCH_DESCRIPTION.formatted(best.title(), predictedT);
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
		Display display = Display.getCurrent() != null ? Display.getCurrent() : PlatformUI.getWorkbench().getDisplay();
		Job job = new Job(Messages.PREDICTING.formatted(file.getFullPath())) {
			@Override
			protected IStatus run(IProgressMonitor monitor) {
				SubMonitor progress = SubMonitor.convert(monitor, getName(), 1);
				Optional<Evaluation> now;
				try {
					now = MappingResolutions.best(MappingParticipant.predict(WorkspaceModel.load(file),
							EngineMonitors.adapt(progress.split(1))).orElse(null));
				} catch (CancelledException | OperationCanceledException e) {
					return Status.CANCEL_STATUS;
				}
				if (now.isEmpty()) {
					return new Status(IStatus.INFO, PLUGIN_ID, Messages.ALREADY_BEST.formatted(file.getFullPath()));
				}
				MappingTechnique technique = now.get().technique();
				// only the switch itself runs on the UI thread, after the analysis
				display.asyncExec(() -> apply(file, technique));
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return MappingResolutions.FAMILY.equals(family);
			}
		};
		job.setUser(true);
		job.setRule(null);
		job.schedule();
	}

	/** Switches the program in {@code file} to {@code technique} in its model editor (on the UI thread). */
	private void apply(IFile file, MappingTechnique technique) {
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		IWorkbenchPage page = window == null ? null : window.getActivePage();
		try {
			if (page == null) {
				throw new CoreException(Status.error("no workbench page is open"));
			}
			switchTo(IDE.openEditor(page, file, ModelEditor.PROGRAM_ID), file, technique);
		} catch (CoreException e) {
			ErrorDialog.openError(window == null ? null : window.getShell(), null,
					Messages.SWITCH_FAILED.formatted(file.getFullPath()),
					new Status(IStatus.ERROR, PLUGIN_ID, e.getStatus().getMessage(), e));
		}
	}

	/** Sets the mapping of the program {@code editor} shows, undoably; saves if nothing else was unsaved. */
	static void switchTo(IEditorPart editor, IFile file, MappingTechnique best) throws CoreException {
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
