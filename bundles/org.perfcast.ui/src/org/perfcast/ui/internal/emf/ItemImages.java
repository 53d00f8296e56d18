package org.perfcast.ui.internal.emf;

import java.net.MalformedURLException;
import java.net.URL;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.provider.ComposedImage;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.swt.graphics.Image;

/**
 * SWT images for the images of item providers (URLs, EMF URIs and composed images), created once and
 * disposed together with {@link #dispose()}.
 */
public final class ItemImages {

	private final LocalResourceManager resources = new LocalResourceManager(JFaceResources.getResources());

	/** The descriptor of an item provider's image, or null if it is of no known kind. */
	public ImageDescriptor descriptor(Object image) {
		if (image instanceof ImageDescriptor descriptor) {
			return descriptor;
		}
		if (image instanceof URL url) {
			return ImageDescriptor.createFromURL(url);
		}
		if (image instanceof URI uri) {
			try {
				return ImageDescriptor.createFromURL(new URL(uri.toString()));
			} catch (MalformedURLException e) {
				return null;
			}
		}
		if (image instanceof ComposedImage composed) {
			List<ImageDescriptor> parts = composed.getImages().stream().map(this::descriptor).toList();
			return parts.contains(null) ? null : new ComposedImageDescriptor(composed, parts);
		}
		return null;
	}

	/** The SWT image of an item provider's image, or null; owned by this cache. */
	public Image image(Object image) {
		ImageDescriptor descriptor = descriptor(image);
		return descriptor == null ? null : resources.create(descriptor);
	}

	/** Disposes every image this cache created. */
	public void dispose() {
		resources.dispose();
	}
}
