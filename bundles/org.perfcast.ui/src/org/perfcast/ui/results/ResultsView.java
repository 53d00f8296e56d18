package org.perfcast.ui.results;

import java.util.List;

import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.part.ViewPart;
import org.perfcast.ide.PerfcastIde;
import org.perfcast.ide.SimulationJob;
import org.perfcast.model.results.Run;

/**
 * The runs recorded in the results folders of the open projects, newest first, refreshed when results files
 * change and when a simulation job ends. For the selected run: a summary table (per point, its bindings and
 * summary values), charts (summary values against the swept parameter, a point's series) and the schedules
 * as timelines, whose intervals open their model element or source line when clicked; for a recorded program, its
 * causal profile (what-if). Two selected runs can be compared; runs can be exported as CSV, JSON or an HTML report,
 * and deleted.
 * <p>
 * The view composes a {@link RunList}, a header naming the shown run and a tab folder of a {@link SummaryTab},
 * {@link ChartsTab}, {@link ScheduleTab}, {@link CompareTab} and {@link WhatIfTab}; its actions on the selected runs
 * are on its toolbar and the list's context menu, "What if this were faster?" ({@link WhatIfAction}) on the
 * timeline's.
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

	private RunList runs;
	private Label header;
	private CTabFolder tabs;
	private SummaryTab summaryTab;
	private ChartsTab chartsTab;
	private ScheduleTab scheduleTab;
	private CompareTab compareTab;
	private WhatIfTab whatIfTab;
	private WhatIfAction whatIfAction;
	private RunEntry shown;

	@Override
	public void createPartControl(Composite parent) {
		SashForm sash = new SashForm(parent, SWT.HORIZONTAL);
		runs = new RunList(sash, getSite());
		runs.viewer().addSelectionChangedListener(e -> selectionChanged());

		Composite right = new Composite(sash, SWT.NONE);
		GridLayoutFactory.fillDefaults().applyTo(right);
		header = new Label(right, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).indent(4, 4).applyTo(header);
		tabs = new CTabFolder(right, SWT.BORDER | SWT.FLAT);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(tabs);
		summaryTab = new SummaryTab(tabs);
		chartsTab = new ChartsTab(tabs);
		scheduleTab = new ScheduleTab(tabs, getSite());
		compareTab = new CompareTab(tabs);
		whatIfTab = new WhatIfTab(tabs, getSite());
		whatIfAction = WhatIfAction.install(scheduleTab.getChart(), () -> shown, whatIfTab);
		chartsTab.addLogScaleListener(() -> compareTab.setLogScale(chartsTab.isLogX(), chartsTab.isLogY()));
		summaryTab.select();
		sash.setWeights(45, 55);

		getSite().setSelectionProvider(runs.viewer());
		contributeActions();
		show(null);

		ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
		Job.getJobManager().addJobChangeListener(jobListener);
		loader.setSystem(true);
		refresh();
	}

	/** Puts the actions on the toolbar and, in groups, on the list's context menu. */
	private void contributeActions() {
		IToolBarManager toolbar = getViewSite().getActionBars().getToolBarManager();
		MenuManager menu = new MenuManager();
		List<List<IAction>> groups = List.of(List.of(new RefreshAction(this)),
				List.of(new CompareAction(this), new ExportCsvAction(getSite()), new ExportJsonAction(getSite()),
						new ExportHtmlAction(getSite(), chartsTab)),
				List.of(new DeleteAction(getSite())));
		for (List<IAction> group : groups) {
			if (!menu.isEmpty()) {
				menu.add(new Separator());
			}
			group.forEach(toolbar::add);
			group.forEach(menu::add);
		}
		menu.add(new Separator());
		for (ExportTraceAction.Format format : ExportTraceAction.Format.values()) {
			menu.add(new ExportTraceAction(getSite(), format));
		}
		Table table = runs.viewer().getTable();
		table.setMenu(menu.createContextMenu(table));
	}

	/** Reads the results folders again, in the background. */
	public void refresh() {
		loader.schedule(50);
	}

	private void runInUi(Runnable runnable) {
		Control control = runs == null ? null : runs.viewer().getControl();
		if (control != null && !control.isDisposed()) {
			control.getDisplay().asyncExec(() -> {
				if (!control.isDisposed()) {
					runnable.run();
				}
			});
		}
	}

	private void resourcesChanged(IResourceChangeEvent event) {
		if (RunCatalog.concerns(event)) {
			refresh();
		}
	}

	private void setRuns(List<RunEntry> entries) {
		runs.setRuns(entries);
		if (entries.isEmpty()) {
			show(null);
		}
	}

	/** The runs listed, newest first. */
	public List<RunEntry> getRuns() {
		return runs.getRuns();
	}

	/** The selected runs. */
	public List<RunEntry> selection() {
		return runs.selection();
	}

	/** Selects {@code entries} in the list of runs. */
	public void select(List<RunEntry> entries) {
		runs.select(entries);
	}

	private void selectionChanged() {
		List<RunEntry> selected = selection();
		show(selected.isEmpty() ? null : selected.get(0));
	}

	private void show(RunEntry entry) {
		if (entry != null && entry.equals(shown)) {
			return;
		}
		shown = entry;
		Run run = entry == null ? null : entry.run();
		header.setText(run == null ? Messages.NO_RUNS : String.format(Messages.RUN_HEADER, run.getEngineName(),
				entry.model(), entry.status(), run.getPointCount(), org.perfcast.engine.Quantities.seconds(run.getWallTime()))
				+ String.join("", RunCharts.warnings(run).stream().map(w -> "\n" + w).toList()));
		header.getParent().layout(true, true);
		summaryTab.show(run);
		chartsTab.show(run);
		scheduleTab.show(entry);
		whatIfTab.show(entry);
	}

	/**
	 * Compares the selected runs and shows the Compare tab: every summary value that two or more of them give
	 * over the same swept parameter on one chart (a curve per run, such as the speedup over P of Glamis and
	 * PAMELA); with exactly two runs, also the values that changed, the older run first.
	 */
	public void compareSelected() {
		compareTab.compare(selection());
		compareTab.select();
	}

	/** The line above the tabs that names the shown run. */
	public String getHeader() {
		return header.getText();
	}

	/** The folder of the tabs: summary, charts, timeline, compare, what-if. */
	public CTabFolder getTabs() {
		return tabs;
	}

	/** The Summary tab. */
	public SummaryTab getSummaryTab() {
		return summaryTab;
	}

	/** The Charts tab. */
	public ChartsTab getChartsTab() {
		return chartsTab;
	}

	/** The Timeline tab. */
	public ScheduleTab getScheduleTab() {
		return scheduleTab;
	}

	/** The Compare tab. */
	public CompareTab getCompareTab() {
		return compareTab;
	}

	/** The What-if tab. */
	public WhatIfTab getWhatIfTab() {
		return whatIfTab;
	}

	/** "What if this were faster?" on the timeline's context menu. */
	public WhatIfAction getWhatIfAction() {
		return whatIfAction;
	}

	@Override
	public void setFocus() {
		runs.viewer().getControl().setFocus();
	}

	@Override
	public void dispose() {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
		Job.getJobManager().removeJobChangeListener(jobListener);
		loader.cancel();
		super.dispose();
	}
}
