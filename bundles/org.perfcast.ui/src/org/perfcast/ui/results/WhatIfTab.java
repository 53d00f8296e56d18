package org.perfcast.ui.results;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.progress.IProgressConstants;
import org.perfcast.engine.Numbers;
import org.perfcast.ide.WhatIfJob;
import org.perfcast.ide.WhatIfMarkers;
import org.perfcast.model.results.OptionValue;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.WhatIf;
import org.perfcast.ui.charts.XyChart;

/**
 * The What-if tab of a recorded run (a {@code *.vtrace} or {@code *.vtraceb} recording): its causal profile on a
 * chosen processor count, with chosen edits (locks removed or split, locations faster), computed by Compute as a
 * {@link WhatIfJob}. Coz's plot, the program's speed-up against each location's, and the ranking by the gain when a
 * location's time is halved; double-clicking a location with a source line opens it. The tab keeps each recording's
 * latest profile while the view is open.
 */
public final class WhatIfTab extends ResultsTab {

	private static final Set<String> RECORDINGS = Set.of("vtrace", "vtraceb");
	private static final int DEFAULT_PROCESSORS = 2;

	/** A computed profile and the unit of its recording's times. */
	private record Shown(CausalProfile.Profile profile, String unit) {
	}

	/** A row of the ranking. */
	private record Row(int rank, CausalProfile.Curve curve, int processors, String unit) {
	}

	private final IWorkbenchPartSite site;
	private final Spinner processors;
	private final Text locations;
	private final Text removeLocks;
	private final Text splitLocks;
	private final Text faster;
	private final Button compute;
	private final Label status;
	private final XyChart chart;
	private final TableViewer ranking;
	private final Map<IFile, Shown> profiles = new HashMap<>();
	private IFile trace;
	private String model = "auto";
	private WhatIfJob job;

	WhatIfTab(CTabFolder folder, IWorkbenchPartSite site) {
		super(folder, Messages.TAB_WHATIF, Messages.TAB_WHATIF_TIP);
		this.site = site;
		Composite box = new Composite(folder, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(6).applyTo(box);
		new Label(box, SWT.NONE).setText(Messages.WHATIF_PROCESSORS);
		processors = new Spinner(box, SWT.BORDER);
		processors.setValues(DEFAULT_PROCESSORS, 1, TargetMachine.MAX_PROCESSORS, 0, 1, 4);
		new Label(box, SWT.NONE).setText(Messages.WHATIF_LOCATIONS);
		locations = text(box, Messages.WHATIF_LOCATIONS_HINT, 2);
		compute = new Button(box, SWT.PUSH);
		compute.setText(Messages.WHATIF_COMPUTE);
		compute.addListener(SWT.Selection, e -> computeOrCancel());
		GridDataFactory.fillDefaults().applyTo(compute);
		new Label(box, SWT.NONE).setText(Messages.WHATIF_REMOVE);
		removeLocks = text(box, Messages.WHATIF_REMOVE_HINT, 1);
		new Label(box, SWT.NONE).setText(Messages.WHATIF_SPLIT);
		splitLocks = text(box, Messages.WHATIF_SPLIT_HINT, 1);
		new Label(box, SWT.NONE).setText(Messages.WHATIF_FASTER);
		faster = text(box, Messages.WHATIF_FASTER_HINT, 1);
		status = new Label(box, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).span(6, 1).applyTo(status);

		SashForm sash = new SashForm(box, SWT.VERTICAL);
		GridDataFactory.fillDefaults().grab(true, true).span(6, 1).applyTo(sash);
		chart = new XyChart(sash, SWT.NONE);
		chart.setAxisTitles(Messages.WHATIF_X, Messages.WHATIF_Y);
		ranking = new TableViewer(sash, SWT.BORDER | SWT.FULL_SELECTION);
		ranking.getTable().setHeaderVisible(true);
		ranking.getTable().setLinesVisible(true);
		ranking.setContentProvider(ArrayContentProvider.getInstance());
		column(Messages.WHATIF_COLUMN_RANK, 40, r -> Integer.toString(r.rank()));
		column(Messages.WHATIF_COLUMN_LOCATION, 220, r -> r.curve().location().key());
		column(Messages.WHATIF_COLUMN_GAIN, 90, r -> WhatIfMarkers.times(r.curve().gain()));
		column(Messages.WHATIF_COLUMN_WORK, 80, r -> WhatIfCharts.work(r.curve(), r.unit()));
		column(Messages.WHATIF_COLUMN_SENTENCE, 520, r -> WhatIfCharts.sentence(r.curve(), r.processors()));
		ranking.addDoubleClickListener(e -> openSource(((IStructuredSelection) e.getSelection()).getFirstElement()));
		sash.setWeights(55, 45);
		box.addDisposeListener(e -> cancel());
		setControl(box);
		setTrace(null, DEFAULT_PROCESSORS);
	}

	private static Text text(Composite parent, String hint, int span) {
		Text text = new Text(parent, SWT.BORDER | SWT.SINGLE);
		text.setMessage(hint);
		text.setToolTipText(hint);
		GridDataFactory.fillDefaults().grab(true, false).span(span, 1).hint(120, SWT.DEFAULT).applyTo(text);
		return text;
	}

	private void column(String title, int width, Function<Row, String> text) {
		TableViewerColumn column = new TableViewerColumn(ranking, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(width);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((Row) e)));
	}

	/** Offers the what-if of {@code entry}'s recording, if it simulated one; its processors are the default. */
	void show(RunEntry entry) {
		IFile file = entry == null ? null : SourceOpener.file(entry.model());
		boolean recording = file != null && RECORDINGS.contains(file.getFileExtension());
		if (recording) {
			model = option(entry.run(), "model", "auto");
		}
		if (!recording || !file.equals(trace)) {
			setTrace(recording ? file : null, recording ? processorsOf(entry.run()) : DEFAULT_PROCESSORS);
		}
	}

	private static String option(Run run, String name, String otherwise) {
		return run.getOptions().stream().filter(o -> o.getName().equals(name)).map(OptionValue::getValue).findFirst()
				.orElse(otherwise);
	}

	private static int processorsOf(Run run) {
		try {
			int p = Integer.parseInt(option(run, "processors", Integer.toString(DEFAULT_PROCESSORS)).strip());
			return p >= 1 && p <= TargetMachine.MAX_PROCESSORS ? p : DEFAULT_PROCESSORS;
		} catch (NumberFormatException e) {
			return DEFAULT_PROCESSORS;
		}
	}

	private void setTrace(IFile file, int count) {
		trace = file;
		processors.setSelection(count);
		Shown shown = file == null ? null : profiles.get(file);
		showProfile(shown);
		compute.setEnabled(file != null || job != null);
		status.setText(file == null ? Messages.WHATIF_NOT_RECORDING : shown != null ? summary(shown.profile(), shown
				.unit()) : String.format(Messages.WHATIF_READY, file.getFullPath()));
		status.getParent().layout(true);
	}

	private void showProfile(Shown shown) {
		if (shown == null) {
			chart.setSeries(List.of());
			ranking.setInput(new Row[0]);
			return;
		}
		CausalProfile.Profile p = shown.profile();
		chart.setSeries(WhatIfCharts.series(p));
		List<CausalProfile.Curve> curves = p.curves();
		Row[] rows = new Row[curves.size()];
		for (int i = 0; i < rows.length; i++) {
			rows[i] = new Row(i + 1, curves.get(i), p.processors(), shown.unit());
		}
		ranking.setInput(rows);
		for (TableColumn column : ranking.getTable().getColumns()) {
			column.pack();
		}
	}

	private String summary(CausalProfile.Profile p, String unit) {
		return String.format(Messages.WHATIF_SUMMARY, trace.getFullPath(), p.processors(), Numbers.format(p
				.baseline()) + (unit.isEmpty() ? "" : " " + unit), p.edits().isEmpty() ? "" : Messages.WHATIF_WITH_EDITS,
				p.curves().size(), Math.min(WhatIfCharts.CHARTED, p.curves().size()));
	}

	private void computeOrCancel() {
		if (job != null) {
			cancel();
		} else {
			compute();
		}
	}

	/** Cancels the profile being computed, if any. */
	public void cancel() {
		if (job != null) {
			job.cancel();
		}
	}

	/**
	 * Computes the profile of {@code recording} on {@code count} processors for {@code where} (none: the top
	 * locations), with the edits the tab shows, and brings the tab to the front.
	 */
	public void computeFor(IFile recording, int count, List<WhatIf.Location> where) {
		if (job != null) {
			job.cancel(); // and forgotten: its end no longer changes the tab
			job = null;
			compute.setText(Messages.WHATIF_COMPUTE);
		}
		setTrace(recording, count);
		locations.setText(WhatIfInput.field(where));
		select();
		compute();
	}

	/**
	 * Computes the profile of the tab's recording from its fields as a background job, unless one is running.
	 *
	 * @return the job, or null when the fields do not read or no job was started
	 */
	public WhatIfJob compute() {
		if (trace == null || job != null) {
			return null;
		}
		WhatIfJob.Request request;
		try {
			request = new WhatIfJob.Request(trace, processors.getSelection(), model, WhatIfInput.edits(removeLocks
					.getText(), splitLocks.getText(), faster.getText()), WhatIfInput.locations(locations.getText()));
		} catch (IllegalArgumentException e) {
			status.setText(e.getMessage());
			status.getParent().layout(true);
			return null;
		}
		WhatIfJob started = new WhatIfJob(request);
		started.setProperty(IProgressConstants.NO_IMMEDIATE_ERROR_PROMPT_PROPERTY, Boolean.TRUE); // the tab says why
		job = started;
		compute.setText(Messages.WHATIF_CANCEL);
		compute.setEnabled(true);
		status.setText(String.format(Messages.WHATIF_RUNNING, trace.getFullPath(), request.processors()));
		status.getParent().layout(true);
		// the event's result: a job cancelled before it ran has none of its own
		Display display = status.getDisplay();
		started.addJobChangeListener(IJobChangeListener.onDone(e -> {
			if (!display.isDisposed()) {
				display.asyncExec(() -> done(started, e.getResult()));
			}
		}));
		started.schedule();
		return started;
	}

	private void done(WhatIfJob finished, IStatus result) {
		if (status.isDisposed() || finished != job) {
			return;
		}
		job = null;
		compute.setText(Messages.WHATIF_COMPUTE);
		IFile file = finished.request().trace();
		if (finished.profile() != null) {
			profiles.put(file, new Shown(finished.profile(), finished.unit()));
		}
		if (file.equals(trace)) {
			setTrace(trace, processors.getSelection());
			if (result.getSeverity() == IStatus.CANCEL) {
				status.setText(Messages.WHATIF_CANCELLED);
			} else if (!result.isOK()) {
				status.setText(result.getMessage());
			}
			status.getParent().layout(true);
		}
		compute.setEnabled(trace != null);
	}

	private void openSource(Object element) {
		SourceLocation source = element instanceof Row row ? WhatIfCharts.source(row.curve()) : null;
		if (source == null) {
			return;
		}
		try {
			SourceOpener.open(site.getPage(), source, trace);
		} catch (PartInitException e) {
			ErrorDialog.openError(site.getShell(), null, String.format(Messages.OPEN_FAILED, source.getFile()), e
					.getStatus());
		}
	}

	/** Opens the source line of the ranking's row {@code index}, as a double-click on it does. */
	public void open(int index) {
		openSource(ranking.getElementAt(index));
	}

	/** The recording the tab profiles, or null when the shown run is not of one. */
	public IFile getTrace() {
		return trace;
	}

	/** The profile being computed, or null. */
	public WhatIfJob getJob() {
		return job;
	}

	/** The profile shown, or null. */
	public CausalProfile.Profile getProfile() {
		Shown shown = trace == null ? null : profiles.get(trace);
		return shown == null ? null : shown.profile();
	}

	/** The processor count. */
	public Spinner getProcessors() {
		return processors;
	}

	/** The locations field ({@link WhatIfInput#locations(String)}); empty for the top ones. */
	public Text getLocations() {
		return locations;
	}

	/** The locks to remove ({@code M; ...}). */
	public Text getRemoveLocks() {
		return removeLocks;
	}

	/** The locks to split ({@code M=K; ...}). */
	public Text getSplitLocks() {
		return splitLocks;
	}

	/** The locations to make faster ({@code LOCATION=S; ...}). */
	public Text getFaster() {
		return faster;
	}

	/** Compute, or Cancel while a profile is computed. */
	public Button getCompute() {
		return compute;
	}

	/** The line that says what is shown, computed, or went wrong. */
	public Label getStatus() {
		return status;
	}

	/** Coz's plot. */
	public XyChart getChart() {
		return chart;
	}

	/** The ranking, a row per location, the best first. */
	public TableViewer getRanking() {
		return ranking;
	}

	/** The ranking's cells as shown, row by row. */
	public List<List<String>> rows() {
		int columns = ranking.getTable().getColumnCount();
		return Arrays.stream(ranking.getTable().getItems()).map(item -> IntStream.range(0, columns).mapToObj(
				item::getText).toList()).toList();
	}

	/** The ranking's column titles. */
	public List<String> columns() {
		return Arrays.stream(ranking.getTable().getColumns()).map(TableColumn::getText).toList();
	}
}
