package org.perfcast.ui.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.preference.FieldEditorPreferencePage;
import org.eclipse.jface.preference.IntegerFieldEditor;
import org.eclipse.jface.preference.RadioGroupFieldEditor;
import org.eclipse.jface.preference.StringFieldEditor;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.perfcast.ide.ClusterPreferences;
import org.perfcast.ide.PerfcastIde;

/**
 * Preferences &gt; Perfcast SLURM Cluster: where "Run on: SLURM cluster" launches submit their job arrays (this
 * machine's sbatch, or ssh to a login node with its user and a folder for the jobs' files), the partition, the
 * tasks' time limit, where perfcast-cli is installed on the cluster and the points per task.
 */
public final class ClusterPreferencePage extends FieldEditorPreferencePage implements IWorkbenchPreferencePage {

	/** The page's id. */
	public static final String ID = "org.perfcast.ui.clusterPreferences";

	public ClusterPreferencePage() {
		super(GRID);
		setPreferenceStore(new ScopedPreferenceStore(InstanceScope.INSTANCE, PerfcastIde.PLUGIN_ID));
		setDescription(Messages.CLUSTER_DESCRIPTION);
	}

	@Override
	public void init(IWorkbench workbench) {
		getPreferenceStore().setDefault(ClusterPreferences.SUBMIT, ClusterPreferences.SUBMIT_LOCAL);
		getPreferenceStore().setDefault(ClusterPreferences.POINTS_PER_TASK, 0);
	}

	@Override
	protected void createFieldEditors() {
		addField(new RadioGroupFieldEditor(ClusterPreferences.SUBMIT, Messages.CLUSTER_SUBMIT, 1, new String[][] {
				{ Messages.CLUSTER_SUBMIT_LOCAL, ClusterPreferences.SUBMIT_LOCAL },
				{ Messages.CLUSTER_SUBMIT_SSH, ClusterPreferences.SUBMIT_SSH } }, getFieldEditorParent(), true));
		addField(new StringFieldEditor(ClusterPreferences.HOST, Messages.CLUSTER_HOST, getFieldEditorParent()));
		addField(new StringFieldEditor(ClusterPreferences.USER, Messages.CLUSTER_USER, getFieldEditorParent()));
		addField(new StringFieldEditor(ClusterPreferences.REMOTE_DIR, Messages.CLUSTER_REMOTE_DIR, getFieldEditorParent()));
		addField(new StringFieldEditor(ClusterPreferences.PARTITION, Messages.CLUSTER_PARTITION, getFieldEditorParent()));
		addField(new StringFieldEditor(ClusterPreferences.TIME_LIMIT, Messages.CLUSTER_TIME_LIMIT, getFieldEditorParent()));
		addField(new StringFieldEditor(ClusterPreferences.DISTRIBUTION, Messages.CLUSTER_DISTRIBUTION,
				getFieldEditorParent()));
		IntegerFieldEditor perTask = new IntegerFieldEditor(ClusterPreferences.POINTS_PER_TASK,
				Messages.CLUSTER_POINTS_PER_TASK, getFieldEditorParent());
		perTask.setValidRange(0, 100_000);
		addField(perTask);
	}

	@Override
	public boolean performOk() {
		boolean saved = super.performOk();
		try {
			ClusterPreferences.settings();
			setErrorMessage(null);
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
		return saved;
	}
}
