package org.perfcast.ui.mapping;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewerToolTipSupport;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;
import org.perfcast.ide.EngineMonitors;
import org.perfcast.mapping.ProcessorTime;

/**
 * The Mapping view: for the program model selected in the Project Explorer or open in the active editor, the
 * mapping techniques ranked by predicted T (with interval and remarks), the components SEQ, CL, SD, OL and T
 * per processor of the technique selected in the ranking, the crossovers, and the sensitivity chart against
 * BB or N. The analysis runs again in the background whenever the program or its machine is saved.
 */
public final class MappingView extends ViewPart {

	/** The view's id. */
	public static final String ID = "org.perfcast.ui.views.mapping";

	private final AtomicLong generation = new AtomicLong();
	private final ISelectionListener selectionListener = this::selectionChanged;
	private final IResourceChangeListener resourceListener = this::resourcesChanged;

	private Label header;
	private Label crossovers;
	private TableViewer ranking;
	private TableViewer components;
	private Combo against;
	private Button relative;
	private Label chartProblem;
	private SensitivityChart chart;
	private volatile MappingViewContent content;
	private IFile file;

	@Override
	public void createPartControl(Composite parent) {
		parent.setLayout(new GridLayout(1, false));
		header = new Label(parent, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(header);
		crossovers = new Label(parent, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(crossovers);

		SashForm vertical = new SashForm(parent, SWT.VERTICAL);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(vertical);
		SashForm tables = new SashForm(vertical, SWT.HORIZONTAL);
		ranking = table(tables, List.of(
				column(Messages.COLUMN_TECHNIQUE, 28, MappingViewContent.Row::technique),
				column(Messages.COLUMN_T, 12, MappingViewContent.Row::T),
				column(Messages.COLUMN_T_LOWER, 12, MappingViewContent.Row::Tlower),
				column(Messages.COLUMN_T_UPPER, 12, MappingViewContent.Row::Tupper),
				column(Messages.COLUMN_REMARK, 36, MappingViewContent.Row::remark)));
		components = table(tables, List.of(
				this.<ProcessorTime>column(Messages.COLUMN_PROCESSOR, 16, p -> Integer.toString(p.processor())),
				this.<ProcessorTime>column("SEQ", 14, p -> MappingViewContent.format(p.SEQ())),
				this.<ProcessorTime>column("CL", 14, p -> MappingViewContent.format(p.CL())),
				this.<ProcessorTime>column("SD", 14, p -> MappingViewContent.format(p.SD())),
				this.<ProcessorTime>column("OL", 14, p -> MappingViewContent.format(p.OL())),
				this.<ProcessorTime>column("T", 14, p -> MappingViewContent.format(p.T()))));
		tables.setWeights(55, 45);
		ranking.addSelectionChangedListener(event -> showComponents());

		Composite chartArea = new Composite(vertical, SWT.NONE);
		chartArea.setLayout(new GridLayout(4, false));
		new Label(chartArea, SWT.NONE).setText(Messages.CHART_AGAINST);
		against = new Combo(chartArea, SWT.READ_ONLY);
		against.setItems("BB", "N");
		against.select(0);
		against.addListener(SWT.Selection, event -> showChart());
		relative = new Button(chartArea, SWT.CHECK);
		relative.setText(Messages.CHART_RELATIVE);
		relative.setToolTipText(Messages.CHART_RELATIVE_TIP);
		relative.setSelection(true);
		relative.addListener(SWT.Selection, event -> showChart());
		chartProblem = new Label(chartArea, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(chartProblem);
		chart = new SensitivityChart(chartArea);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(chart.control());
		vertical.setWeights(45, 55);

		show(null);
		getSite().getPage().addPostSelectionListener(selectionListener);
		ResourcesPlugin.getWorkspace().addResourceChangeListener(resourceListener, IResourceChangeEvent.POST_CHANGE);
		IEditorPart editor = getSite().getPage().getActiveEditor();
		if (editor != null) {
			selectionChanged(editor, StructuredSelection.EMPTY);
		}
		ISelection selection = getSite().getPage().getSelection();
		if (selection != null && file == null) {
			selectionChanged(null, selection);
		}
	}

	private record Column<T>(String title, int weight, Function<T, String> text) {
	}

	private <T> Column<T> column(String title, int weight, Function<T, String> text) {
		return new Column<>(title, weight, text);
	}

	private static <T> TableViewer table(Composite parent, List<Column<T>> columns) {
		Composite holder = new Composite(parent, SWT.NONE);
		TableColumnLayout layout = new TableColumnLayout();
		holder.setLayout(layout);
		TableViewer viewer = new TableViewer(holder, SWT.SINGLE | SWT.FULL_SELECTION | SWT.BORDER);
		viewer.getTable().setHeaderVisible(true);
		viewer.getTable().setLinesVisible(true);
		viewer.setContentProvider(ArrayContentProvider.getInstance());
		ColumnViewerToolTipSupport.enableFor(viewer);
		for (Column<T> column : columns) {
			TableViewerColumn c = new TableViewerColumn(viewer, SWT.LEFT);
			c.getColumn().setText(column.title());
			layout.setColumnData(c.getColumn(), new ColumnWeightData(column.weight(), 40));
			c.setLabelProvider(new ColumnLabelProvider() {
				@SuppressWarnings("unchecked")
				@Override
				public String getText(Object element) {
					return column.text().apply((T) element);
				}

				@Override
				public String getToolTipText(Object element) {
					return getText(element);
				}
			});
		}
		return viewer;
	}

	private void selectionChanged(IWorkbenchPart part, ISelection selection) {
		if (part == this) {
			return;
		}
		IFile selected = null;
		if (part instanceof IEditorPart editor) {
			selected = Adapters.adapt(editor.getEditorInput(), IFile.class);
		} else if (selection instanceof IStructuredSelection structured && structured.size() == 1) {
			selected = Adapters.adapt(structured.getFirstElement(), IFile.class);
		}
		if (selected != null && "program".equals(selected.getFileExtension()) && !selected.equals(file)) {
			setFile(selected);
		}
	}

	/** Shows the predictions of {@code program} (a *.program file), analysed in the background. */
	public void setFile(IFile program) {
		file = program;
		analyse();
	}

	/** The program file shown, or null. */
	public IFile getFile() {
		return file;
	}

	private void resourcesChanged(IResourceChangeEvent event) {
		IFile shown = file;
		MappingViewContent current = content;
		IResourceDelta delta = event.getDelta();
		if (shown == null || delta == null) {
			return;
		}
		boolean changed = changed(delta, shown.getFullPath());
		if (current != null) {
			for (IPath input : current.inputs()) {
				changed |= changed(delta, input);
			}
		}
		if (changed) {
			analyse();
		}
	}

	private static boolean changed(IResourceDelta delta, IPath path) {
		IResourceDelta member = delta.findMember(path);
		return member != null && (member.getKind() != IResourceDelta.CHANGED
				|| (member.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0);
	}

	private void analyse() {
		IFile target = file;
		long mine = generation.incrementAndGet();
		if (target == null) {
			return;
		}
		Job job = Job.create(Messages.ANALYSING.formatted(target.getName()), (IProgressMonitor monitor) -> {
			if (!target.exists()) {
				asyncShow(mine, null);
				return Status.OK_STATUS;
			}
			try {
				asyncShow(mine, MappingViewContent.of(target, EngineMonitors.adapt(monitor)));
				return Status.OK_STATUS;
			} catch (org.perfcast.engine.CancelledException e) {
				return Status.CANCEL_STATUS;
			} catch (RuntimeException e) {
				return new Status(IStatus.ERROR, "org.perfcast.ui", Messages.FAILED.formatted(target.getName(), e), e);
			}
		});
		job.setSystem(true);
		job.schedule();
	}

	private void asyncShow(long mine, MappingViewContent result) {
		if (header == null || header.isDisposed()) {
			return;
		}
		header.getDisplay().asyncExec(() -> {
			if (!header.isDisposed() && generation.get() == mine) {
				show(result);
			}
		});
	}

	/** The header line: the verdict, or why there is no prediction. */
	public String getHeader() {
		return header.getText();
	}

	/** The ranking of the techniques (one row per technique: name, T, T lower, T upper, remark). */
	public TableViewer getRankingViewer() {
		return ranking;
	}

	/** The components per processor of the technique selected in the ranking. */
	public TableViewer getComponentsViewer() {
		return components;
	}

	/** The names of the chart's series, one per technique; empty without a chart. */
	public List<String> getChartSeries() {
		return chart.seriesNames();
	}

	/** The program's own value on each of the chart's series. */
	public List<org.perfcast.ui.charts.XyChart.Mark> getChartMarks() {
		return chart.marks();
	}

	/** The chart's axis titles, x then y. */
	public List<String> getChartAxisTitles() {
		return chart.axisTitles();
	}

	/** Draws the chart's T as they are ({@code false}) or relative to the fastest technique's. */
	public void showChartRelative(boolean relativeToFastest) {
		relative.setSelection(relativeToFastest);
		showChart();
	}

	/** Draws the chart against {@code parameter}, "BB" or "N". */
	public void showChartAgainst(String parameter) {
		against.select(against.indexOf(parameter));
		showChart();
	}

	private void show(MappingViewContent shown) {
		content = shown;
		if (shown == null) {
			header.setText(Messages.NO_PROGRAM);
			crossovers.setText("");
			ranking.setInput(List.of());
			components.setInput(List.of());
			setContentDescription("");
		} else {
			setContentDescription(shown.file().getFullPath().toString());
			header.setText(shown.header());
			crossovers.setText(String.join("\n", shown.crossovers()));
			ranking.setInput(shown.rows());
			if (!shown.rows().isEmpty()) {
				ranking.setSelection(new StructuredSelection(shown.rows().get(0)));
			}
		}
		showComponents();
		showChart();
		header.getParent().layout(true, true);
	}

	private void showComponents() {
		Object selected = ranking.getStructuredSelection().getFirstElement();
		components.setInput(selected instanceof MappingViewContent.Row row && row.model() != null
				? row.model().processors()
				: List.of());
	}

	private void showChart() {
		MappingViewContent shown = content;
		boolean hasChart = shown != null && !shown.figures().isEmpty();
		chart.show(hasChart ? shown.figures().get(against.getSelectionIndex()) : null, relative.getSelection());
		chartProblem.setText(shown != null && shown.chartProblem() != null ? shown.chartProblem() : "");
		against.setEnabled(hasChart);
		relative.setEnabled(hasChart);
	}

	@Override
	public void setFocus() {
		ranking.getControl().setFocus();
	}

	@Override
	public void dispose() {
		generation.incrementAndGet();
		getSite().getPage().removePostSelectionListener(selectionListener);
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(resourceListener);
		super.dispose();
	}
}
