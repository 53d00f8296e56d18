package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.ui.IWorkbenchPartSite;
import org.perfcast.engine.SafeWrites;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.CsvExport;

/**
 * Saves the selected run's summary values as CSV, and its series, if it has any, next to them.
 */
public final class ExportCsvAction extends ExportAction {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.exportCsv";

	ExportCsvAction(IWorkbenchPartSite site) {
		super(site, ID, Messages.EXPORT_CSV, Messages.EXPORT_CSV_TIP, ".csv", 1, 1);
	}

	/** Writes the selected run's summary values to {@code file}, and its series to NAME-series.csv beside it. */
	@Override
	public void exportTo(Path file) throws IOException {
		Run run = runs().get(0).run();
		SafeWrites.replace(file, CsvExport.summary(run));
		if (run.getPoints().stream().anyMatch(p -> !p.getSeries().isEmpty())) {
			String name = file.getFileName().toString().replaceFirst("\\.csv$", "");
			SafeWrites.replace(file.resolveSibling(name + "-series.csv"), CsvExport.series(run));
		}
	}
}
