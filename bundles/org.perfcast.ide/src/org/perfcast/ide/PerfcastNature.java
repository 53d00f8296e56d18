package org.perfcast.ide;

import java.util.Arrays;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IProjectNature;
import org.eclipse.core.runtime.CoreException;

/**
 * The Perfcast project nature: a project with it has the {@link PerfcastBuilder} on its build spec, so its
 * models are predicted on every save.
 */
public final class PerfcastNature implements IProjectNature {

	/** The nature's id, as written in {@code .project}. */
	public static final String ID = "org.perfcast.ide.nature";

	private IProject project;

	@Override
	public void configure() throws CoreException {
		IProjectDescription description = project.getDescription();
		ICommand[] commands = description.getBuildSpec();
		if (Arrays.stream(commands).anyMatch(c -> PerfcastBuilder.ID.equals(c.getBuilderName()))) {
			return;
		}
		ICommand command = description.newCommand();
		command.setBuilderName(PerfcastBuilder.ID);
		ICommand[] extended = Arrays.copyOf(commands, commands.length + 1);
		extended[commands.length] = command;
		description.setBuildSpec(extended);
		project.setDescription(description, null);
	}

	@Override
	public void deconfigure() throws CoreException {
		IProjectDescription description = project.getDescription();
		ICommand[] kept = Arrays.stream(description.getBuildSpec())
				.filter(c -> !PerfcastBuilder.ID.equals(c.getBuilderName())).toArray(ICommand[]::new);
		description.setBuildSpec(kept);
		project.setDescription(description, null);
		project.deleteMarkers(PerfcastMarkers.PROBLEM, true, org.eclipse.core.resources.IResource.DEPTH_INFINITE);
	}

	@Override
	public IProject getProject() {
		return project;
	}

	@Override
	public void setProject(IProject project) {
		this.project = project;
	}
}
