package org.perfcast.ui.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.ui.dialogs.PreferencesUtil;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.ide.ClusterPreferences;
import org.perfcast.ide.SimulationLaunch;

/** Where the points run: on this machine, or as a SLURM job array on the cluster of the preferences. */
final class RunOnTab extends AbstractLaunchConfigurationTab {

	private Button here;
	private Button slurm;
	private Label cluster;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(top);
		new Label(top, SWT.NONE).setText(Messages.RUN_ON_LABEL);
		here = new Button(top, SWT.RADIO);
		here.setText(Messages.RUN_ON_THIS_MACHINE);
		slurm = new Button(top, SWT.RADIO);
		slurm.setText(Messages.RUN_ON_SLURM);
		for (Button button : new Button[] { here, slurm }) {
			button.addListener(SWT.Selection, e -> {
				showCluster();
				updateLaunchConfigurationDialog();
			});
		}
		cluster = new Label(top, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).indent(20, 0).hint(400, SWT.DEFAULT).applyTo(cluster);
		Link preferences = new Link(top, SWT.NONE);
		preferences.setText(Messages.RUN_ON_PREFERENCES);
		preferences.addListener(SWT.Selection, e -> {
			PreferencesUtil.createPreferenceDialogOn(getShell(), ClusterPreferencePage.ID, null, null).open();
			showCluster();
			updateLaunchConfigurationDialog();
		});
		setControl(top);
	}

	/** The SLURM choice, for tests. */
	Button slurmButton() {
		return slurm;
	}

	@Override
	public String getName() {
		return Messages.RUN_ON_TAB;
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_RUN_ON, SimulationLaunch.RUN_ON_THIS_MACHINE);
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		boolean onSlurm;
		try {
			onSlurm = SimulationLaunch.RUN_ON_SLURM.equals(
					configuration.getAttribute(SimulationLaunch.ATTR_RUN_ON, SimulationLaunch.RUN_ON_THIS_MACHINE));
		} catch (CoreException e) {
			onSlurm = false;
		}
		here.setSelection(!onSlurm);
		slurm.setSelection(onSlurm);
		showCluster();
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_RUN_ON,
				slurm.getSelection() ? SimulationLaunch.RUN_ON_SLURM : SimulationLaunch.RUN_ON_THIS_MACHINE);
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		setErrorMessage(null);
		if (slurm.getSelection()) {
			try {
				ClusterPreferences.settings();
			} catch (CoreException e) {
				setErrorMessage(e.getMessage());
				return false;
			}
		}
		return true;
	}

	private void showCluster() {
		if (!slurm.getSelection()) {
			cluster.setText("");
		} else {
			try {
				ClusterSettings settings = ClusterPreferences.settings();
				cluster.setText(String.format(Messages.RUN_ON_CLUSTER, settings.sshTarget().orElse(Messages.RUN_ON_LOCAL_SBATCH),
						settings.partition().isEmpty() ? Messages.RUN_ON_DEFAULT : settings.partition(),
						settings.timeLimit().isEmpty() ? Messages.RUN_ON_DEFAULT : settings.timeLimit(),
						settings.perfcastCommand()));
			} catch (CoreException e) {
				cluster.setText(e.getMessage());
			}
		}
		cluster.getParent().layout(true, true);
	}
}
