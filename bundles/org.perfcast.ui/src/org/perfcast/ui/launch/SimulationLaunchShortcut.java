package org.perfcast.ui.launch;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

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
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.dialogs.ElementListSelectionDialog;
import org.perfcast.ide.Engines;
import org.perfcast.ide.SimulationLaunch;

/**
 * Run As &gt; Perfcast Simulation on a model file (selected or in the active editor): reuses the file's
 * launch configuration, or creates one for the engine that runs the file (asking which when several do).
 */
public final class SimulationLaunchShortcut implements ILaunchShortcut2 {

	@Override
	public void launch(ISelection selection, String mode) {
		IFile file = fileOf(selection);
		if (file != null) {
			launch(file, mode);
		}
	}

	@Override
	public void launch(IEditorPart editor, String mode) {
		IFile file = Adapters.adapt(editor.getEditorInput(), IFile.class);
		if (file != null) {
			launch(file, mode);
		}
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(ISelection selection) {
		IFile file = fileOf(selection);
		return file == null ? null : existing(file).toArray(ILaunchConfiguration[]::new);
	}

	@Override
	public ILaunchConfiguration[] getLaunchConfigurations(IEditorPart editor) {
		IFile file = Adapters.adapt(editor.getEditorInput(), IFile.class);
		return file == null ? null : existing(file).toArray(ILaunchConfiguration[]::new);
	}

	@Override
	public IResource getLaunchableResource(ISelection selection) {
		return fileOf(selection);
	}

	@Override
	public IResource getLaunchableResource(IEditorPart editor) {
		return Adapters.adapt(editor.getEditorInput(), IFile.class);
	}

	/**
	 * A saved launch configuration running {@code engineId} on {@code file} with no bindings, sweeps or
	 * options given.
	 */
	public static ILaunchConfiguration create(IFile file, String engineId) throws CoreException {
		ILaunchManager manager = DebugPlugin.getDefault().getLaunchManager();
		ILaunchConfigurationWorkingCopy copy = type().newInstance(null,
				manager.generateLaunchConfigurationName(file.getName()));
		new SimulationLaunch(engineId, file.getFullPath().toString(), List.of(), List.of(), Map.of()).write(copy);
		return copy.doSave();
	}

	private static void launch(IFile file, String mode) {
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		try {
			List<ILaunchConfiguration> configs = existing(file);
			ILaunchConfiguration config = configs.isEmpty() ? null : configs.get(0);
			if (config == null) {
				String engineId = chooseEngine(shell, file);
				if (engineId == null) {
					return;
				}
				config = create(file, engineId);
			}
			DebugUITools.launch(config, mode);
		} catch (CoreException e) {
			ErrorDialog.openError(shell, Messages.SHORTCUT_TITLE, null, e.getStatus());
		}
	}

	private static String chooseEngine(Shell shell, IFile file) {
		List<Engines.Descriptor> engines = Engines.forExtension(file.getFileExtension());
		if (engines.isEmpty()) {
			MessageDialog.openError(shell, Messages.SHORTCUT_TITLE, String.format(Messages.SHORTCUT_NO_ENGINE,
					file.getFullPath()));
			return null;
		}
		if (engines.size() == 1) {
			return engines.get(0).id();
		}
		ElementListSelectionDialog dialog = new ElementListSelectionDialog(shell, LabelProvider.createTextProvider(
				e -> ((Engines.Descriptor) e).name()));
		dialog.setTitle(Messages.SHORTCUT_TITLE);
		dialog.setMessage(String.format(Messages.SHORTCUT_CHOOSE, file.getName()));
		dialog.setElements(engines.toArray());
		dialog.setMultipleSelection(false);
		return dialog.open() == Window.OK ? ((Engines.Descriptor) dialog.getFirstResult()).id() : null;
	}

	/** The saved configurations that run {@code file}. */
	static List<ILaunchConfiguration> existing(IFile file) {
		try {
			String path = file.getFullPath().toString();
			return Arrays.stream(DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurations(type()))
					.filter(c -> path.equals(model(c))).toList();
		} catch (CoreException e) {
			return List.of();
		}
	}

	private static String model(ILaunchConfiguration config) {
		try {
			return config.getAttribute(SimulationLaunch.ATTR_MODEL, "");
		} catch (CoreException e) {
			return "";
		}
	}

	private static ILaunchConfigurationType type() {
		return DebugPlugin.getDefault().getLaunchManager().getLaunchConfigurationType(SimulationLaunch.TYPE_ID);
	}

	private static IFile fileOf(ISelection selection) {
		return selection instanceof IStructuredSelection s && s.size() == 1 ? Adapters.adapt(s.getFirstElement(),
				IFile.class) : null;
	}
}
