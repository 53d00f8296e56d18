package org.perfcast.ui.internal;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;

/** PNG screenshots of a shell, for the README and the user guide, the IDE smoke check and UI tests. */
public final class Screenshots {

	private Screenshots() {
	}

	/**
	 * Saves what {@code shell} shows on screen as a PNG file, creating parent folders. Must run in the UI
	 * thread.
	 *
	 * @throws java.io.IOException if the folder cannot be created
	 */
	public static void save(Shell shell, Path file) throws java.io.IOException {
		Display display = shell.getDisplay();
		while (display.readAndDispatch()) {
			// let pending paints happen before the copy
		}
		Rectangle bounds = shell.getBounds();
		Image image = new Image(display, bounds.width, bounds.height);
		GC gc = new GC(display);
		try {
			gc.copyArea(image, bounds.x, bounds.y);
		} finally {
			gc.dispose();
		}
		try {
			ImageData data = image.getImageData();
			ImageLoader loader = new ImageLoader();
			loader.data = new ImageData[] { data };
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			loader.save(file.toString(), SWT.IMAGE_PNG);
		} finally {
			image.dispose();
		}
	}
}
