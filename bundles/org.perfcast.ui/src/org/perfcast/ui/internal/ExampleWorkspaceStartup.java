package org.perfcast.ui.internal;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.WorkbenchException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.navigator.CommonNavigator;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ui.PerfcastPerspective;

/**
 * Startup hook of {@code ./perfcast ide}. With {@code -Dperfcast.examples=DIR} it brings the example
 * projects of DIR into the workspace and shows them, collapsed and none selected, in the Project Explorer, and on
 * the workspace's first start opens the five-minute tour (the Perfcast Tour view, {@code tour/tour.xml}). With
 * {@code -Dperfcast.screenshot=FILE} it then waits for the build, saves a screenshot of the workbench
 * window as FILE and, with {@code -Dperfcast.exitAfterScreenshot=true}, closes the workbench.
 * Without these properties it does nothing.
 */
public final class ExampleWorkspaceStartup implements IStartup {

	static final String EXAMPLES = "perfcast.examples";
	static final String SCREENSHOT = "perfcast.screenshot";
	static final String EXIT_AFTER_SCREENSHOT = "perfcast.exitAfterScreenshot";
	/** {@code -Dperfcast.tour=false}: no tour on the first start (the UI tests'). */
	static final String TOUR = "perfcast.tour";

	@Override
	public void earlyStartup() {
		String examples = System.getProperty(EXAMPLES);
		String screenshot = System.getProperty(SCREENSHOT);
		if (examples == null && screenshot == null) {
			return;
		}
		ILog log = ILog.of(ExampleWorkspaceStartup.class);
		List<IProject> projects = List.of();
		if (examples != null) {
			try {
				List<IProject>[] imported = new List[1];
				IWorkspaceRunnable importAll = monitor -> imported[0] = ExampleProjects.importAll(Path.of(examples), monitor);
				ResourcesPlugin.getWorkspace().run(importAll, null);
				projects = imported[0];
			} catch (CoreException e) {
				log.log(Status.error("Cannot import the Perfcast example projects from " + examples, e));
			}
		}
		waitForBuild();
		List<IProject> reveal = projects;
		IWorkbench workbench = PlatformUI.getWorkbench();
		Display display = workbench.getDisplay();
		display.syncExec(() -> reveal(workbench, reveal));
		if (!reveal.isEmpty() && screenshot == null && !"false".equals(System.getProperty(TOUR))) {
			// the first start of the example workspace opens the five-minute tour
			display.asyncExec(org.perfcast.ui.internal.tour.Tour::openOnFirstStart);
		}
		if (screenshot != null) {
			// give the explorer and decorators one more moment to paint
			sleep(1500);
			display.syncExec(() -> {
				IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
				if (window == null && workbench.getWorkbenchWindowCount() > 0) {
					window = workbench.getWorkbenchWindows()[0];
				}
				try {
					// without a window manager (Xvfb) the window keeps its default size: fill the screen
					window.getShell().setBounds(display.getPrimaryMonitor().getClientArea());
					Screenshots.save(window.getShell(), Path.of(screenshot));
					log.info("Perfcast: saved screenshot " + screenshot);
				} catch (Exception e) {
					log.log(Status.error("Cannot save the screenshot " + screenshot, e));
				}
				if (Boolean.getBoolean(EXIT_AFTER_SCREENSHOT)) {
					workbench.close();
				}
			});
		}
	}

	private static void reveal(IWorkbench workbench, List<IProject> projects) {
		IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
		if (window == null || window.getActivePage() == null) {
			return;
		}
		try {
			workbench.showPerspective(PerfcastPerspective.ID, window);
			IViewPart explorer = window.getActivePage().showView(PerfcastPerspective.PROJECT_EXPLORER);
			if (explorer instanceof CommonNavigator navigator && !projects.isEmpty()) {
				// a first start shows the projects collapsed and nothing selected: the tour says where to begin
				navigator.getCommonViewer().collapseAll();
				navigator.getCommonViewer().setSelection(StructuredSelection.EMPTY);
			}
		} catch (WorkbenchException e) {
			ILog.of(ExampleWorkspaceStartup.class).log(Status.warning("Cannot show the example projects", e));
		}
	}

	private static void waitForBuild() {
		try {
			Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		} catch (OperationCanceledException | InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
