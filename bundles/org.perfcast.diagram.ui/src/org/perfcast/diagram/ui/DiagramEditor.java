package org.perfcast.diagram.ui;

import java.io.IOException;
import java.net.URL;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.FileLocator;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.browser.BrowserFunction;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.part.EditorPart;
import org.perfcast.diagram.glsp.DiagramStorage;
import org.perfcast.diagram.glsp.JsonRpc;
import org.perfcast.diagram.glsp.ProgramDiagramModule;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.model.resource.ModelFiles;

import com.google.inject.Guice;

/**
 * A program's diagram in the IDE: the diagram page (the GLSP client built into org.perfcast.diagram) in an SWT
 * Browser, talking JSON-RPC to an in-process GLSP server through one BrowserFunction (no port is opened). Edits
 * are EMF commands on the editor's command stack; the editor is dirty until saved, and Save writes the model and
 * its notation.
 */
public class DiagramEditor extends EditorPart {

	/** The editor's id. */
	public static final String ID = "org.perfcast.diagram.ui.programDiagram";

	private Browser browser;
	private DiagramDocument document;
	private JsonRpc rpc;
	private String uri;
	private final java.util.List<String> traffic = new java.util.concurrent.CopyOnWriteArrayList<>();

	@Override
	public void init(IEditorSite site, IEditorInput input) throws PartInitException {
		if (!(input instanceof IFileEditorInput file)) {
			throw new PartInitException("the diagram editor opens files of the workspace");
		}
		setSite(site);
		setInput(input);
		setPartName(input.getName());
		IFile model = file.getFile();
		uri = URI.createPlatformResourceURI(model.getFullPath().toString(), true).toString();
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(
				ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(), ModelFiles.newResourceSet());
		ModelFiles.Loaded loaded = ModelFiles.load(domain.getResourceSet(), URI.createURI(uri), model.getName());
		if (!loaded.ok()) {
			throw new PartInitException("the model does not load: " + loaded.diagnostics());
		}
		Display display = site.getShell().getDisplay();
		document = new DiagramDocument(domain, loaded.resource(), new ModelThread() {
			@Override
			public <T> T call(java.util.function.Supplier<T> work) {
				if (Display.getCurrent() == display) {
					return work.get();
				}
				Object[] result = new Object[1];
				display.syncExec(() -> result[0] = work.get());
				@SuppressWarnings("unchecked")
				T t = (T) result[0];
				return t;
			}
		});
		domain.getCommandStack().addCommandStackListener(event -> display.asyncExec(() -> firePropertyChange(PROP_DIRTY)));
		DiagramStorage.open(uri, document);
	}

	@Override
	public void createPartControl(Composite parent) {
		browser = new Browser(parent, SWT.NONE);
		rpc = new JsonRpc(Guice.createInjector(new ServerModule().configureDiagramModule(new ProgramDiagramModule())),
				text -> browser.getDisplay().asyncExec(() -> {
					note("-> ", text);
					if (!browser.isDisposed()) {
						browser.execute("window.perfcastReceive && window.perfcastReceive(" + text + ");");
					}
				}));
		new BrowserFunction(browser, "perfcastRpc") {
			@Override
			public Object function(Object[] arguments) {
				if (arguments.length == 1 && arguments[0] instanceof String message) {
					if (message.contains("\"perfcast/log\"")) {
						Platform.getLog(DiagramEditor.class).info(message);
					} else {
						note("<- ", message);
						rpc.receive(message);
					}
				}
				return null;
			}
		};
		try {
			URL web = FileLocator.toFileURL(FileLocator.find(Platform.getBundle("org.perfcast.diagram"),
					new org.eclipse.core.runtime.Path("web/"), null));
			String page = web.toString().replaceAll("/?$", "/") + "index.html?type=perfcast-program&uri="
					+ java.net.URLEncoder.encode(uri, java.nio.charset.StandardCharsets.UTF_8);
			browser.setUrl(page);
		} catch (IOException | RuntimeException e) {
			browser.setText("<p>The diagram page is missing: " + e.getMessage() + "</p>");
		}
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
	public java.util.List<String> getTraffic() {
		return traffic;
	}

	/** The document edited, for tests. */
	public DiagramDocument getDocument() {
		return document;
	}

	@Override
	public void doSave(IProgressMonitor monitor) {
		try {
			document.save();
			firePropertyChange(PROP_DIRTY);
		} catch (IOException e) {
			ErrorDialog.openError(getSite().getShell(), "Perfcast Program Diagram", "The model could not be saved",
					org.eclipse.core.runtime.Status.error(e.getMessage(), e));
		}
	}

	@Override
	public void doSaveAs() {
		org.eclipse.ui.dialogs.SaveAsDialog dialog = new org.eclipse.ui.dialogs.SaveAsDialog(getSite().getShell());
		dialog.setOriginalFile(((IFileEditorInput) getEditorInput()).getFile());
		if (dialog.open() != org.eclipse.jface.window.Window.OK || dialog.getResult() == null) {
			return;
		}
		saveAs(org.eclipse.core.resources.ResourcesPlugin.getWorkspace().getRoot().getFile(dialog.getResult()));
	}

	/** Saves the model (and its notation) as {@code target} and edits it from now on. */
	public void saveAs(IFile target) {
		String newUri = URI.createPlatformResourceURI(target.getFullPath().toString(), true).toString();
		try {
			document.saveAs(URI.createURI(newUri));
		} catch (IOException e) {
			ErrorDialog.openError(getSite().getShell(), "Perfcast Program Diagram", "The model could not be saved as "
					+ target.getFullPath(), org.eclipse.core.runtime.Status.error(e.getMessage(), e));
			return;
		}
		DiagramStorage.close(uri);
		uri = newUri;
		DiagramStorage.open(uri, document);
		setInput(new org.eclipse.ui.part.FileEditorInput(target));
		setPartName(target.getName());
		firePropertyChange(PROP_DIRTY);
		firePropertyChange(PROP_INPUT);
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
		DiagramStorage.close(uri);
		if (rpc != null) {
			rpc.shutdown();
		}
		super.dispose();
	}
}
