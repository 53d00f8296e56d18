package org.perfcast.diagram.ui;

import java.io.IOException;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Path;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.command.CommandStackListener;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.emf.edit.domain.IEditingDomainProvider;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.di.DiagramModule;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.browser.BrowserFunction;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.dialogs.SaveAsDialog;
import org.eclipse.ui.part.EditorPart;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.views.properties.IPropertySheetPage;
import org.perfcast.diagram.glsp.OpenDocuments;
import org.perfcast.diagram.glsp.JsonRpc;
import org.perfcast.diagram.glsp.MachineDiagramModule;
import org.perfcast.diagram.glsp.ProgramDiagramModule;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.MachineDiagram;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.diagram.server.Predictions;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.ui.editors.GlobalActionsEditor;
import org.perfcast.ui.editors.SharedModel;
import org.perfcast.ui.internal.emf.ModelPropertySheetPage;
import org.perfcast.ui.internal.emf.RedoAction;
import org.perfcast.ui.internal.emf.UndoAction;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.google.inject.Guice;

/**
 * A program's or machine's diagram in the IDE: the diagram page (the GLSP client built into
 * org.perfcast.diagram) in an SWT Browser, talking JSON-RPC to an in-process GLSP server through one
 * BrowserFunction (no port is opened). Edits are EMF commands on the editor's command stack, which Edit > Undo,
 * the Properties view and the page share; the editor is dirty until saved, and Save writes the model and its
 * notation. After each build the diagram shows the predictions (see {@link DiagramDecorator}).
 */
public class DiagramEditor extends EditorPart implements IEditingDomainProvider, GlobalActionsEditor {

	/** The id of the program diagram editor. */
	public static final String ID = "org.perfcast.diagram.ui.programDiagram";
	/** The id of the machine diagram editor. */
	public static final String MACHINE_ID = "org.perfcast.diagram.ui.machineDiagram";

	private Browser browser;
	private DiagramDocument document;
	private AdapterFactoryEditingDomain domain;
	private ComposedAdapterFactory adapterFactory;
	private SharedModel shared;
	private JsonRpc rpc;
	private String uri;
	private String type;
	private DiagramDecorator decorator;
	private UndoAction undo;
	private RedoAction redo;
	private ModelPropertySheetPage propertySheetPage;
	private final SelectionProvider selection = new SelectionProvider();
	/** This editor's document, shared with its diagram server. */
	private final OpenDocuments documents = new OpenDocuments();
	private final List<String> traffic = new CopyOnWriteArrayList<>();

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof IFileEditorInput file)) {
			throw new PartInitException("the diagram editor opens files of the workspace");
		}
		setSite(site);
		setInput(input);
		setPartName(input.getName());
		IFile model = file.getFile();
		type = "machine".equals(model.getFileExtension()) ? MachineDiagram.TYPE : ProgramDiagram.TYPE;
		uri = URI.createPlatformResourceURI(model.getFullPath().toString(), true).toString();
		// one editing domain with the file's other editors (the tree editor): one undo history, one dirty state
		shared = SharedModel.acquire(model);
		if (!shared.model().ok()) {
			String problem = shared.model().problem();
			shared.release();
			shared = null;
			throw new PartInitException(model.getFullPath() + " cannot be drawn: " + problem);
		}
		adapterFactory = shared.adapterFactory();
		domain = shared.domain();
		BasicCommandStack stack = shared.commandStack();
		Display display = site.getShell().getDisplay();
		document = new DiagramDocument(domain, shared.model().resource(), new ModelThread() {
			@Override
			public <T> T call(Supplier<T> work) {
				if (Display.getCurrent() == display) {
					return work.get();
				}
				Object[] result = new Object[1];
				RuntimeException[] failure = new RuntimeException[1];
				display.syncExec(() -> {
					try {
						result[0] = work.get();
					} catch (RuntimeException e) {
						failure[0] = e;
					}
				});
				if (failure[0] != null) {
					throw failure[0];
				}
				@SuppressWarnings("unchecked")
				T t = (T) result[0];
				return t;
			}
		});
		undo = new UndoAction(stack);
		redo = new RedoAction(stack);
		setGlobalActionHandlers(site.getActionBars());
		stack.addCommandStackListener(commandStackListener);
		document.setSaver(shared::save);
		shared.addCompanion(companion);
		shared.addListener(sharedListener);
		documents.open(uri, document);
		decorator = new DiagramDecorator(model, document);
	}

	/** Points {@code bars}' undo and redo at this editor (editors of a type share action bars). */
	@Override
	public void setGlobalActionHandlers(IActionBars bars) {
		bars.setGlobalActionHandler(ActionFactory.UNDO.getId(), undo);
		bars.setGlobalActionHandler(ActionFactory.REDO.getId(), redo);
	}

	private final CommandStackListener commandStackListener = event -> Display.getDefault().asyncExec(this::commandStackChanged);

	/** The notation, saved, moved and reloaded with the model. */
	private final SharedModel.Companion companion = new SharedModel.Companion() {
		@Override
		public void save() throws IOException {
			document.saveNotation();
		}

		@Override
		public void moved(URI model) {
			document.moved(model);
		}

		@Override
		public void reloaded() {
			document.reloaded();
		}
	};

	private final SharedModel.Listener sharedListener = new SharedModel.Listener() {
		@Override
		public void moved(IFile file) {
			documents.close(uri);
			uri = URI.createPlatformResourceURI(file.getFullPath().toString(), true).toString();
			documents.open(uri, document);
			setInput(new FileEditorInput(file));
			setPartName(file.getName());
			decorator.fileIs(file);
			firePropertyChange(PROP_INPUT);
		}

		@Override
		public void deleted() {
			if (browser != null && !browser.isDisposed() && !isDirty()) {
				getSite().getPage().closeEditor(DiagramEditor.this, false);
			}
		}
	};

	/** The model this editor shares with the other editors of its file (the tree editor). */
	public SharedModel getSharedModel() {
		return shared;
	}

	private void commandStackChanged() {
		if (browser != null && browser.isDisposed()) {
			return;
		}
		firePropertyChange(PROP_DIRTY);
		undo.update();
		redo.update();
		if (propertySheetPage != null && propertySheetPage.getControl() != null
				&& !propertySheetPage.getControl().isDisposed()) {
			propertySheetPage.refresh();
		}
	}

	/** The bundled page's address, without its query. */
	private String page;

	/**
	 * Whether {@code location} is the bundled page (with any query or fragment), or, before it is loaded, the blank
	 * page of a new browser.
	 */
	boolean ownPage(String location) {
		if (page == null) {
			return location == null || location.isEmpty() || location.equals("about:blank");
		}
		return samePage(location, page);
	}

	/** Whether {@code location} names the file {@code page} names ("file:/a" and "file:///a" alike). */
	static boolean samePage(String location, String page) {
		try {
			java.net.URI a = new java.net.URI(location);
			java.net.URI b = new java.net.URI(page);
			return "file".equalsIgnoreCase(a.getScheme()) && "file".equalsIgnoreCase(b.getScheme())
					&& (a.getAuthority() == null || a.getAuthority().isEmpty()) && a.getPath() != null
					&& a.getPath().equals(b.getPath());
		} catch (java.net.URISyntaxException e) {
			return false;
		}
	}

	@Override
	public void createPartControl(Composite parent) {
		Composite area = new Composite(parent, SWT.NONE);
		GridLayout layout = new GridLayout(1, false);
		layout.marginWidth = layout.marginHeight = 0;
		layout.verticalSpacing = 0;
		area.setLayout(layout);
		createToolBar(area);
		browser = new Browser(area, SWT.NONE);
		browser.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
		DiagramModule module = MachineDiagram.TYPE.equals(type) ? new MachineDiagramModule() : new ProgramDiagramModule();
		rpc = new JsonRpc(Guice.createInjector(new ServerModule().configureDiagramModule(module), documents),
				text -> browser.getDisplay().asyncExec(() -> {
					note("-> ", text);
					if (!browser.isDisposed()) {
						browser.execute("window.perfcastReceive && window.perfcastReceive(" + text + ");");
					}
				}));
		new BrowserFunction(browser, "perfcastRpc") {
			@Override
			public Object function(Object[] arguments) {
				// only the bundled page may talk to the diagram server
				if (arguments.length == 1 && arguments[0] instanceof String message && ownPage(browser.getUrl())) {
					receive(message);
				}
				return null;
			}
		};
		// the page never leaves the bundled one: no link, script or model text can navigate it or open windows
		browser.addLocationListener(org.eclipse.swt.browser.LocationListener.changingAdapter(e -> {
			if (!ownPage(e.location)) {
				e.doit = false;
			}
		}));
		browser.addOpenWindowListener(e -> e.required = true);
		getSite().setSelectionProvider(selection);
		try {
			URL web = FileLocator.toFileURL(FileLocator.find(Platform.getBundle("org.perfcast.diagram"), new Path("web/"), null));
			page = web.toString().replaceAll("/?$", "/") + "index.html";
			browser.setUrl(page + "?type=" + type + "&uri=" + URLEncoder.encode(uri, StandardCharsets.UTF_8));
		} catch (IOException | RuntimeException e) {
			browser.setText("<p>The diagram page is missing: " + e.getMessage() + "</p>");
		}
		decorator.start();
	}

	private void createToolBar(Composite parent) {
		ToolBar bar = new ToolBar(parent, SWT.FLAT | SWT.RIGHT);
		bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
		tool(bar, "Fit", "Show the whole diagram (Ctrl+Shift+F in the diagram)", "fit()");
		tool(bar, "Zoom In", "Zoom in (or the mouse wheel)", "zoom(1.25)");
		tool(bar, "Zoom Out", "Zoom out (or the mouse wheel)", "zoom(0.8)");
		tool(bar, "Layout", "Lay every shape out anew with ELK (undoable)", "layout()");
		if (MachineDiagram.TYPE.equals(type)) {
			new ToolItem(bar, SWT.SEPARATOR);
			ToolItem sigma = new ToolItem(bar, SWT.RADIO);
			sigma.setText("Workload σ");
			sigma.setToolTipText("Colour links by the PAMELA workload σ of the programs that run on this machine");
			sigma.setSelection(true);
			sigma.addListener(SWT.Selection, e -> {
				if (sigma.getSelection()) {
					decorator.colourBy(Predictions.Colouring.WORKLOAD);
				}
			});
			ToolItem u = new ToolItem(bar, SWT.RADIO);
			u.setText("Utilisation U");
			u.setToolTipText("Colour links by the Glamis utilisation U of the programs that run on this machine");
			u.addListener(SWT.Selection, e -> {
				if (u.getSelection()) {
					decorator.colourBy(Predictions.Colouring.UTILISATION);
				}
			});
		}
	}

	private void tool(ToolBar bar, String text, String tip, String call) {
		ToolItem item = new ToolItem(bar, SWT.PUSH);
		item.setText(text);
		item.setToolTipText(tip);
		item.addListener(SWT.Selection, e -> {
			if (browser != null && !browser.isDisposed()) {
				browser.execute("window.perfcast && window.perfcast." + call);
			}
		});
	}

	/** A message from the page: JSON-RPC for the server, or the page's own log and selection. */
	private void receive(String message) {
		if (message.contains("\"perfcast/log\"")) {
			Platform.getLog(DiagramEditor.class).info(message);
		} else if (message.contains("\"perfcast/select\"")) {
			selected(message);
		} else {
			note("<- ", message);
			rpc.receive(message);
		}
	}

	private void selected(String message) {
		JsonElement params = JsonParser.parseString(message).getAsJsonObject().get("params");
		List<EObject> elements = new ArrayList<>();
		if (params instanceof JsonArray ids) {
			for (JsonElement id : ids) {
				EObject element = document.index().element(id.getAsString());
				if (element != null && !elements.contains(element)) {
					elements.add(element);
				}
			}
		}
		if (elements.isEmpty() && document.root() != null) {
			elements.add(document.root());
		}
		selection.setSelection(new StructuredSelection(elements));
	}

	/** The Browser showing the diagram, for tests. */
	public Browser getBrowser() {
		return browser;
	}

	private void note(String direction, String message) {
		if (traffic.size() < 100) {
			traffic.add(direction + message.substring(0, Math.min(160, message.length())));
		}
	}

	/** The first 100 messages between the page and the server, for diagnostics. */
	public List<String> getTraffic() {
		return traffic;
	}

	/** The document edited, for tests. */
	public DiagramDocument getDocument() {
		return document;
	}

	@Override
	public EditingDomain getEditingDomain() {
		return domain;
	}

	@Override
	public <T> T getAdapter(Class<T> adapter) {
		if (adapter == IPropertySheetPage.class) {
			if (propertySheetPage == null || propertySheetPage.getControl() != null && propertySheetPage.getControl().isDisposed()) {
				propertySheetPage = new ModelPropertySheetPage(adapterFactory, undo, redo);
			}
			return adapter.cast(propertySheetPage);
		}
		return super.getAdapter(adapter);
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		try {
			document.save();
			firePropertyChange(PROP_DIRTY);
		} catch (IOException e) {
			ErrorDialog.openError(getSite().getShell(), getPartName(), "The model could not be saved",
					Status.error(e.getMessage(), e));
		}
	}

	@Override
	public void doSaveAs() {
		SaveAsDialog dialog = new SaveAsDialog(getSite().getShell());
		dialog.setOriginalFile(((IFileEditorInput) getEditorInput()).getFile());
		if (dialog.open() != Window.OK || dialog.getResult() == null) {
			return;
		}
		saveAs(ResourcesPlugin.getWorkspace().getRoot().getFile(dialog.getResult()));
	}

	/** Saves the model (and its notation) as {@code target} and edits it from now on. */
	public void saveAs(IFile target) {
		try {
			// the shared model moves, and with it this editor and the file's other editors (see sharedListener)
			shared.saveAs(target);
		} catch (IOException e) {
			ErrorDialog.openError(getSite().getShell(), getPartName(), "The model could not be saved as "
					+ target.getFullPath(), Status.error(e.getMessage(), e));
			return;
		}
		firePropertyChange(PROP_DIRTY);
	}

	@Override
	public boolean isDirty() {
		return document != null && document.isDirty();
	}

	@Override
	public boolean isSaveAsAllowed() {
		return true;
	}

	@Override
	public void setFocus() {
		if (browser != null) {
			browser.setFocus();
		}
	}

	@Override
	public void dispose() {
		if (decorator != null) {
			decorator.stop();
		}
		documents.close(uri);
		if (document != null) {
			// the model may stay open in the tree editor: the diagram's server stops listening to it
			document.close();
		}
		if (rpc != null) {
			// the server's pending actions may wait for this (the UI) thread: it ends on a thread of its own
			JsonRpc ending = rpc;
			Thread shutdown = new Thread(ending::shutdown, "Perfcast diagram server shutdown");
			shutdown.setDaemon(true);
			shutdown.start();
		}
		if (shared != null) {
			shared.commandStack().removeCommandStackListener(commandStackListener);
			shared.removeCompanion(companion);
			shared.removeListener(sharedListener);
			shared.release();
		}
		super.dispose();
	}

	/** The diagram's selection as model elements, for the Properties view. */
	private static final class SelectionProvider implements ISelectionProvider {
		private final List<ISelectionChangedListener> listeners = new CopyOnWriteArrayList<>();
		private ISelection current = StructuredSelection.EMPTY;

		@Override
		public void addSelectionChangedListener(ISelectionChangedListener listener) {
			listeners.add(listener);
		}

		@Override
		public ISelection getSelection() {
			return current;
		}

		@Override
		public void removeSelectionChangedListener(ISelectionChangedListener listener) {
			listeners.remove(listener);
		}

		@Override
		public void setSelection(ISelection selection) {
			current = selection;
			SelectionChangedEvent event = new SelectionChangedEvent(this, selection);
			listeners.forEach(l -> l.selectionChanged(event));
		}
	}
}
