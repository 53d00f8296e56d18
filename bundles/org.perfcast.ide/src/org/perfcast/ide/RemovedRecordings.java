package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;

/**
 * Deletes the {@link WhatIfMarkers} of a recording ({@code *.vtrace}, {@code *.vtraceb}) when the recording is deleted
 * or moved away: a workspace listener, installed once per session, when a profile is marked or the workbench starts.
 */
public final class RemovedRecordings {

	/** The family of the jobs that delete the markers, for joins. */
	public static final Object FAMILY = RemovedRecordings.class.getName();

	private static final Set<String> EXTENSIONS = Set.of("vtrace", "vtraceb");
	private static final AtomicBoolean INSTALLED = new AtomicBoolean();

	private RemovedRecordings() {
	}

	/** Listens to the workspace, unless it does already. */
	public static void install() {
		if (INSTALLED.compareAndSet(false, true)) {
			ResourcesPlugin.getWorkspace().addResourceChangeListener(RemovedRecordings::changed,
					IResourceChangeEvent.POST_CHANGE);
		}
	}

	private static void changed(IResourceChangeEvent event) {
		List<String> removed = new ArrayList<>();
		if (event.getDelta() == null) {
			return;
		}
		try {
			event.getDelta().accept(delta -> {
				IResource resource = delta.getResource();
				if (delta.getKind() == IResourceDelta.REMOVED && resource.getType() == IResource.FILE && EXTENSIONS
						.contains(resource.getFileExtension())) {
					removed.add(resource.getFullPath().toString());
				}
				return true;
			});
		} catch (CoreException e) {
			PerfcastIde.log(e.getStatus());
		}
		if (removed.isEmpty()) {
			return;
		}
		// markers cannot change while the tree is being notified
		WorkspaceJob job = new WorkspaceJob("Perfcast: the what-if markers of deleted recordings") {
			@Override
			public IStatus runInWorkspace(IProgressMonitor monitor) throws CoreException {
				for (String trace : removed) {
					WhatIfMarkers.remove(trace);
				}
				return Status.OK_STATUS;
			}

			@Override
			public boolean belongsTo(Object family) {
				return FAMILY.equals(family);
			}
		};
		job.setSystem(true);
		job.setRule(ResourcesPlugin.getWorkspace().getRoot());
		job.schedule();
	}
}
