package org.perfcast.ui.editors;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.emf.edit.domain.IEditingDomainProvider;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StackLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.dialogs.SaveAsDialog;
import org.eclipse.ui.ide.IGotoMarker;
import org.eclipse.ui.part.EditorPart;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.perfcast.ui.internal.emf.DeleteAction;
import org.perfcast.ui.internal.emf.ItemContentProvider;
import org.perfcast.ui.internal.emf.ItemImages;
import org.perfcast.ui.internal.emf.ItemLabelProvider;
import org.perfcast.ui.internal.emf.LoadErrorPage;
import org.perfcast.ui.internal.emf.LoadedModel;
import org.perfcast.ui.internal.emf.Messages;
import org.perfcast.ui.internal.emf.ModelContextMenu;
import org.perfcast.ui.internal.emf.ModelKind;
import org.perfcast.ui.internal.emf.ModelProblems;
import org.perfcast.ui.internal.emf.ModelPropertySheetPage;
import org.perfcast.ui.internal.emf.ProblemLabelProvider;
import org.perfcast.ui.internal.emf.RedoAction;
import org.perfcast.ui.internal.emf.UndoAction;

/**
 * The tree and properties editor of Perfcast model files (machines, layouts, programs). Every change
 * is a command on one command stack, shared with the Properties view and with the file's other editors
 * (its diagram; see {@link SharedModel}), so it can be undone; the editor is dirty until saved. A file that cannot be loaded opens as a read-only page explaining
 * why and is never rewritten. The editor reloads its file when it changes on disk while the editor
 * has no unsaved changes.
 */
public final class ModelEditor extends EditorPart implements IEditingDomainProvider, GlobalActionsEditor {

	/** The ids of the editor, one per kind of model file (for the file icons). */
	public static final String MACHINE_ID = "org.perfcast.ui.editors.machine";
	public static final String LAYOUT_ID = "org.perfcast.ui.editors.layout";
	public static final String PROGRAM_ID = "org.perfcast.ui.editors.program";

	private final IResourceChangeListener markerListener = this::markersChanged;
	private final SharedModel.Listener sharedListener = new SharedModel.Listener() {
		@Override
		public void reloaded() {
			model = shared.model();
			if (pages != null && !pages.isDisposed()) {
				show();
			}
		}

		@Override
		public void moved(IFile file) {
			setInputWithNotify(new FileEditorInput(file));
			setPartName(file.getName());
		}

		@Override
		public void deleted() {
			if (pages != null && !pages.isDisposed() && !isDirty()) {
				getSite().getPage().closeEditor(ModelEditor.this, false);
			}
		}
	};
	private SharedModel shared;
	private ComposedAdapterFactory adapterFactory;
	private AdapterFactoryEditingDomain domain;
	private BasicCommandStack commandStack;
	private LoadedModel model;
	private ItemImages images;
	private Composite pages;
	private TreeViewer viewer;
	private LoadErrorPage errorPage;
	private ModelPropertySheetPage propertySheetPage;
	private UndoAction undo;
	private RedoAction redo;
	private DeleteAction delete;
	private ProblemLabelProvider problemLabels;
	private ModelProblems problems = new ModelProblems();

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof IFileEditorInput)) {
			throw new PartInitException(Messages.NOT_A_FILE);
		}
		setSite(site);
		setInputWithNotify(input);
		setPartName(input.getName());
		shared = SharedModel.acquire(((IFileEditorInput) input).getFile());
		adapterFactory = shared.adapterFactory();
		commandStack = shared.commandStack();
		domain = shared.domain();
		model = shared.model();
		undo = new UndoAction(commandStack);
		redo = new RedoAction(commandStack);
		delete = new DeleteAction(domain);
		commandStack.addCommandStackListener(commandStackListener);
		shared.addListener(sharedListener);
		ResourcesPlugin.getWorkspace().addResourceChangeListener(markerListener, IResourceChangeEvent.POST_CHANGE);
	}

	private final org.eclipse.emf.common.command.CommandStackListener commandStackListener = event -> commandStackChanged();

	/** The model this editor shares with the other editors of its file (e.g. a diagram). */
	public SharedModel getSharedModel() {
		return shared;
	}

	/** The file being edited. */
	public IFile getFile() {
		return ((IFileEditorInput) getEditorInput()).getFile();
	}

	@Override
	public EditingDomain getEditingDomain() {
		return domain;
	}

	/** The root object of the file, or null if the file could not be loaded. */
	public EObject getRoot() {
		return model.ok() ? model.resource().getContents().get(0) : null;
	}

	/** Why the file cannot be edited, or null if it can. */
	public String getLoadProblem() {
		return model.problem();
	}

	/** The tree of the model's objects. */
	public TreeViewer getViewer() {
		return viewer;
	}

	@Override
	public void createPartControl(Composite parent) {
		images = new ItemImages();
		pages = new Composite(parent, SWT.NONE);
		pages.setLayout(new StackLayout());
		viewer = new TreeViewer(pages, SWT.MULTI | SWT.H_SCROLL | SWT.V_SCROLL);
		viewer.setContentProvider(new ItemContentProvider(adapterFactory));
		problemLabels = new ProblemLabelProvider(new ItemLabelProvider(adapterFactory, images), images);
		viewer.setLabelProvider(problemLabels);
		ColumnViewerToolTipSupport.enableFor(viewer);
		viewer.addSelectionChangedListener(event -> delete.selectionChanged(viewer.getStructuredSelection()));
		errorPage = new LoadErrorPage(pages);
		getSite().setSelectionProvider(viewer);

		MenuManager menu = new MenuManager();
		menu.setRemoveAllWhenShown(true);
		menu.addMenuListener(new ModelContextMenu(domain, viewer, images, undo, redo, delete));
		viewer.getTree().setMenu(menu.createContextMenu(viewer.getTree()));
		getSite().registerContextMenu(menu, viewer);
		show();
	}

	private void show() {
		StackLayout layout = (StackLayout) pages.getLayout();
		if (model.ok()) {
			viewer.setInput(model.resource());
			viewer.expandToLevel(2);
			viewer.setSelection(new StructuredSelection(getRoot()));
			layout.topControl = viewer.getControl();
			refreshProblems();
		} else {
			viewer.setInput(null);
			errorPage.setProblem(model.problem());
			layout.topControl = errorPage;
		}
		pages.layout();
	}

	/** Points {@code bars}' undo, redo and delete at this editor. */
	@Override
	public void setGlobalActionHandlers(IActionBars bars) {
		bars.setGlobalActionHandler(ActionFactory.UNDO.getId(), undo);
		bars.setGlobalActionHandler(ActionFactory.REDO.getId(), redo);
		bars.setGlobalActionHandler(ActionFactory.DELETE.getId(), delete);
	}

	private void commandStackChanged() {
		if (pages != null && pages.isDisposed()) {
			return;
		}
		firePropertyChange(PROP_DIRTY);
		undo.update();
		redo.update();
		Command command = commandStack.getMostRecentCommand();
		if (viewer != null && command != null) {
			Collection<?> affected = command.getAffectedObjects();
			if (!affected.isEmpty() && !viewer.getStructuredSelection().toList().equals(new ArrayList<>(affected))) {
				viewer.setSelection(new StructuredSelection(affected.toArray()), true);
			}
		}
		delete.selectionChanged(viewer == null ? StructuredSelection.EMPTY : viewer.getStructuredSelection());
		if (propertySheetPage != null && propertySheetPage.getControl() != null
				&& !propertySheetPage.getControl().isDisposed()) {
			propertySheetPage.refresh();
		}
	}

	@Override
	public boolean isDirty() {
		return model.ok() && commandStack.isSaveNeeded();
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		if (!model.ok()) {
			return;
		}
		try {
			shared.save();
		} catch (IOException e) {
			IStatus status = Status.error(Messages.SAVE_FAILED.formatted(getFile().getFullPath()), e);
			ILog.of(ModelEditor.class).log(status);
			ErrorDialog.openError(getSite().getShell(), null, null, status);
			if (monitor != null) {
				monitor.setCanceled(true);
			}
			return;
		}
		firePropertyChange(PROP_DIRTY);
	}

	@Override
	public boolean isSaveAsAllowed() {
		return model.ok();
	}

	@Override
	public void doSaveAs() {
		SaveAsDialog dialog = new SaveAsDialog(getSite().getShell());
		dialog.setOriginalFile(getFile());
		if (dialog.open() != Window.OK || dialog.getResult() == null) {
			return;
		}
		IPath path = dialog.getResult();
		ModelKind kind = ModelKind.of(getFile().getFileExtension());
		if (kind != null && !kind.extension().equals(path.getFileExtension())) {
			path = path.addFileExtension(kind.extension());
		}
		saveAs(ResourcesPlugin.getWorkspace().getRoot().getFile(path));
	}

	/** Saves the model as {@code file} and edits that file from now on. */
	public void saveAs(IFile file) {
		ModelKind kind = ModelKind.of(getFile().getFileExtension());
		if (kind != null && !kind.extension().equals(file.getFileExtension())) {
			MessageDialog.openError(getSite().getShell(), null,
					Messages.WRONG_EXTENSION.formatted(kind.root().getName(), kind.extension()));
			return;
		}
		try {
			shared.saveAs(file);
		} catch (IOException e) {
			IStatus status = Status.error(Messages.SAVE_FAILED.formatted(file.getFullPath()), e);
			ILog.of(ModelEditor.class).log(status);
			ErrorDialog.openError(getSite().getShell(), null, null, status);
		}
		firePropertyChange(PROP_DIRTY);
	}

	private void markersChanged(IResourceChangeEvent event) {
		IResourceDelta delta = event.getDelta() == null ? null : event.getDelta().findMember(getFile().getFullPath());
		if (delta != null && (delta.getFlags() & IResourceDelta.MARKERS) != 0) {
			getSite().getShell().getDisplay().asyncExec(this::refreshProblems);
		}
	}

	/** Shows the file's Perfcast problem markers on the elements they concern. */
	private void refreshProblems() {
		if (viewer == null || viewer.getControl().isDisposed() || !model.ok()) {
			return;
		}
		problems = ModelProblems.of(getFile(), model.resource());
		problemLabels.setProblems(problems);
		viewer.refresh(true);
	}

	/**
	 * Selects and reveals the element at {@code uriFragment} of the model, e.g. one a simulation result links
	 * to.
	 *
	 * @return whether the model is loaded and has such an element
	 */
	public boolean selectElement(String uriFragment) {
		EObject element = model.ok() ? model.resource().getEObject(uriFragment) : null;
		if (element != null) {
			viewer.setSelection(new StructuredSelection(element), true);
		}
		return element != null;
	}

	/** Selects and reveals the element a Perfcast problem marker concerns (Problems view > Go To). */
	private void gotoMarker(IMarker marker) {
		if (model.ok()) {
			viewer.setSelection(new StructuredSelection(problems.elementOf(marker, model.resource())), true);
		}
	}

	@Override
	public void setFocus() {
		if (model.ok()) {
			viewer.getControl().setFocus();
		} else {
			errorPage.setFocus();
		}
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		if (adapter == IPropertySheetPage.class) {
			if (propertySheetPage == null || propertySheetPage.getControl() != null && propertySheetPage.getControl().isDisposed()) {
				propertySheetPage = new ModelPropertySheetPage(adapterFactory, undo, redo);
			}
			return adapter.cast(propertySheetPage);
		}
		if (adapter == IGotoMarker.class) {
			return adapter.cast((IGotoMarker) this::gotoMarker);
		}
		return super.getAdapter(adapter);
	}

	@Override
	public void dispose() {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(markerListener);
		if (images != null) {
			images.dispose();
		}
		commandStack.removeCommandStackListener(commandStackListener);
		shared.removeListener(sharedListener);
		shared.release();
		super.dispose();
	}
}
