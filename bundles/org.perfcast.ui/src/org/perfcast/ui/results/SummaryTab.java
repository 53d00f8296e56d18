package org.perfcast.ui.results;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.widgets.TableColumn;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.UnitScale;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.SummaryValue;

/**
 * The Summary tab: a row per point of the shown run, with its parameter values, status and summary values,
 * each value column in the unit of its largest value.
 */
public final class SummaryTab extends ResultsTab {

	private final TableViewer table;

	SummaryTab(CTabFolder folder) {
		super(folder, Messages.TAB_SUMMARY, Messages.TAB_SUMMARY_TIP);
		table = new TableViewer(folder, SWT.BORDER | SWT.FULL_SELECTION);
		table.getTable().setHeaderVisible(true);
		table.getTable().setLinesVisible(true);
		table.setContentProvider(ArrayContentProvider.getInstance());
		setControl(table.getControl());
	}

	/** Shows the points of {@code run}, or none if it is {@code null}. */
	void show(Run run) {
		for (TableColumn column : table.getTable().getColumns()) {
			column.dispose();
		}
		if (run == null) {
			table.setInput(List.of());
			return;
		}
		column(Messages.COLUMN_POINT, p -> Integer.toString(p.getIndex() + 1));
		Set<String> parameters = new LinkedHashSet<>();
		Set<String> values = new LinkedHashSet<>();
		for (RunPoint point : run.getPoints()) {
			point.getBindings().forEach(b -> parameters.add(b.getName()));
			for (SummaryValue v : point.getValues()) {
				values.add(v.getName());
			}
		}
		for (String name : parameters) {
			column(name, p -> p.getBindings().stream().filter(b -> b.getName().equals(name)).findFirst()
					.map(b -> Numbers.format(b.getValue())).orElse(""));
		}
		column(Messages.COLUMN_POINT_STATUS, p -> p.getStatus().getLiteral());
		Map<String, UnitScale> scales = RunCharts.valueScales(run);
		for (String name : values) {
			UnitScale scale = scales.get(name);
			column(scale.label(name), p -> p.getValues().stream().filter(v -> v.getName().equals(name)).findFirst()
					.map(v -> scale.format(v.getValue(), org.perfcast.engine.Quantities.DIGITS)).orElse(""));
		}
		table.setInput(run.getPoints().toArray());
		for (TableColumn column : table.getTable().getColumns()) {
			column.pack();
		}
	}

	private void column(String title, Function<RunPoint, String> text) {
		TableViewerColumn column = new TableViewerColumn(table, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(80);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> text.apply((RunPoint) e)));
	}

	/** The table of points. */
	public TableViewer getViewer() {
		return table;
	}
}
