package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.ui.IWorkbenchPartSite;
import org.perfcast.engine.SafeWrites;
import org.perfcast.results.export.JsonExport;

/**
 * Saves the selected run as JSON.
 */
public final class ExportJsonAction extends ExportAction {

	/** The action's id. */
	public static final String ID = "org.perfcast.ui.results.exportJson";

	ExportJsonAction(IWorkbenchPartSite site) {
		super(site, ID, Messages.EXPORT_JSON, Messages.EXPORT_JSON_TIP, ".json", 1, 1);
	}

	@Override
	public void exportTo(Path file) throws IOException {
		SafeWrites.replace(file, JsonExport.write(runs().get(0).run()));
	}
}
