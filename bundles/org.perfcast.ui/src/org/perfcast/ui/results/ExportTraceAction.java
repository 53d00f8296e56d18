package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.ui.IWorkbenchPartSite;
import org.perfcast.model.results.Run;
import org.perfcast.results.export.ChromeTraceExport;
import org.perfcast.results.export.ParaverExport;
import org.perfcast.results.export.PerfettoExport;
import org.perfcast.trace.OpenMpWords;

/**
 * Saves the schedules of the selected runs as a trace file for another viewer: Perfetto (ui.perfetto.dev), Chrome's
 * Trace Event JSON (chrome://tracing) or Paraver (the .prv chosen, with its .pcf and .row beside it).
 */
public final class ExportTraceAction extends ExportAction {

	/** The viewers written for. */
	public enum Format {
		/** A Perfetto protobuf trace. */
		PERFETTO("org.perfcast.ui.results.exportPerfetto", Messages.EXPORT_PERFETTO, Messages.EXPORT_PERFETTO_TIP,
				".perfetto-trace"),
		/** Chrome's Trace Event JSON. */
		CHROME("org.perfcast.ui.results.exportChromeTrace", Messages.EXPORT_CHROME, Messages.EXPORT_CHROME_TIP, ".json"),
		/** A Paraver trace. */
		PARAVER("org.perfcast.ui.results.exportParaver", Messages.EXPORT_PARAVER, Messages.EXPORT_PARAVER_TIP, ".prv");

		final String id;
		final String text;
		final String tip;
		final String extension;

		Format(String id, String text, String tip, String extension) {
			this.id = id;
			this.text = text;
			this.tip = tip;
			this.extension = extension;
		}

		/** The id of this format's action. */
		public String id() {
			return id;
		}
	}

	private final Format format;

	/** The export to {@code format} of the runs selected in the view of {@code site}. */
	public ExportTraceAction(IWorkbenchPartSite site, Format format) {
		super(site, format.id, format.text, format.tip, format.extension, 1, Integer.MAX_VALUE);
		this.format = format;
	}

	@Override
	public void exportTo(Path file) throws IOException {
		List<Run> runs = runs().stream().map(RunEntry::run).toList();
		switch (format) {
		case PERFETTO -> PerfettoExport.write(runs, OpenMpWords::detail, file);
		case CHROME -> ChromeTraceExport.write(runs, OpenMpWords::detail, file);
		case PARAVER -> {
			Path dir = file.toAbsolutePath().getParent();
			String name = file.getFileName().toString().replaceFirst("\\.prv$", "");
			ParaverExport.write(runs, OpenMpWords::detail, dir, name);
		}
		}
	}
}
