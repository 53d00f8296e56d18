package org.perfcast.ui.launch;

import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ElementTreeSelectionDialog;
import org.eclipse.ui.model.BaseWorkbenchContentProvider;
import org.eclipse.ui.model.WorkbenchLabelProvider;
import org.perfcast.ide.Engines;
import org.perfcast.ide.SimulationLaunch;

/** The model file to simulate: a workspace path, typed or browsed. */
public final class ModelTab extends AbstractLaunchConfigurationTab {

	private Text model;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(top);
		Group group = new Group(top, SWT.NONE);
		group.setText(Messages.MODEL_GROUP);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(group);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(group);
		model = new Text(group, SWT.BORDER);
		model.setToolTipText(Messages.MODEL_TIP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(model);
		model.addModifyListener(e -> updateLaunchConfigurationDialog());
		Button browse = createPushButton(group, Messages.BROWSE, null);
		browse.addListener(SWT.Selection, e -> browse());
		setControl(top);
	}

	/** The model path field, for tests. */
	Text modelText() {
		return model;
	}

	private void browse() {
		ElementTreeSelectionDialog dialog = new ElementTreeSelectionDialog(getShell(), new WorkbenchLabelProvider(),
				new BaseWorkbenchContentProvider());
		dialog.setTitle(Messages.BROWSE_TITLE);
		dialog.setMessage(Messages.BROWSE_MESSAGE);
		dialog.setInput(ResourcesPlugin.getWorkspace().getRoot());
		dialog.setAllowMultiple(false);
		dialog.addFilter(new ViewerFilter() {
			@Override
			public boolean select(Viewer viewer, Object parent, Object element) {
				return element instanceof IContainer
						|| element instanceof IFile file && !Engines.forExtension(file.getFileExtension()).isEmpty();
			}
		});
		dialog.setValidator(selection -> selection.length == 1 && selection[0] instanceof IFile
				? Status.OK_STATUS
				: Status.error(Messages.BROWSE_MESSAGE));
		if (dialog.open() == Window.OK && dialog.getFirstResult() instanceof IFile file) {
			model.setText(file.getFullPath().toString());
		}
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_MODEL, "");
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		try {
			model.setText(configuration.getAttribute(SimulationLaunch.ATTR_MODEL, ""));
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_MODEL, model.getText().strip());
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		setErrorMessage(null);
		String path = model.getText().strip();
		try {
			new SimulationLaunch("", path, List.of(), List.of(), Map.of()).existingModel();
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
			return false;
		}
		return true;
	}

	@Override
	public String getName() {
		return Messages.MODEL_TAB;
	}
}
