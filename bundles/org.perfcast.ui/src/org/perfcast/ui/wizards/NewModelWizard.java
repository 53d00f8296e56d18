package org.perfcast.ui.wizards;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.WizardNewFileCreationPage;
import org.eclipse.ui.ide.IDE;
import org.perfcast.ui.internal.emf.ModelKind;
import org.perfcast.ui.internal.emf.ModelTemplates;

/**
 * File &gt; New &gt; Perfcast &gt; Machine, Layout or Program Model: creates a small valid model file in a
 * chosen folder and opens it in the model editor. The kind comes from the wizard's registration
 * ({@code class="...NewModelWizard:machine"}).
 */
public final class NewModelWizard extends Wizard implements INewWizard, IExecutableExtension {

	/** The wizards' ids in the New wizard list: this prefix and the kind's file extension. */
	public static final String ID_PREFIX = "org.perfcast.ui.wizards.new.";

	private ModelKind kind = ModelKind.MACHINE;
	private IWorkbench workbench;
	private IStructuredSelection selection;
	private WizardNewFileCreationPage page;

	@Override
	public void setInitializationData(IConfigurationElement config, String propertyName, Object data) {
		if (data instanceof String extension && ModelKind.of(extension) != null) {
			kind = ModelKind.of(extension);
		}
	}

	@Override
	public void init(IWorkbench newWorkbench, IStructuredSelection newSelection) {
		workbench = newWorkbench;
		selection = newSelection;
		setWindowTitle("New " + kindName() + " Model");
	}

	private String kindName() {
		return kind.root().getName();
	}

	@Override
	public void addPages() {
		page = new WizardNewFileCreationPage("newModel", selection) {
			@Override
			protected InputStream getInitialContents() {
				String name = getFileName().replaceFirst("\\.[^.]*$", "");
				return new ByteArrayInputStream(ModelTemplates.xmi(kind, name));
			}
		};
		page.setTitle(kindName() + " Model");
		page.setDescription("Create a " + kind.extension() + " model file to edit in the Perfcast model editor.");
		page.setFileExtension(kind.extension());
		page.setFileName("new." + kind.extension());
		addPage(page);
	}

	@Override
	public boolean performFinish() {
		IFile file = page.createNewFile();
		if (file == null) {
			return false;
		}
		try {
			IDE.openEditor(workbench.getActiveWorkbenchWindow().getActivePage(), file);
		} catch (PartInitException e) {
			page.setErrorMessage(e.getMessage());
			return false;
		}
		return true;
	}
}
