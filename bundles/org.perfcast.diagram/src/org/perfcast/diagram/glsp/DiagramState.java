package org.perfcast.diagram.glsp;

import org.eclipse.glsp.server.model.DefaultGModelState;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.DiagramIndex;

/**
 * GLSP's model state over a {@link DiagramDocument}: commands, undo, redo and the dirty state are the
 * document's EMF command stack, the one the tree editor uses; the index tells what each diagram element stands
 * for.
 */
public class DiagramState extends DefaultGModelState {

	private DiagramDocument document;
	private final DiagramIndex index = new DiagramIndex();

	/** Edits {@code document} from now on. */
	public void attach(DiagramDocument document) {
		this.document = document;
		setCommandStack(document.commandStack());
	}

	/** The document, or null before the model is loaded. */
	public DiagramDocument document() {
		return document;
	}

	/** What the diagram's elements stand for. */
	public DiagramIndex diagramIndex() {
		return index;
	}
}
