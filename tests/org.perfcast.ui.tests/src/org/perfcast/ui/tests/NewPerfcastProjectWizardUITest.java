package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.wizards.IWizardDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastNature;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.ui.PerfcastPerspective;
import org.perfcast.ui.wizards.NewPerfcastProjectWizard;

class NewPerfcastProjectWizardUITest {

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.removeProjects();
	}

	/** Opens the wizard as File > New > Perfcast Project does and types {@code projectName}. */
	private static WizardDialog openWizard(String projectName) {
		IWizardDescriptor descriptor = PlatformUI.getWorkbench().getNewWizardRegistry()
				.findWizard(NewPerfcastProjectWizard.ID);
		assertNotNull(descriptor, "wizard is registered");
		assertEquals("Perfcast Project", descriptor.getLabel());
		INewWizard wizard;
		try {
			wizard = (INewWizard) descriptor.createWizard();
		} catch (CoreException e) {
			throw new AssertionError(e);
		}
		wizard.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		UiTests.flush();
		assertFalse(finishButton(dialog).isEnabled(), "Finish is disabled until a name is typed");
		Text name = UiTests.find(dialog.getShell(), Text.class, t -> true);
		name.setText(projectName);
		UiTests.flush();
		return dialog;
	}

	private static Button finishButton(WizardDialog dialog) {
		Button finish = UiTests.find(dialog.getShell(), Button.class,
				b -> b.getText().equals(IDialogConstants.FINISH_LABEL));
		assertNotNull(finish, "Finish button");
		return finish;
	}

	@Test
	void testWizardCreatesProjectWithNature() throws CoreException {
		WizardDialog dialog = openWizard("wizard-made");
		Button finish = finishButton(dialog);
		assertTrue(finish.isEnabled(), "Finish is enabled once a name is typed");
		finish.notifyListeners(SWT.Selection, null);
		UiTests.waitUntil(() -> dialog.getShell() == null, 10_000, "the wizard to close");

		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("wizard-made");
		assertTrue(project.exists());
		assertTrue(project.isOpen());
		assertTrue(project.hasNature(PerfcastNature.ID));
		assertTrue(PerfcastProjects.isPerfcastProject(project));
		assertEquals(PerfcastPerspective.ID, UiTests.page().getPerspective().getId());
	}

	@Test
	void testExistingNameKeepsTheWizardOpen() throws CoreException {
		PerfcastProjects.create("taken", null, null);
		WizardDialog dialog = openWizard("taken");
		// the page refuses the name: Finish stays disabled, so the existing project cannot be touched
		try {
			assertFalse(finishButton(dialog).isEnabled());
		} finally {
			dialog.close();
		}
	}
}
