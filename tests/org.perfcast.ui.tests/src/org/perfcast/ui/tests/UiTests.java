package org.perfcast.ui.tests;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;

/** Helpers for tests that run in the UI thread of a real workbench. */
final class UiTests {

	private UiTests() {
	}

	static IWorkbenchPage page() {
		return PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
	}

	/** Runs the event loop until {@code condition} holds, failing after {@code millis}. */
	static void waitUntil(BooleanSupplier condition, long millis, String what) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + millis;
		while (!condition.getAsBoolean()) {
			if (System.currentTimeMillis() > end) {
				throw new AssertionError("timed out waiting for " + what);
			}
			if (!display.readAndDispatch()) {
				display.timerExec(20, () -> {
					// wakes the sleeping event loop
				});
				display.sleep();
			}
		}
	}

	/** Processes pending UI events. */
	static void flush() {
		Display display = Display.getCurrent();
		while (display.readAndDispatch()) {
			// drain
		}
	}

	/** The first control of {@code type} in the tree under {@code root} that matches, or null. */
	static <T extends Control> T find(Control root, Class<T> type, java.util.function.Predicate<T> matches) {
		if (type.isInstance(root) && matches.test(type.cast(root))) {
			return type.cast(root);
		}
		if (root instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				T found = find(child, type, matches);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}

	/** Every control of {@code type} in the tree under {@code root}, in tree order. */
	static <T extends Control> java.util.List<T> findAll(Control root, Class<T> type) {
		java.util.List<T> found = new java.util.ArrayList<>();
		if (type.isInstance(root)) {
			found.add(type.cast(root));
		}
		if (root instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				found.addAll(findAll(child, type));
			}
		}
		return found;
	}

	/** Where screenshots go: the build's target/screenshots, or the temp folder outside the build. */
	static Path screenshots() {
		return Path.of(System.getProperty("perfcast.screenshots", System.getProperty("java.io.tmpdir")));
	}

	/** Deletes every project from the workspace, keeping files outside it (the repository's examples). */
	static void removeProjects() throws CoreException {
		for (IProject project : ResourcesPlugin.getWorkspace().getRoot().getProjects()) {
			boolean inWorkspace = ResourcesPlugin.getWorkspace().getRoot().getLocation().isPrefixOf(project.getLocation());
			project.delete(inWorkspace, true, null);
		}
	}

	/** Cancels and waits for the simulation jobs, closes the editors and removes the projects. */
	static void endSimulations() throws Exception {
		org.perfcast.ide.SimulationJob.cancelAll();
		org.eclipse.core.runtime.jobs.Job.getJobManager().join(org.perfcast.ide.SimulationJob.FAMILY, null);
		page().closeAllEditors(false);
		removeProjects();
	}

	/**
	 * Launches {@code config} and returns the one simulation job the launch scheduled, caught as it is scheduled: a
	 * short run may be over before the launch returns, when a search for running jobs would find none.
	 */
	static org.perfcast.ide.SimulationJob launch(org.eclipse.debug.core.ILaunchConfiguration config)
			throws CoreException {
		java.util.List<org.perfcast.ide.SimulationJob> scheduled = new java.util.concurrent.CopyOnWriteArrayList<>();
		org.eclipse.core.runtime.jobs.IJobChangeListener listener = new org.eclipse.core.runtime.jobs.JobChangeAdapter() {
			@Override
			public void scheduled(org.eclipse.core.runtime.jobs.IJobChangeEvent event) {
				if (event.getJob() instanceof org.perfcast.ide.SimulationJob job) {
					scheduled.add(job);
				}
			}
		};
		org.eclipse.core.runtime.jobs.Job.getJobManager().addJobChangeListener(listener);
		try {
			config.launch(org.eclipse.debug.core.ILaunchManager.RUN_MODE, null);
		} finally {
			org.eclipse.core.runtime.jobs.Job.getJobManager().removeJobChangeListener(listener);
		}
		org.junit.jupiter.api.Assertions.assertEquals(1, scheduled.size(), "the launch runs one simulation job");
		return scheduled.get(0);
	}

	/**
	 * Launches {@code settings} on {@code model} as a simulation launch configuration, waits for its job, and selects
	 * its run in {@code view} once the run's summary has {@code points} rows.
	 *
	 * @return the run's entries in the view
	 */
	static java.util.List<org.perfcast.ui.results.RunEntry> simulate(org.perfcast.ui.results.ResultsView view,
			org.eclipse.core.resources.IFile model, org.perfcast.ide.SimulationLaunch settings, int points)
			throws Exception {
		org.eclipse.debug.core.ILaunchConfigurationWorkingCopy copy = org.perfcast.ui.launch.SimulationLaunchShortcut
				.create(model, settings.engineId()).getWorkingCopy();
		settings.write(copy);
		org.perfcast.ide.SimulationJob job = launch(copy.doSave());
		job.join();
		org.junit.jupiter.api.Assertions.assertTrue(job.getResult().isOK(), job.getResult().toString());
		waitUntil(() -> view.getRuns().stream().anyMatch(r -> r.file().equals(job.resultsFile())), 10_000,
				"the run in the Results view");
		java.util.List<org.perfcast.ui.results.RunEntry> mine = view.getRuns().stream().filter(r -> r.file().equals(
				job.resultsFile())).toList();
		waitUntil(() -> {
			view.select(mine);
			return view.getSummaryTab().getViewer().getTable().getItemCount() == points;
		}, 10_000, "the run's summary");
		return mine;
	}

	/**
	 * Makes the window 1400 × 900 with the view {@code id} maximised, for screenshots; closing it restores both.
	 */
	static AutoCloseable maximised(String id) {
		org.eclipse.swt.widgets.Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		org.eclipse.swt.graphics.Rectangle bounds = shell.getBounds();
		shell.setBounds(0, 0, 1400, 900);
		page().setPartState(page().findViewReference(id), IWorkbenchPage.STATE_MAXIMIZED);
		return () -> {
			page().setPartState(page().findViewReference(id), IWorkbenchPage.STATE_RESTORED);
			shell.setBounds(bounds);
		};
	}

	/** The action {@code id} on the toolbar of {@code view}, as the user finds it there. */
	static <T extends org.eclipse.jface.action.IAction> T action(org.eclipse.ui.IViewPart view, String id,
			Class<T> type) {
		org.eclipse.jface.action.IContributionItem item = view.getViewSite().getActionBars().getToolBarManager()
				.find(id);
		if (!(item instanceof org.eclipse.jface.action.ActionContributionItem contribution)) {
			throw new AssertionError("no action " + id + " on the toolbar of " + view.getTitle());
		}
		return type.cast(contribution.getAction());
	}
}
