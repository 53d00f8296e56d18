package org.perfcast.ui.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.ui.IWorkbenchPartSite;

/**
 * Saves the runs selected in the Results view to a file the user chooses, named after the first run.
 */
public abstract class ExportAction extends RunsAction {

	private final String extension;

	/** An export to files ending in {@code extension} (such as {@code .csv}) of {@code fewest} to {@code most} runs. */
	ExportAction(IWorkbenchPartSite site, String id, String text, String tip, String extension, int fewest, int most) {
		super(site, id, text, tip, fewest, most);
		this.extension = extension;
	}

	@Override
	public void run() {
		List<RunEntry> selected = runs();
		if (selected.isEmpty()) {
			return;
		}
		FileDialog dialog = new FileDialog(site().getShell(), SWT.SAVE);
		dialog.setFilterExtensions(new String[] { "*" + extension });
		dialog.setFileName(selected.get(0).file().getName().replaceFirst("\\.results$", "") + extension);
		dialog.setOverwrite(true);
		String chosen = dialog.open();
		if (chosen != null) {
			try {
				exportTo(Path.of(chosen));
			} catch (IOException e) {
				ErrorDialog.openError(site().getShell(), null, String.format(Messages.EXPORT_FAILED, chosen),
						Status.error(e.getMessage(), e));
			}
		}
	}

	/** Writes the selected runs to {@code file}. */
	public abstract void exportTo(Path file) throws IOException;
}
