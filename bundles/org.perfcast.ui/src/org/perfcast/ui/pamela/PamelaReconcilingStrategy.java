package org.perfcast.ui.pamela;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.jface.text.source.ISourceViewer;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.pamela.Pamela;

/**
 * Analyses the PAMELA text while the user types and shows its errors as annotations (squiggles and ruler
 * icons); the saved file's markers come from the builder.
 */
final class PamelaReconcilingStrategy implements IReconcilingStrategy {

	/** The annotation type of errors found while typing (the editors' standard error type). */
	static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";

	private final ISourceViewer viewer;
	private IDocument document;
	private List<Annotation> shown = List.of();

	PamelaReconcilingStrategy(ISourceViewer viewer) {
		this.viewer = viewer;
	}

	@Override
	public void setDocument(IDocument document) {
		this.document = document;
	}

	@Override
	public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
		reconcile(subRegion);
	}

	@Override
	public void reconcile(IRegion partition) {
		IAnnotationModel model = viewer.getAnnotationModel();
		if (document == null || model == null) {
			return;
		}
		String text = document.get();
		List<Diagnostic> errors = Pamela.analyse(text, "", ParameterBindings.EMPTY, EngineMonitor.NULL).diagnostics()
				.stream().filter(d -> d.severity() == Severity.ERROR).toList();
		Map<Annotation, Position> added = new HashMap<>();
		for (Diagnostic error : errors) {
			added.put(new Annotation(ERROR, false, error.message()), position(error));
		}
		List<Annotation> removed = shown;
		shown = new ArrayList<>(added.keySet());
		if (model instanceof IAnnotationModelExtension extension) {
			extension.replaceAnnotations(removed.toArray(Annotation[]::new), added);
		} else {
			removed.forEach(model::removeAnnotation);
			added.forEach(model::addAnnotation);
		}
	}

	private Position position(Diagnostic error) {
		if (error.location() instanceof Location.TextLocation t) {
			try {
				int offset = document.getLineOffset(t.line() - 1) + Math.max(0, t.column() - 1);
				int length = Math.max(1, Math.min(t.length(), document.getLength() - offset));
				return new Position(Math.min(offset, document.getLength()), offset >= document.getLength() ? 0 : length);
			} catch (BadLocationException e) {
				// fall through: the whole document
			}
		}
		return new Position(0, 0);
	}
}
