package org.perfcast.engine.run;

import java.util.List;
import java.util.Objects;

/**
 * A table of a result, e.g. the workload of every link: column headers and rows of text cells.
 *
 * @param name    the table's title
 * @param columns the column headers
 * @param rows    the rows, each with one cell per column
 */
public record Table(String name, List<String> columns, List<List<String>> rows) {

	/** @throws IllegalArgumentException if a row does not have one cell per column */
	public Table {
		Objects.requireNonNull(name, "name");
		columns = List.copyOf(columns);
		rows = rows.stream().map(List::copyOf).toList();
		for (List<String> row : rows) {
			if (row.size() != columns.size()) {
				throw new IllegalArgumentException("table " + name + ": a row has " + row.size() + " cells for "
						+ columns.size() + " columns");
			}
		}
	}
}
