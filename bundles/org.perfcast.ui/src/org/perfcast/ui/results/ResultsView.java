package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;
import java.text.DateFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.resources.WorkspaceJob;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.ViewPart;
import org.perfcast.engine.Numbers;
import org.perfcast.ide.PerfcastIde;
import org.perfcast.ide.SimulationJob;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.model.results.Timeline;
import org.perfcast.results.export.CsvExport;
import org.perfcast.results.export.HtmlReport;
import org.perfcast.results.export.JsonExport;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunComparison.ValueChange;
import org.perfcast.results.io.RunOverlay;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineHit;
import org.perfcast.ui.charts.XyChart;

/**
 * The runs recorded in the results folders of the open projects, newest first, refreshed when results files
 * change and when a simulation job ends. For the selected run: a summary table (per point, its bindings and
 * summary values), charts (summary values against the swept parameter, a point's series) and the schedules
 * as timelines, whose intervals open their model element or source line when clicked. Two selected runs can
 * be compared; runs can be exported as CSV, JSON or an HTML report, and deleted.
 */
public final class ResultsView extends ViewPart {

	/** The view's id. */
	public static final String ID = "org.perfcast.ui.views.results";

	private final RunCatalog catalog = new RunCatalog();
	private final Job loader = Job.create(Messages.LOADING, monitor -> {
		MultiStatus problems = new MultiStatus(PerfcastIde.PLUGIN_ID, IStatus.OK, Messages.READ_PROBLEMS, null);
		List<RunEntry> entries = catalog.read(problems);
		if (!problems.isOK()) {
			PerfcastIde.log(problems);
		}
		runInUi(() -> setRuns(entries));
		return Status.OK_STATUS;
	});
	private final IResourceChangeListener resourceListener = this::resourcesChanged;
	private final IJobChangeListener jobListener = new JobChangeAdapter() {
		@Override
		public void done(IJobChangeEvent event) {
			if (event.getJob().belongsTo(SimulationJob.FAMILY)) {
				refresh();
			}
		}
	};

	private TableViewer runs;
	private Label header;
	private CTabFolder tabs;
	private TableViewer summary;
	private XyChart sweepChart;
	private XyChart pointChart;
	private Combo chartPoint;
	private Button logX;
	private Button logY;
	private Combo timelinePoint;
	private Combo scheduleChoice;
	private TimelineChart timeline;
	private Label compareHeader;
	private TableViewer compare;
	private Combo overlayChoice;
	private XyChart overlayChart;
	private List<RunOverlay> overlays = List.of();
	private List<RunPoint> chartPoints = List.of();
	private List<RunPoint> timelinePoints = List.of();
	private RunEntry shown;

	private final Action refreshAction = action(Messages.REFRESH, Messages.REFRESH_TIP, this::refresh);
	private final Action compareAction = action(Messages.COMPARE, Messages.COMPARE_TIP, this::compareSelected);
	private final Action csvAction = action(Messages.EXPORT_CSV, Messages.EXPORT_CSV_TIP,
			() -> exportWithDialog("*.csv", ".csv", this::exportCsv));
	private final Action jsonAction = action(Messages.EXPORT_JSON, Messages.EXPORT_JSON_TIP,
			() -> exportWithDialog("*.json", ".json", this::exportJson));
	private final Action htmlAction = action(Messages.EXPORT_HTML, Messages.EXPORT_HTML_TIP,
			() -> exportWithDialog("*.html", ".html", this::exportHtml));
	private final Action deleteAction = action(Messages.DELETE, Messages.DELETE_TIP, () -> deleteSelected(true));

	private interface Export {
		void to(Path file) throws IOException;
	}

	private static Action action(String text, String tip, Runnable run) {
		Action action = new Action(text) {
			@Override
			public void run() {
				run.run();
			}
		};
		action.setToolTipText(tip);
		return action;
	}

	@Override
	public void createPartControl(Composite parent) {
		SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
		runs = new TableViewer(sash, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
		runs.getTable().setHeaderVisible(true);
		runs.getTable().setLinesVisible(true);
		runs.setContentProvider(ArrayContentProvider.getInstance());
		DateFormat time = DateFormat.getDateTimeInstance(DateFormat.SHORT, DateFormat.MEDIUM);
		runColumn(Messages.COLUMN_STARTED, 160, e -> time.format(e.run().getStartTime()));
		runColumn(Messages.COLUMN_ENGINE, 75, e -> e.run().getEngineId());
		runColumn(Messages.COLUMN_MODEL, 140, RunEntry::model);
		runColumn(Messages.COLUMN_STATUS, 175, RunEntry::status);
		runColumn(Messages.COLUMN_POINTS, 60, e -> String.format(Messages.POINTS_OF, finished(e.run()),
				e.run().getPointCount()));
		runColumn(Messages.COLUMN_DURATION, 70, e -> String.format(Messages.SECONDS, e.run().getWallTime()));
		runs.getTable().setToolTipText(Messages.NO_RUNS);
		runs.addSelectionChangedListener(e -> selectionChanged());
		runs.addDoubleClickListener(e -> openModel());

		Composite right = new Composite(sash, SWT.NONE);
		GridLayoutFactory.fillDefaults().applyTo(right);
		header = new Label(right, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).indent(4, 4).applyTo(header);
		tabs = new CTabFolder(right, SWT.BORDER | SWT.FLAT);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);
		summary = new TableViewer(tabs, SWT.BORDER | SWT.FULL_SELECTION);
		summary.getTable().setHeaderVisible(true);
		summary.getTable().setLinesVisible(true);
		summary.setContentProvider(ArrayContentProvider.getInstance());
		tab(Messages.TAB_SUMMARY, Messages.TAB_SUMMARY_TIP, summary.getControl());
		tab(Messages.TAB_CHARTS, Messages.TAB_CHARTS_TIP, createCharts(tabs));
		tab(Messages.TAB_TIMELINE, Messages.TAB_TIMELINE_TIP, createTimeline(tabs));
		tab(Messages.TAB_COMPARE, Messages.TAB_COMPARE_TIP, createCompare(tabs));
		tabs.setSelection(0);
		sash.setWeights(45, 55);

		IToolBarManager toolbar = getViewSite().getActionBars().getToolBarManager();
		MenuManager menu = new MenuManager();
		for (Action action : List.of(refreshAction, compareAction, csvAction, jsonAction, htmlAction, deleteAction)) {
			toolbar.add(action);
			menu.add(action);
			if (action == refreshAction || action == htmlAction) {
				menu.add(new Separator());
			}
		}
		runs.getTable().setMenu(menu.createContextMenu(runs.getTable()));
		getSite().setSelectionProvider(runs);
		updateActions();
		show(null);

		ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
		Job.getJobManager().addJobChangeListener(jobListener);
		loader.setSystem(true);
		refresh();
	}

	private void runColumn(String title, int width, Function<RunEntry, String> text) {
		TableViewerColumn column = new TableViewerColumn(runs, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(width);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((RunEntry) e)));
	}

	private void tab(String title, String tip, Control control) {
		CTabItem item = new CTabItem(tabs, SWT.NONE);
		item.setText(title);
		item.setToolTipText(tip);
		item.setControl(control);
	}

	private Control createCharts(Composite parent) {
		Composite charts = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(4).applyTo(charts);
		sweepChart = new XyChart(charts, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(sweepChart);
		new Label(charts, SWT.NONE).setText(Messages.POINT_LABEL);
		chartPoint = new Combo(charts, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(chartPoint);
		chartPoint.addListener(SWT.Selection, e -> showPointSeries());
		logX = new Button(charts, SWT.CHECK);
		logX.setText(Messages.LOG_X);
		logY = new Button(charts, SWT.CHECK);
		logY.setText(Messages.LOG_Y);
		for (Button log : List.of(logX, logY)) {
			log.setToolTipText(Messages.LOG_TIP);
			log.addListener(SWT.Selection, e -> applyLogScales());
		}
		pointChart = new XyChart(charts, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(pointChart);
		return charts;
	}

	private Control createTimeline(Composite parent) {
		Composite box = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(4).applyTo(box);
		new Label(box, SWT.NONE).setText(Messages.POINT_LABEL);
		timelinePoint = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(timelinePoint);
		timelinePoint.addListener(SWT.Selection, e -> showSchedules());
		new Label(box, SWT.NONE).setText(Messages.SCHEDULE_LABEL);
		scheduleChoice = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(scheduleChoice);
		scheduleChoice.addListener(SWT.Selection, e -> showSchedule());
		timeline = new TimelineChart(box, SWT.BORDER);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(timeline);
		timeline.addClickListener(this::openSource);
		return box;
	}

	private Control createCompare(Composite parent) {
		Composite box = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(box);
		compareHeader = new Label(box, SWT.WRAP);
		compareHeader.setText(Messages.SELECT_TWO);
		GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(compareHeader);
		new Label(box, SWT.NONE).setText(Messages.OVERLAY_LABEL);
		overlayChoice = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(overlayChoice);
		overlayChoice.addListener(SWT.Selection, e -> showOverlay());
		SashForm split = new SashForm(box, SWT.VERTICAL);
		GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(split);
		overlayChart = new XyChart(split, SWT.NONE);
		compare = new TableViewer(split, SWT.BORDER | SWT.FULL_SELECTION);
		compare.getTable().setHeaderVisible(true);
		compare.getTable().setLinesVisible(true);
		compare.setContentProvider(ArrayContentProvider.getInstance());
		split.setWeights(60, 40);
		compareColumn(Messages.COLUMN_POINT, 140, ValueChange::point);
		compareColumn(Messages.COLUMN_VALUE_NAME, 100, c -> c.name() + (c.unit().isEmpty() ? "" : " (" + c.unit() + ")"));
		compareColumn(Messages.COLUMN_BEFORE, 100, c -> Numbers.format(c.before()));
		compareColumn(Messages.COLUMN_AFTER, 100, c -> Numbers.format(c.after()));
		compareColumn(Messages.COLUMN_CHANGE, 100, c -> Double.isNaN(c.relative()) ? Numbers.format(c.delta())
				: String.format("%+.1f%%", 100 * c.relative()));
		return box;
	}

	private void compareColumn(String title, int width, Function<ValueChange, String> text) {
		TableViewerColumn column = new TableViewerColumn(compare, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(width);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((ValueChange) e)));
	}

	/** Reads the results folders again, in the background. */
	public void refresh() {
		loader.schedule(50);
	}

	private void runInUi(Runnable runnable) {
		Control control = runs == null ? null : runs.getControl();
		if (control != null && !control.isDisposed()) {
			control.getDisplay().asyncExec(() -> {
				if (!control.isDisposed()) {
					runnable.run();
				}
			});
		}
	}

	private void resourcesChanged(IResourceChangeEvent event) {
		boolean[] relevant = { false };
		try {
			event.getDelta().accept(delta -> {
				relevant[0] |= RunCatalog.isResultsFile(delta.getResource()) || RunCatalog.isJobFile(delta.getResource())
						|| opensOrCloses(delta);
				return !relevant[0];
			});
		} catch (CoreException e) {
			relevant[0] = true;
		}
		if (relevant[0]) {
			refresh();
		}
	}

	/** Whether {@code delta} adds, removes, opens or closes a project or a results folder. */
	private static boolean opensOrCloses(IResourceDelta delta) {
		IResource resource = delta.getResource();
		boolean folder = resource instanceof IFolder f && f.getProjectRelativePath().toString().equals(SimulationJob.RESULTS_FOLDER);
		return (resource instanceof IProject || folder) && (delta.getKind() != IResourceDelta.CHANGED
				|| (delta.getFlags() & IResourceDelta.OPEN) != 0);
	}

	private void setRuns(List<RunEntry> entries) {
		Set<IFile> selected = new LinkedHashSet<>(selection().stream().map(RunEntry::file).toList());
		runs.setInput(entries);
		List<RunEntry> keep = entries.stream().filter(e -> selected.contains(e.file())).toList();
		runs.setSelection(new StructuredSelection(keep.isEmpty() && !entries.isEmpty() ? List.of(entries.get(0)) : keep));
		if (keep.isEmpty() && entries.isEmpty()) {
			show(null);
		}
	}

	/** The runs listed, newest first. */
	@SuppressWarnings("unchecked")
	public List<RunEntry> getRuns() {
		Object input = runs.getInput();
		return input == null ? List.of() : (List<RunEntry>) input;
	}

	/** The selected runs. */
	public List<RunEntry> selection() {
		return runs.getStructuredSelection().toList().stream().map(RunEntry.class::cast).toList();
	}

	/** Selects {@code entries} in the list of runs. */
	public void select(List<RunEntry> entries) {
		runs.setSelection(new StructuredSelection(entries), true);
	}

	private void selectionChanged() {
		List<RunEntry> selected = selection();
		show(selected.isEmpty() ? null : selected.get(0));
		updateActions();
	}

	private void updateActions() {
		int count = selection().size();
		compareAction.setEnabled(count >= 2);
		csvAction.setEnabled(count == 1);
		jsonAction.setEnabled(count == 1);
		htmlAction.setEnabled(count >= 1);
		deleteAction.setEnabled(count >= 1);
	}

	private void show(RunEntry entry) {
		if (entry != null && entry.equals(shown)) {
			return;
		}
		shown = entry;
		Run run = entry == null ? null : entry.run();
		header.setText(run == null ? Messages.NO_RUNS : String.format(Messages.RUN_HEADER, run.getEngineName(),
				entry.model(), entry.status(), run.getPointCount(),
				String.format(Messages.SECONDS, run.getWallTime()))
				+ (run == null ? "" : String.join("", RunCharts.warnings(run).stream().map(w -> "\n" + w).toList())));
		header.getParent().layout(true, true);
		showSummary(run);
		sweepChart.setSeries(run == null ? List.of() : RunCharts.sweepSeries(run));
		sweepChart.setAxisTitles(run == null ? "" : RunCharts.sweptParameter(run).orElse(Messages.NO_SWEEP),
				Messages.SWEEP_CHART_Y);
		chartPoints = run == null ? List.of() : run.getPoints().stream().filter(p -> !p.getSeries().isEmpty()).toList();
		chartPoint.setItems(chartPoints.stream().map(RunCharts::pointLabel).toArray(String[]::new));
		chartPoint.select(0);
		showPointSeries();
		timelinePoints = run == null ? List.of() : run.getPoints().stream().filter(p -> !p.getSchedules().isEmpty()).toList();
		timelinePoint.setItems(timelinePoints.stream().map(RunCharts::pointLabel).toArray(String[]::new));
		timelinePoint.select(0);
		showSchedules();
	}

	private void showSummary(Run run) {
		for (TableColumn column : summary.getTable().getColumns()) {
			column.dispose();
		}
		if (run == null) {
			summary.setInput(List.of());
			return;
		}
		summaryColumn(Messages.COLUMN_POINT, p -> Integer.toString(p.getIndex() + 1));
		Set<String> parameters = new LinkedHashSet<>();
		Set<String> values = new LinkedHashSet<>();
		for (RunPoint point : run.getPoints()) {
			point.getBindings().forEach(b -> parameters.add(b.getName()));
			for (SummaryValue v : point.getValues()) {
				values.add(v.getName());
			}
		}
		for (String name : parameters) {
			summaryColumn(name, p -> p.getBindings().stream().filter(b -> b.getName().equals(name)).findFirst()
					.map(b -> Numbers.format(b.getValue())).orElse(""));
		}
		summaryColumn(Messages.COLUMN_POINT_STATUS, p -> p.getStatus().getLiteral());
		java.util.Map<String, org.perfcast.engine.UnitScale> scales = RunCharts.valueScales(run);
		for (String name : values) {
			org.perfcast.engine.UnitScale scale = scales.get(name);
			summaryColumn(scale.label(name), p -> p.getValues().stream().filter(v -> v.getName().equals(name)).findFirst()
					.map(v -> Numbers.format(scale.apply(v.getValue()))).orElse(""));
		}
		summary.setInput(run.getPoints().toArray());
		for (TableColumn column : summary.getTable().getColumns()) {
			column.pack();
		}
	}

	private void summaryColumn(String title, Function<RunPoint, String> text) {
		TableViewerColumn column = new TableViewerColumn(summary, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(80);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((RunPoint) e)));
	}

	private void showPointSeries() {
		int index = chartPoint.getSelectionIndex();
		RunPoint point = index < 0 ? null : chartPoints.get(index);
		pointChart.setSeries(point == null ? List.of() : RunCharts.pointSeries(point));
		List<String> titles = point == null ? List.of("", "") : RunCharts.pointSeriesTitles(point);
		pointChart.setAxisTitles(titles.get(0), titles.get(1));
		applyLogScales();
	}

	private void applyLogScales() {
		sweepChart.setLogScale(logX.getSelection(), logY.getSelection());
		pointChart.setLogScale(logX.getSelection(), logY.getSelection());
		if (overlayChart != null) {
			overlayChart.setLogScale(logX.getSelection(), logY.getSelection());
		}
	}

	private void showSchedules() {
		int index = timelinePoint.getSelectionIndex();
		RunPoint point = index < 0 ? null : timelinePoints.get(index);
		scheduleChoice.setItems(point == null ? new String[0]
				: point.getSchedules().stream().map(Schedule::getName).toArray(String[]::new));
		scheduleChoice.select(0);
		showSchedule();
	}

	private void showSchedule() {
		int point = timelinePoint.getSelectionIndex();
		int index = scheduleChoice.getSelectionIndex();
		timeline.setData(point < 0 || index < 0 ? org.perfcast.ui.charts.TimelineData.EMPTY
				: RunCharts.timeline(timelinePoints.get(point).getSchedules().get(index)));
	}

	private void openSource(TimelineHit hit) {
		SourceLocation source = switch (hit.data()) {
		case Interval interval -> interval.getSource();
		case MessageArrow message -> sendingSource(message);
		case null, default -> null;
		};
		if (source == null) {
			return;
		}
		try {
			SourceOpener.open(getSite().getPage(), source, shown == null ? null : SourceOpener.file(shown.model()));
		} catch (PartInitException e) {
			ErrorDialog.openError(getSite().getShell(), null, String.format(Messages.OPEN_FAILED, source.getFile()),
					e.getStatus());
		}
	}

	/** The source of the interval during which {@code message} leaves its sender, if it has one. */
	private static SourceLocation sendingSource(MessageArrow message) {
		Schedule schedule = (Schedule) message.eContainer();
		Timeline sender = schedule.getTimelines().get(message.getFrom());
		return sender.getIntervals().stream().filter(i -> i.getSource() != null
				&& i.getStart() <= message.getSendTime() && message.getSendTime() <= i.getEnd())
				.map(Interval::getSource).findFirst().orElse(null);
	}

	private void openModel() {
		List<RunEntry> selected = selection();
		IFile model = selected.isEmpty() ? null : SourceOpener.file(selected.get(0).model());
		if (model != null && model.exists()) {
			try {
				IDE.openEditor(getSite().getPage(), model);
			} catch (PartInitException e) {
				ErrorDialog.openError(getSite().getShell(), null, String.format(Messages.OPEN_FAILED, model.getFullPath()),
						e.getStatus());
			}
		}
	}

	/**
	 * Compares the selected runs and shows the Compare tab: every summary value that two or more of them give
	 * over the same swept parameter on one chart (a curve per run, such as the speedup over P of Glamis and
	 * PAMELA); with exactly two runs, also the values that changed, the older run first.
	 */
	public void compareSelected() {
		List<RunEntry> selected = new ArrayList<>(selection());
		selected.sort(Comparator.comparing(e -> e.run().getStartTime()));
		overlays = selected.size() < 2 ? List.of() : RunOverlay.of(selected.stream().map(RunEntry::run).toList());
		overlayChoice.setItems(overlays.stream().map(RunOverlay::title).toArray(String[]::new));
		int speedup = overlays.stream().map(RunOverlay::value).toList().indexOf("speedup");
		overlayChoice.select(Math.max(0, speedup));
		showOverlay();
		RunComparison comparison = selected.size() != 2 ? null
				: RunComparison.compare(selected.get(0).run(), selected.get(1).run());
		if (comparison != null && comparison.changes().isEmpty() && comparison.unchanged() == 0) {
			compare.setInput(List.of());
			compareHeader.setText(String.format(Messages.OVERLAY_HEADER, 2, Messages.NO_MATCHED_POINT));
		} else if (comparison != null) {
			compare.setInput(comparison.changes());
			compareHeader.setText(String.format(Messages.COMPARE_HEADER, selected.get(0).file().getName(),
					selected.get(1).file().getName(), comparison.changes().size(), comparison.unchanged(),
					comparison.unmatched().isEmpty() ? "" : String.format(Messages.COMPARE_UNMATCHED,
							String.join("; ", comparison.unmatched()))));
		} else {
			compare.setInput(List.of());
			compareHeader.setText(selected.size() < 2 ? Messages.SELECT_TWO
					: String.format(Messages.OVERLAY_HEADER, selected.size(), Messages.OVERLAY_ONLY));
		}
		if (overlays.isEmpty() && selected.size() >= 2) {
			compareHeader.setText(compareHeader.getText() + "\n" + Messages.NO_OVERLAY);
		}
		compareHeader.getParent().layout(true, true);
		tabs.setSelection(3);
	}

	private void showOverlay() {
		int index = overlayChoice.getSelectionIndex();
		RunOverlay overlay = index < 0 || index >= overlays.size() ? null : overlays.get(index);
		overlayChart.setSeries(overlay == null ? List.of() : RunCharts.overlaySeries(overlay));
		overlayChart.setAxisTitles(overlay == null ? "" : overlay.parameter(), overlay == null ? ""
				: RunCharts.overlayScale(overlay).label(overlay.value()));
		overlayChart.setLogScale(logX.getSelection(), logY.getSelection());
	}

	/** Writes the selected run's summary values as CSV to {@code file}, and its series next to it if it has any. */
	public void exportCsv(Path file) throws IOException {
		Run run = selection().get(0).run();
		org.perfcast.engine.SafeWrites.replace(file, CsvExport.summary(run));
		if (run.getPoints().stream().anyMatch(p -> !p.getSeries().isEmpty())) {
			String name = file.getFileName().toString().replaceFirst("\\.csv$", "");
			org.perfcast.engine.SafeWrites.replace(file.resolveSibling(name + "-series.csv"), CsvExport.series(run));
		}
	}

	/** Writes the selected run as JSON to {@code file}. */
	public void exportJson(Path file) throws IOException {
		org.perfcast.engine.SafeWrites.replace(file, JsonExport.write(selection().get(0).run()));
	}

	/** Writes the selected runs as an HTML report to {@code file}, with the chosen log axes. */
	public void exportHtml(Path file) throws IOException {
		org.perfcast.engine.SafeWrites.replace(file, HtmlReport.write(selection().stream().map(RunEntry::run).toList(),
				new HtmlReport.Options(logX.getSelection(), logY.getSelection())));
	}

	private void exportWithDialog(String filter, String extension, Export export) {
		List<RunEntry> selected = selection();
		if (selected.isEmpty()) {
			return;
		}
		FileDialog dialog = new FileDialog(getSite().getShell(), SWT.SAVE);
		dialog.setFilterExtensions(new String[] { filter });
		dialog.setFileName(selected.get(0).file().getName().replaceFirst("\\.results$", "") + extension);
		dialog.setOverwrite(true);
		String chosen = dialog.open();
		if (chosen != null) {
			try {
				export.to(Path.of(chosen));
			} catch (IOException e) {
				ErrorDialog.openError(getSite().getShell(), null, String.format(Messages.EXPORT_FAILED, chosen),
						Status.error(e.getMessage(), e));
			}
		}
	}

	/** Deletes the selected runs' results files, after asking if {@code ask}. */
	public void deleteSelected(boolean ask) {
		List<RunEntry> selected = selection();
		if (selected.isEmpty() || ask && !MessageDialog.openConfirm(getSite().getShell(), Messages.DELETE_TITLE,
				String.format(Messages.DELETE_QUESTION, selected.size(), String.join(System.lineSeparator(),
						selected.stream().map(e -> e.file().getFullPath().toString()).toList())))) {
			return;
		}
		WorkspaceJob job = new WorkspaceJob(Messages.DELETE_TITLE) {
			@Override
			public IStatus runInWorkspace(org.eclipse.core.runtime.IProgressMonitor monitor) throws CoreException {
				for (RunEntry entry : selected) {
					entry.file().delete(true, monitor);
				}
				return Status.OK_STATUS;
			}
		};
		job.setRule(ResourcesPlugin.getWorkspace().getRuleFactory().deleteRule(selected.get(0).file().getParent()));
		job.setUser(true);
		job.schedule();
	}

	/** The summary table, for tests. */
	public TableViewer getSummaryViewer() {
		return summary;
	}

	/** The chart of summary values against the swept parameter. */
	public XyChart getSweepChart() {
		return sweepChart;
	}

	/** The chart of the chosen point's series. */
	public XyChart getPointChart() {
		return pointChart;
	}

	/** The timeline of the chosen schedule. */
	public TimelineChart getTimeline() {
		return timeline;
	}

	/** The chart of the compared runs' values, a curve per run. */
	public XyChart getOverlayChart() {
		return overlayChart;
	}

	/** The values the compared runs can be charted by, as offered above the chart. */
	public List<String> getOverlayChoices() {
		return List.of(overlayChoice.getItems());
	}

	/** The comparison table. */
	public TableViewer getCompareViewer() {
		return compare;
	}

	/** The tabs: summary, charts, timeline, compare. */
	public CTabFolder getTabs() {
		return tabs;
	}

	/** The line above the tabs that names the shown run. */
	public String getHeader() {
		return header.getText();
	}

	private static int finished(Run run) {
		return (int) run.getPoints().stream().filter(p -> p.getStatus() == org.perfcast.model.results.RunStatus.COMPLETED)
				.count();
	}

	@Override
	public void setFocus() {
		runs.getControl().setFocus();
	}

	@Override
	public void dispose() {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
		Job.getJobManager().removeJobChangeListener(jobListener);
		loader.cancel();
		super.dispose();
	}
}
