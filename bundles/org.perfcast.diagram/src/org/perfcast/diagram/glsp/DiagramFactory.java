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
 * predictions.
 */
public class DiagramFactory implements GModelFactory {

	@Inject
	protected DiagramState state;

	@Override
	public void createGModel() {
		Drawing drawing = state.document().read(() -> {
			Drawing d = Diagrams.draw(state.document().root(), state.document().notation());
			if (!d.unplaced().isEmpty()) {
				Diagrams.layout(d, false);
				for (GNode node : d.unplaced()) {
					DiagramIndex.Shape shape = d.shape(node.getId());
					if (shape != null) {
						state.document().notation().place(shape.owner(), shape.role(), node.getPosition().getX(),
								node.getPosition().getY());
					}
				}
			}
			d.decorate(state.document().decorations());
			return d;
		});
		state.diagramIndex().replace(drawing.index());
		state.updateRoot(drawing.graph());
	}

}
