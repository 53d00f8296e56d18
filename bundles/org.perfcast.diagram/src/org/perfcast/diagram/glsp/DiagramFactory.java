package org.perfcast.diagram.glsp;

import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.server.features.core.model.GModelFactory;
import org.perfcast.diagram.server.DiagramIndex;
import org.perfcast.diagram.server.Diagrams;
import org.perfcast.diagram.server.Drawing;

import com.google.inject.Inject;

/**
 * Makes the diagram from the model after every change: the shapes at their notation positions, those without one
 * laid out by ELK and placed in the notation (without a command: nothing to undo), decorated with the latest
 * predictions. Only the drawing and the placing touch the model, on its thread; the layout runs on GLSP's.
 */
public class DiagramFactory implements GModelFactory {

	@Inject
	protected DiagramState state;

	@Override
	public void createGModel() {
		// the model is read on its thread (the UI thread in the IDE) only to draw it, which is quick; ELK's layout and
		// the decorations work on the drawing alone, here on GLSP's thread
		Drawing drawing = state.document().read(() -> Diagrams.draw(state.document().root(), state.document().notation()));
		if (!drawing.unplaced().isEmpty()) {
			Diagrams.layout(drawing, false);
			state.document().read(() -> {
				for (GNode node : drawing.unplaced()) {
					DiagramIndex.Shape shape = drawing.shape(node.getId());
					if (shape != null) {
						state.document().notation().place(shape.owner(), shape.role(), node.getPosition().getX(),
								node.getPosition().getY());
					}
				}
				return null;
			});
		}
		drawing.decorate(state.document().decorations());
		state.diagramIndex().replace(drawing.index());
		state.updateRoot(drawing.graph());
	}

}
