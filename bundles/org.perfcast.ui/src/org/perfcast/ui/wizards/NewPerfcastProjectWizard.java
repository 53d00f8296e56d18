package org.perfcast.ui.wizards;

import java.lang.reflect.InvocationTargetException;
import java.net.URI;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.dialogs.WizardNewProjectCreationPage;
import org.eclipse.ui.wizards.newresource.BasicNewProjectResourceWizard;
import org.eclipse.ui.wizards.newresource.BasicNewResourceWizard;
import org.perfcast.ide.PerfcastProjects;

/**
 * File &gt; New &gt; Perfcast Project: creates a project with the Perfcast nature, so that its models are
 * predicted on every save, and switches to the Perfcast perspective.
 */
public final class NewPerfcastProjectWizard extends Wizard implements INewWizard, IExecutableExtension {

	/** The wizard's id in the New wizard list. */
	public static final String ID = "org.perfcast.ui.wizards.newProject";

	private WizardNewProjectCreationPage page;
	private IConfigurationElement configuration;
	private IWorkbench workbench;
	private IProject created;

	/** Creates the wizard. */
	public NewPerfcastProjectWizard() {
		setWindowTitle("New Perfcast Project");
		setNeedsProgressMonitor(true);
	}

	@Override
	public void init(IWorkbench workbench, IStructuredSelection selection) {
		this.workbench = workbench;
	}

	@Override
	public void setInitializationData(IConfigurationElement config, String propertyName, Object data) {
		this.configuration = config;
	}

	@Override
	public void addPages() {
		page = new WizardNewProjectCreationPage("perfcastProject");
		page.setTitle("Perfcast Project");
		page.setDescription("Create a project for machine, layout and program models that Perfcast predicts on every save.");
		addPage(page);
	}

	@Override
	public boolean performFinish() {
		String name = page.getProjectName();
		URI location = page.useDefaults() ? null : page.getLocationURI();
		try {
			getContainer().run(true, true, monitor -> {
				try {
					created = PerfcastProjects.create(name, location, monitor);
				} catch (CoreException e) {
					throw new InvocationTargetException(e);
				}
			});
		} catch (InvocationTargetException e) {
			IStatus status = e.getCause() instanceof CoreException ce ? ce.getStatus()
					: Status.error("Unexpected failure", e.getCause());
			ErrorDialog.openError(getShell(), "Cannot Create Project", "Project '" + name + "' could not be created.",
					status);
			return false;
		} catch (InterruptedException e) {
			return false;
		}
		if (configuration != null) {
			BasicNewProjectResourceWizard.updatePerspective(configuration);
		}
		if (workbench != null && workbench.getActiveWorkbenchWindow() != null) {
			BasicNewResourceWizard.selectAndReveal(created, workbench.getActiveWorkbenchWindow());
		}
		return true;
	}

	/** The project the wizard created, or {@code null} before it finished. */
	public IProject getCreatedProject() {
		return created;
	}
}
