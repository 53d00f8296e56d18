package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.perfcast.engine.Quantities;
import org.perfcast.results.io.RunComparison;
import org.perfcast.results.io.RunComparison.ValueChange;
import org.perfcast.results.io.RunOverlay;
import org.perfcast.ui.charts.XyChart;

/**
 * The Compare tab: every summary value that two or more runs give over the same swept parameter on one chart,
 * a curve per run, and for exactly two runs a table of the values that changed.
 */
public final class CompareTab extends ResultsTab {

	private final Label header;
	private final Combo overlayChoice;
	private final XyChart overlayChart;
	private final TableViewer changes;
	private List<RunOverlay> overlays = List.of();
	private boolean logX;
	private boolean logY;

	CompareTab(CTabFolder folder) {
		super(folder, Messages.TAB_COMPARE, Messages.TAB_COMPARE_TIP);
		Composite box = new Composite(folder, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(box);
		header = new Label(box, SWT.WRAP);
		header.setText(Messages.SELECT_TWO);
		GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(header);
		new Label(box, SWT.NONE).setText(Messages.OVERLAY_LABEL);
		overlayChoice = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(overlayChoice);
		overlayChoice.addListener(SWT.Selection, e -> showOverlay());
		SashForm split = new SashForm(box, SWT.VERTICAL);
		GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(split);
		overlayChart = new XyChart(split, SWT.NONE);
		changes = new TableViewer(split, SWT.BORDER | SWT.FULL_SELECTION);
		changes.getTable().setHeaderVisible(true);
		changes.getTable().setLinesVisible(true);
		changes.setContentProvider(ArrayContentProvider.getInstance());
		split.setWeights(60, 40);
		column(Messages.COLUMN_POINT, 140, ValueChange::point);
		column(Messages.COLUMN_VALUE_NAME, 100, ValueChange::name); // the values carry their scaled units
		column(Messages.COLUMN_BEFORE, 100, c -> Quantities.format(c.before(), c.unit()));
		column(Messages.COLUMN_AFTER, 100, c -> Quantities.format(c.after(), c.unit()));
		column(Messages.COLUMN_CHANGE, 100, c -> Double.isNaN(c.relative()) ? Quantities.format(c.delta(), c.unit())
				: String.format("%+.1f%%", 100 * c.relative()));
		setControl(box);
	}

	private void column(String title, int width, Function<ValueChange, String> text) {
		TableViewerColumn column = new TableViewerColumn(changes, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(width);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((ValueChange) e)));
	}

	/**
	 * Compares {@code runs}: charts the values they share, the speedup first if they have it, and with exactly
	 * two runs lists the values that changed, the older run first.
	 */
	void compare(List<RunEntry> runs) {
		List<RunEntry> selected = new ArrayList<>(runs);
		selected.sort(Comparator.comparing(e -> e.run().getStartTime()));
		overlays = selected.size() < 2 ? List.of() : RunOverlay.of(selected.stream().map(RunEntry::run).toList());
		overlayChoice.setItems(overlays.stream().map(RunOverlay::title).toArray(String[]::new));
		int speedup = overlays.stream().map(RunOverlay::value).toList().indexOf("speedup");
		overlayChoice.select(Math.max(0, speedup));
		showOverlay();
		RunComparison comparison = selected.size() != 2 ? null
				: RunComparison.compare(selected.get(0).run(), selected.get(1).run());
		if (comparison != null && comparison.changes().isEmpty() && comparison.unchanged() == 0) {
			changes.setInput(List.of());
			header.setText(String.format(Messages.OVERLAY_HEADER, 2, Messages.NO_MATCHED_POINT));
		} else if (comparison != null) {
			changes.setInput(comparison.changes());
			header.setText(String.format(Messages.COMPARE_HEADER, selected.get(0).file().getName(),
					selected.get(1).file().getName(), comparison.changes().size(), comparison.unchanged(),
					comparison.unmatched().isEmpty() ? "" : String.format(Messages.COMPARE_UNMATCHED,
							String.join("; ", comparison.unmatched()))));
		} else {
			changes.setInput(List.of());
			header.setText(selected.size() < 2 ? Messages.SELECT_TWO
					: String.format(Messages.OVERLAY_HEADER, selected.size(), Messages.OVERLAY_ONLY));
		}
		if (overlays.isEmpty() && selected.size() >= 2) {
			header.setText(header.getText() + "\n" + Messages.NO_OVERLAY);
		}
		header.getParent().layout(true, true);
	}

	private void showOverlay() {
		int index = overlayChoice.getSelectionIndex();
		RunOverlay overlay = index < 0 || index >= overlays.size() ? null : overlays.get(index);
		overlayChart.setSeries(overlay == null ? List.of() : RunCharts.overlaySeries(overlay));
		overlayChart.setAxisTitles(overlay == null ? "" : overlay.parameter(), overlay == null ? ""
				: RunCharts.overlayScale(overlay).label(overlay.value()));
		overlayChart.setLogScale(logX, logY);
	}

	/** Makes the chart's axes logarithmic or linear. */
	void setLogScale(boolean x, boolean y) {
		logX = x;
		logY = y;
		overlayChart.setLogScale(x, y);
	}

	/** The chart of the compared runs' values, a curve per run. */
	public XyChart getOverlayChart() {
		return overlayChart;
	}

	/** The values the compared runs can be charted by, as offered above the chart. */
	public List<String> getOverlayChoices() {
		return List.of(overlayChoice.getItems());
	}

	/** The table of the values that changed. */
	public TableViewer getViewer() {
		return changes;
	}
}
