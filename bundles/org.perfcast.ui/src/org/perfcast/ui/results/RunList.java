package org.perfcast.ui.results;

import java.text.DateFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunStatus;

/**
 * The list of runs of the Results view, a row per run with when it started, its engine, model, status, finished
 * points and duration; several can be selected, and double-clicking one opens its model.
 */
final class RunList {

	private final IWorkbenchPartSite site;
	private final TableViewer viewer;

	RunList(Composite parent, IWorkbenchPartSite site) {
		this.site = site;
		viewer = new TableViewer(parent, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
		viewer.getTable().setHeaderVisible(true);
		viewer.getTable().setLinesVisible(true);
		viewer.setContentProvider(ArrayContentProvider.getInstance());
		DateFormat time = DateFormat.getDateTimeInstance(DateFormat.SHORT, DateFormat.MEDIUM);
		column(Messages.COLUMN_STARTED, 160, e -> time.format(e.run().getStartTime()));
		column(Messages.COLUMN_ENGINE, 75, e -> e.run().getEngineId());
		column(Messages.COLUMN_MODEL, 140, RunEntry::model);
		column(Messages.COLUMN_STATUS, 175, RunEntry::status);
		column(Messages.COLUMN_POINTS, 60, e -> String.format(Messages.POINTS_OF, finished(e.run()),
				e.run().getPointCount()));
		column(Messages.COLUMN_DURATION, 70, e -> org.perfcast.engine.Quantities.seconds(e.run().getWallTime()));
		viewer.getTable().setToolTipText(Messages.NO_RUNS);
		viewer.addDoubleClickListener(e -> openModel());
	}

	private void column(String title, int width, Function<RunEntry, String> text) {
		TableViewerColumn column = new TableViewerColumn(viewer, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(width);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((RunEntry) e)));
	}

	private static int finished(Run run) {
		return (int) run.getPoints().stream().filter(p -> p.getStatus() == RunStatus.COMPLETED).count();
	}

	/** The table, the view's selection provider. */
	TableViewer viewer() {
		return viewer;
	}

	/** Lists {@code entries}, keeping the runs selected that are still there, else selecting the newest. */
	void setRuns(List<RunEntry> entries) {
		Set<IFile> selected = new LinkedHashSet<>(selection().stream().map(RunEntry::file).toList());
		viewer.setInput(entries);
		List<RunEntry> keep = entries.stream().filter(e -> selected.contains(e.file())).toList();
		viewer.setSelection(new StructuredSelection(keep.isEmpty() && !entries.isEmpty() ? List.of(entries.get(0))
				: keep));
	}

	/** The runs listed, newest first. */
	@SuppressWarnings("unchecked")
	List<RunEntry> getRuns() {
		Object input = viewer.getInput();
		return input == null ? List.of() : (List<RunEntry>) input;
	}

	/** The selected runs. */
	List<RunEntry> selection() {
		return viewer.getStructuredSelection().toList().stream().map(RunEntry.class::cast).toList();
	}

	/** Selects {@code entries} and scrolls to them. */
	void select(List<RunEntry> entries) {
		viewer.setSelection(new StructuredSelection(entries), true);
	}

	private void openModel() {
		List<RunEntry> selected = selection();
		IFile model = selected.isEmpty() ? null : SourceOpener.file(selected.get(0).model());
		if (model != null && model.exists()) {
			try {
				IDE.openEditor(site.getPage(), model);
			} catch (PartInitException e) {
				ErrorDialog.openError(site.getShell(), null, String.format(Messages.OPEN_FAILED, model.getFullPath()),
						e.getStatus());
			}
		}
	}
}
