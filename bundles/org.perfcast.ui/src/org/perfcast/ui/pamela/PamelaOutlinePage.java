package org.perfcast.ui.pamela;

import java.util.List;

import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;

/** The outline of a PAMELA file: its definitions in order; selecting one reveals it in the editor. */
final class PamelaOutlinePage extends ContentOutlinePage {

	private static final int DELAY_MILLIS = 400;

	private final PamelaEditor editor;
	private final IDocumentListener listener = new IDocumentListener() {
		@Override
		public void documentAboutToBeChanged(DocumentEvent event) {
			// nothing before the change
		}

		@Override
		public void documentChanged(DocumentEvent event) {
			scheduleUpdate();
		}
	};
	private IDocument document;
	private boolean updateScheduled;

	PamelaOutlinePage(PamelaEditor editor) {
		this.editor = editor;
	}

	@Override
	public void createControl(Composite parent) {
		super.createControl(parent);
		TreeViewer viewer = getTreeViewer();
		viewer.setContentProvider(new Definitions());
		viewer.setLabelProvider(new LabelProvider() {
			@Override
			public String getText(Object element) {
				PamelaDefinitions.Definition d = (PamelaDefinitions.Definition) element;
				return d.label() + "  (" + d.kind().name().toLowerCase(java.util.Locale.ROOT) + ")";
			}
		});
		viewer.addSelectionChangedListener(event -> {
			if (event.getSelection() instanceof IStructuredSelection s
					&& s.getFirstElement() instanceof PamelaDefinitions.Definition d) {
				editor.selectAndReveal(d.offset(), d.length());
			}
		});
		document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		if (document != null) {
			document.addDocumentListener(listener);
		}
		update();
	}

	/** The definitions shown, for tests. */
	List<PamelaDefinitions.Definition> definitions() {
		return document == null ? List.of() : PamelaDefinitions.of(document.get());
	}

	private void scheduleUpdate() {
		if (updateScheduled || getControl() == null || getControl().isDisposed()) {
			return;
		}
		updateScheduled = true;
		getControl().getDisplay().timerExec(DELAY_MILLIS, () -> {
			updateScheduled = false;
			update();
		});
	}

	void update() {
		if (getControl() != null && !getControl().isDisposed()) {
			getTreeViewer().setInput(definitions());
		}
	}

	/** A flat tree: the list of definitions. */
	private static final class Definitions implements ITreeContentProvider {
		@Override
		public Object[] getElements(Object input) {
			return ((List<?>) input).toArray();
		}

		@Override
		public Object[] getChildren(Object parent) {
			return new Object[0];
		}

		@Override
		public Object getParent(Object element) {
			return null;
		}

		@Override
		public boolean hasChildren(Object element) {
			return false;
		}
	}

	@Override
	public void dispose() {
		if (document != null) {
			document.removeDocumentListener(listener);
		}
		super.dispose();
	}
}
