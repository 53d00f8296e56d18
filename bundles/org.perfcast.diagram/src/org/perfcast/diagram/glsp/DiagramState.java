package org.perfcast.diagram.glsp;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CommandStackListener;
import org.eclipse.glsp.server.actions.ActionDispatcher;
import org.eclipse.glsp.server.model.DefaultGModelState;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.DiagramIndex;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * GLSP's model state over a {@link DiagramDocument}: commands, undo, redo and the dirty state are the
 * document's EMF command stack, the one the tree editor and the Properties view use, run on the model's thread.
 * Changes made elsewhere (the Properties view, the tree editor, undo there) and new predictions redraw the
 * diagram at once; the index tells what each diagram element stands for.
 */
public class DiagramState extends DefaultGModelState {

	@Inject
	Provider<ActionDispatcher> dispatcher;

	private DiagramDocument document;
	private volatile boolean changing;
	private final CommandStackListener outside = event -> {
		if (!changing) {
			refresh();
		}
	};
	private final DiagramDocument.Listener decorated = new DiagramDocument.Listener() {
		@Override
		public void decorated() {
			refresh();
		}

		@Override
		public void closed() {
			detach();
		}
	};

	/** Edits {@code document} from now on. */
	public void attach(DiagramDocument document) {
		detach();
		this.document = document;
		setCommandStack(document.commandStack());
		document.addCommandStackListener(outside);
		document.addListener(decorated);
	}

	/** Stops listening to the document (the client has gone). */
	public void detach() {
		if (document != null) {
			document.removeCommandStackListener(outside);
			document.removeListener(decorated);
		}
	}

	/** The document, or null before the model is loaded. */
	public DiagramDocument document() {
		return document;
	}

	/** What the diagram's elements stand for. */
	public DiagramIndex diagramIndex() {
		return document.index();
	}

	@Override
	public void execute(Command command) {
		ourselves(() -> document.execute(command));
	}

	@Override
	public void undo() {
		ourselves(() -> document.read(() -> {
			commandStack.undo();
			return null;
		}));
	}

	@Override
	public void redo() {
		ourselves(() -> document.read(() -> {
			commandStack.redo();
			return null;
		}));
	}

	/** A change the diagram makes itself, and redraws after anyway. */
	private void ourselves(Runnable change) {
		changing = true;
		try {
			change.run();
		} finally {
			changing = false;
		}
	}

	/** Draws the diagram again (from the diagram's own thread). */
	private void refresh() {
		try {
			dispatcher.get().dispatch(new RefreshDiagramAction());
		} catch (RuntimeException e) {
			// the client has gone: nothing to draw on
			detach();
		}
	}
}
