package org.perfcast.ide;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;

/**
 * Brings the example projects (each a folder with a {@code .project} file) into the workspace in place,
 * without copying, the way File &gt; Import &gt; Existing Projects does.
 */
public final class ExampleProjects {

	private ExampleProjects() {
	}

	/**
	 * Imports and opens every project folder directly inside {@code directory}. Projects already in the
	 * workspace are opened if closed and otherwise left alone.
	 *
	 * @return the projects of {@code directory}, in name order
	 * @throws CoreException if {@code directory} cannot be listed or a {@code .project} cannot be read
	 */
	public static List<IProject> importAll(Path directory, IProgressMonitor monitor) throws CoreException {
		List<Path> folders;
		try (Stream<Path> children = Files.list(directory)) {
			folders = children.filter(p -> Files.isRegularFile(p.resolve(IProjectDescription.DESCRIPTION_FILE_NAME)))
					.sorted().toList();
		} catch (IOException e) {
			throw new CoreException(Status.error("Cannot list example projects in " + directory, e));
		}
		SubMonitor sub = SubMonitor.convert(monitor, "Importing example projects", folders.size());
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		List<IProject> projects = new ArrayList<>();
		for (Path folder : folders) {
			IPath location = IPath.fromPath(folder.toAbsolutePath().normalize());
			IProjectDescription description = workspace
					.loadProjectDescription(location.append(IProjectDescription.DESCRIPTION_FILE_NAME));
			IProject project = workspace.getRoot().getProject(description.getName());
			SubMonitor step = sub.split(1).setWorkRemaining(2);
			if (!project.exists()) {
				IPath defaultLocation = workspace.getRoot().getLocation().append(description.getName());
				description.setLocation(defaultLocation.equals(location) ? null : location);
				project.create(description, step.split(1));
			}
			if (!project.isOpen()) {
				project.open(step.split(1));
			}
			projects.add(project);
		}
		return projects;
	}
}
