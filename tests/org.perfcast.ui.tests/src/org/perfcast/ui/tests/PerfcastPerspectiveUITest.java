package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.WorkbenchException;
import org.junit.jupiter.api.Test;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.wizards.NewPerfcastProjectWizard;

class PerfcastPerspectiveUITest {

	@Test
	void testPerspectiveOpensWithItsViews() throws WorkbenchException {
		IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
		PlatformUI.getWorkbench().showPerspective(PerfcastPerspective.ID, window);
		IWorkbenchPage page = window.getActivePage();
		page.resetPerspective();
		UiTests.flush();

		assertEquals(PerfcastPerspective.ID, page.getPerspective().getId());
		assertEquals("Perfcast", page.getPerspective().getLabel());
		for (String view : new String[] { PerfcastPerspective.PROJECT_EXPLORER, IPageLayout.ID_PROBLEM_VIEW,
				IPageLayout.ID_OUTLINE }) {
			assertNotNull(page.findView(view), view);
		}
		assertNotNull(page.findViewReference(IPageLayout.ID_PROGRESS_VIEW), "Progress view");
		assertTrue(Arrays.asList(page.getNewWizardShortcuts()).contains(NewPerfcastProjectWizard.ID));
	}

	@Test
	void testPerfcastIsTheProductsDefaultPerspective() {
		assertEquals(PerfcastPerspective.ID,
				PlatformUI.getWorkbench().getPerspectiveRegistry().getDefaultPerspective());
	}
}
