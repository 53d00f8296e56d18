package org.perfcast.ide;

import java.net.URI;
import java.util.Arrays;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;

/** Creating Perfcast projects and turning existing projects into Perfcast projects. */
public final class PerfcastProjects {

	private PerfcastProjects() {
	}

	/**
	 * Creates and opens a new project with the Perfcast nature.
	 *
	 * @param name     the project name
	 * @param location the project's location, or {@code null} for the default location in the workspace
	 * @throws CoreException if the name is invalid, a project of that name exists, or the file system
	 *                       refuses
	 */
	public static IProject create(String name, URI location, IProgressMonitor monitor) throws CoreException {
		SubMonitor sub = SubMonitor.convert(monitor, "Creating Perfcast project " + name, 3);
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		IStatus valid = workspace.validateName(name, org.eclipse.core.resources.IResource.PROJECT);
		if (!valid.isOK()) {
			throw new CoreException(valid);
		}
		IProject project = workspace.getRoot().getProject(name);
		if (project.exists()) {
			throw new CoreException(Status.error("A project named '" + name + "' already exists."));
		}
		IProjectDescription description = workspace.newProjectDescription(name);
		description.setLocationURI(location);
		project.create(description, sub.split(1));
		project.open(sub.split(1));
		// natures in the description given to create() are not configured; adding it configures the builder
		addNature(project, sub.split(1));
		return project;
	}

	/** Whether {@code project} is open and has the Perfcast nature. */
	public static boolean isPerfcastProject(IProject project) {
		try {
			return project.isOpen() && project.hasNature(PerfcastNature.ID);
		} catch (CoreException e) {
			return false;
		}
	}

	/** Adds the Perfcast nature (and so the builder) to an open project; does nothing if it has it. */
	public static void addNature(IProject project, IProgressMonitor monitor) throws CoreException {
		IProjectDescription description = project.getDescription();
		String[] natures = description.getNatureIds();
		if (Arrays.asList(natures).contains(PerfcastNature.ID)) {
			return;
		}
		String[] extended = Arrays.copyOf(natures, natures.length + 1);
		extended[natures.length] = PerfcastNature.ID;
		description.setNatureIds(extended);
		project.setDescription(description, monitor);
	}
}
