package org.perfcast.ui.internal;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.ui.handlers.HandlerUtil;
import org.perfcast.ide.PerfcastProjects;

/** Configure &gt; Convert to Perfcast Project: adds the Perfcast nature to the selected projects. */
public final class AddPerfcastNatureHandler extends AbstractHandler {

	@Override
	public Object execute(ExecutionEvent event) {
		List<IProject> projects = new ArrayList<>();
		for (Object element : HandlerUtil.getCurrentStructuredSelection(event)) {
			IProject project = Adapters.adapt(element, IProject.class);
			if (project != null && project.isOpen()) {
				projects.add(project);
			}
		}
		if (projects.isEmpty()) {
			return null;
		}
		WorkspaceJob job = new WorkspaceJob("Converting to Perfcast project") {
			@Override
			public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
				SubMonitor sub = SubMonitor.convert(monitor, projects.size());
				for (IProject project : projects) {
					PerfcastProjects.addNature(project, sub.split(1));
				}
				return Status.OK_STATUS;
			}
		};
		job.setRule(ResourcesPlugin.getWorkspace().getRuleFactory().modifyRule(ResourcesPlugin.getWorkspace().getRoot()));
		job.setUser(true);
		job.schedule();
		return null;
	}
}
