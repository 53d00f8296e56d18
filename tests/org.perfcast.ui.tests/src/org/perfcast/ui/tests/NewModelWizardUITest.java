package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.wizards.IWizardDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.Ring;
import org.perfcast.model.program.Program;
import org.perfcast.ui.editors.ModelEditor;
import org.perfcast.ui.wizards.NewModelWizard;

/** File &gt; New &gt; Perfcast &gt; Machine, Layout and Program Model. */
class NewModelWizardUITest {

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	/** Runs the wizard of {@code kind} on the selected {@code project} with its default file name and returns the editor it opens. */
	private static ModelEditor finish(String kind, String label, IProject project) throws CoreException {
		IWizardDescriptor descriptor = PlatformUI.getWorkbench().getNewWizardRegistry().findWizard(NewModelWizard.ID_PREFIX + kind);
		assertNotNull(descriptor, kind + " wizard is registered");
		assertEquals(label, descriptor.getLabel());
		assertEquals("Perfcast", descriptor.getCategory().getLabel());
		INewWizard wizard = (INewWizard) descriptor.createWizard();
		wizard.init(PlatformUI.getWorkbench(), new StructuredSelection(project));
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		UiTests.flush();
		Button finish = UiTests.find(dialog.getShell(), Button.class, b -> b.getText().equals(IDialogConstants.FINISH_LABEL));
		assertTrue(finish.isEnabled(), "Finish is enabled with the default name in the selected project");
		finish.notifyListeners(SWT.Selection, null);
		UiTests.waitUntil(() -> dialog.getShell() == null, 10_000, "the wizard to close");
		IFile file = project.getFile("new." + kind);
		assertTrue(file.exists());
		ModelEditor editor = assertInstanceOf(ModelEditor.class, UiTests.page().getActiveEditor());
		assertEquals(file, editor.getFile());
		assertNull(editor.getLoadProblem());
		return editor;
	}

	@Test
	void testNewModelsOpenInTheEditor() throws CoreException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("new-models");
		project.create(null);
		project.open(null);

		Machine machine = (Machine) finish("machine", "Machine Model", project).getRoot();
		assertEquals("new", machine.getName());
		assertEquals("P", machine.getProcessorCount());
		assertEquals("P", machine.getParameters().get(0).getName());
		assertEquals("4", machine.getParameters().get(0).getDefaultValue());
		assertInstanceOf(Ring.class, machine.getTopology());

		Layout layout = (Layout) finish("layout", "Layout Model", project).getRoot();
		assertEquals("N", layout.getRows());
		assertEquals("P", layout.getProcessors());

		Program program = (Program) finish("program", "Program Model", project).getRoot();
		assertEquals("P", program.getProcessCount());
		assertEquals(1, program.getSteps().size());
	}
}
