package org.perfcast.ui.pamela;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.Position;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.jface.text.source.Annotation;
import org.eclipse.jface.text.source.IAnnotationModel;
import org.eclipse.jface.text.source.IAnnotationModelExtension;
import org.eclipse.jface.text.source.ISourceViewer;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Severity;
import org.perfcast.ide.EngineMonitors;

/**
 * Analyses the PAMELA text while the user types and shows its errors as annotations (squiggles and ruler
 * icons); the saved file's markers come from the builder. Runs on the reconciler's thread with the reconciler's
 * progress monitor, which the reconciler cancels when the text changes again: a cancelled analysis stops and
 * leaves the annotations as they were for the next one.
 */
final class PamelaReconcilingStrategy implements IReconcilingStrategy, IReconcilingStrategyExtension {

	/** The longest an analysis while typing may take; the builder analyses the saved file without this limit. */
	static final long TIME_LIMIT_MS = 5_000;

	/** The annotation type of errors found while typing (the editors' standard error type). */
	static final String ERROR = "org.eclipse.ui.workbench.texteditor.error";

	private final ISourceViewer viewer;
	private IDocument document;
	private List<Annotation> shown = List.of();
	private volatile IProgressMonitor monitor = new NullProgressMonitor();

	PamelaReconcilingStrategy(ISourceViewer viewer) {
		this.viewer = viewer;
	}

	@Override
	public void setDocument(IDocument document) {
		this.document = document;
	}

	@Override
	public void setProgressMonitor(IProgressMonitor monitor) {
		this.monitor = monitor == null ? new NullProgressMonitor() : monitor;
	}

	@Override
	public void initialReconcile() {
		reconcile((IRegion) null);
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
		IProgressMonitor cancel = monitor;
		List<Diagnostic> errors;
		try {
			errors = PamelaAnalyses.analyse(text, PamelaAnalyses.withTimeLimit(EngineMonitors.adapt(cancel), TIME_LIMIT_MS))
					.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).toList();
		} catch (CancelledException e) {
			return; // the text changed (the next reconcile analyses it) or the analysis took too long
		}
		if (cancel.isCanceled()) {
			return;
		}
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
