package org.perfcast.ui.launch;

import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationType;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.debug.ui.ILaunchShortcut2;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.perfcast.ide.RecordedProgramLaunch;
import org.perfcast.ide.RecordingFinished;

/**
 * Run As &gt; Perfcast Recorded Program on an executable: reuses a configuration that records it, or creates one
 * (the program's project, no arguments, the project's folder as working directory, no build command, the
 * prediction's bottlenecks on 4 processors).
 */
public final class RecordedProgramShortcut implements ILaunchShortcut2 {

	@Override
	public void launch(ISelection selection, String mode) {
		IFile file = fileOf(selection);
		if (file != null) {
			launch(file, mode);
		}
	}

	@Override
	public void launch(IEditorPart editor, String mode) {
		// executables do not open in editors
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(ISelection selection) {
		IFile file = fileOf(selection);
		return file == null ? null : existing(file).toArray(ILaunchConfiguration[]::new);
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(IEditorPart editor) {
		return null;
	}

	@Override
	public IResource getLaunchableResource(ISelection selection) {
		return fileOf(selection);
	}

	@Override
	public IResource getLaunchableResource(IEditorPart editor) {
		return null;
	}

	/** A saved configuration recording {@code program} with the defaults. */
	public static ILaunchConfiguration create(IFile program) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = type().newInstance(null,
				manager.generateLaunchConfigurationName(program.getName()));
		new RecordedProgramLaunch(program.getProject().getName(), program.getProjectRelativePath().toString(), "", "",
				"", RecordingFinished.DEFAULT_PROCESSORS).write(copy);
		return copy.doSave();
	}

	private static void launch(IFile file, String mode) {
		try {
			List<ILaunchConfiguration> configs = existing(file);
			DebugUITools.launch(configs.isEmpty() ? create(file) : configs.get(0), mode);
		} catch (CoreException e) {
			ErrorDialog.openError(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(),
					Messages.RECORD_SHORTCUT_TITLE, null, e.getStatus());
		}
	}

	/** The saved configurations that record {@code file}. */
	static List<ILaunchConfiguration> existing(IFile file) {
		try {
			return Arrays.stream(DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations(type()))
					.filter(c -> records(c, file)).toList();
		} catch (CoreException e) {
			return List.of();
		}
	}

	private static boolean records(ILaunchConfiguration config, IFile file) {
		try {
			return file.getLocation() != null && file.getLocation().toPath().equals(RecordedProgramLaunch.read(config)
					.programPath());
		} catch (CoreException e) {
			return false;
		}
	}

	private static ILaunchConfigurationType type() {
		return DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(RecordedProgramLaunch.TYPE_ID);
	}

	private static IFile fileOf(ISelection selection) {
		return selection instanceof IStructuredSelection s && s.size() == 1 ? Adapters.adapt(s.getFirstElement(),
				IFile.class) : null;
	}
}
