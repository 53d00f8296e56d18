package org.perfcast.ide.tests;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;

/** Workspace helpers for the tests. */
final class Workspaces {

	private Workspaces() {
	}

	static IWorkspaceRoot root() {
		return ResourcesPlugin.getWorkspace().getRoot();
	}

	/** Deletes every project with its contents. */
	static void clear() throws CoreException {
		for (IProject project : root().getProjects()) {
			project.delete(true, true, null);
		}
	}

	/** Writes {@code text} to {@code file} as an editor's save does, creating it if needed. */
	static void save(IFile file, String text) throws CoreException {
		ByteArrayInputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
		if (file.exists()) {
			file.setContents(in, true, true, null);
		} else {
			file.create(in, true, null);
		}
	}

	/** Waits until the auto-build triggered by the last change has run. */
	static void waitForAutoBuild() throws InterruptedException {
		Job.getJobManager().wakeUp(ResourcesPlugin.FAMILY_AUTO_BUILD);
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
	}

	/** A condition that may throw. */
	interface Condition {
		boolean holds() throws Exception;
	}

	/** Waits until {@code condition} holds, failing after {@code millis} (a bound on waiting, not on speed). */
	static void waitUntil(Condition condition, long millis, String what) throws Exception {
		long end = System.currentTimeMillis() + millis;
		while (!condition.holds()) {
			if (System.currentTimeMillis() > end) {
				throw new AssertionError("timed out waiting for " + what);
			}
			Thread.sleep(50);
		}
	}
}
