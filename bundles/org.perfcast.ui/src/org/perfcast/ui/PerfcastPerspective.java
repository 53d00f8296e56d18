package org.perfcast.ui;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;
import org.perfcast.ui.mapping.MappingView;
import org.perfcast.ui.results.ResultsView;
import org.perfcast.ui.wizards.NewModelWizard;
import org.perfcast.ui.wizards.NewPerfcastProjectWizard;

/**
 * The Perfcast perspective: projects on the left, models in the editor area, predictions (Problems) and
 * running simulations (Progress) below, the outline on the right.
 */
public final class PerfcastPerspective implements IPerspectiveFactory {

	/** The perspective's id. */
	public static final String ID = "org.perfcast.ui.perspective";

	/** Id of the Project Explorer view. */
	public static final String PROJECT_EXPLORER = "org.eclipse.ui.navigator.ProjectExplorer";

	private static final String CONSOLE = "org.eclipse.ui.console.ConsoleView";

	@Override
	public void createInitialLayout(IPageLayout layout) {
		String editors = layout.getEditorArea();
		IFolderLayout left = layout.createFolder("left", IPageLayout.LEFT, 0.22f, editors);
		left.addView(PROJECT_EXPLORER);

		IFolderLayout bottom = layout.createFolder("bottom", IPageLayout.BOTTOM, 0.68f, editors);
		bottom.addView(IPageLayout.ID_PROBLEM_VIEW);
		bottom.addView(IPageLayout.ID_PROGRESS_VIEW);
		bottom.addView(IPageLayout.ID_PROP_SHEET);
		bottom.addView(MappingView.ID);
		bottom.addView(ResultsView.ID);
		bottom.addPlaceholder(CONSOLE);

		IFolderLayout right = layout.createFolder("right", IPageLayout.RIGHT, 0.76f, editors);
		right.addView(IPageLayout.ID_OUTLINE);
		right.addPlaceholder(org.perfcast.ui.internal.tour.Tour.VIEW); // the tour, beside the editor it explains

		layout.addNewWizardShortcut(NewPerfcastProjectWizard.ID);
		for (String kind : new String[] { "machine", "layout", "program" }) {
			layout.addNewWizardShortcut(NewModelWizard.ID_PREFIX + kind);
		}
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.folder");
		layout.addNewWizardShortcut("org.eclipse.ui.wizards.new.file");
		layout.addShowViewShortcut(PROJECT_EXPLORER);
		layout.addShowViewShortcut(IPageLayout.ID_PROBLEM_VIEW);
		layout.addShowViewShortcut(IPageLayout.ID_PROGRESS_VIEW);
		layout.addShowViewShortcut(IPageLayout.ID_OUTLINE);
		layout.addShowViewShortcut(IPageLayout.ID_PROP_SHEET);
		layout.addShowViewShortcut(MappingView.ID);
		layout.addShowViewShortcut(ResultsView.ID);
		layout.addShowViewShortcut(org.perfcast.ui.internal.tour.Tour.VIEW);
		layout.addPerspectiveShortcut("org.eclipse.ui.resourcePerspective");
		layout.addPerspectiveShortcut("org.eclipse.jdt.ui.JavaPerspective");
		layout.addActionSet("org.eclipse.debug.ui.launchActionSet");
	}
}
