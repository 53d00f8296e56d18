package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.ui.IWorkbenchPartSite;
import org.perfcast.engine.SafeWrites;
import org.perfcast.results.export.HtmlReport;

/**
 * Saves the selected runs as a self-contained HTML report, its charts with the log axes chosen on the Charts tab.
 */
public final class ExportHtmlAction extends ExportAction {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.exportHtml";

	private final ChartsTab charts;

	ExportHtmlAction(IWorkbenchPartSite site, ChartsTab charts) {
		super(site, ID, Messages.EXPORT_HTML, Messages.EXPORT_HTML_TIP, ".html", 1, Integer.MAX_VALUE);
		this.charts = charts;
	}

	@Override
	public void exportTo(Path file) throws IOException {
		SafeWrites.replace(file, HtmlReport.write(runs().stream().map(RunEntry::run).toList(),
				new HtmlReport.Options(charts.isLogX(), charts.isLogY())));
	}
}
