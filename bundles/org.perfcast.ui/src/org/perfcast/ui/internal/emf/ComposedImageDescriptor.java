package org.perfcast.ui.internal.emf;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.edit.provider.ComposedImage;
import org.eclipse.jface.resource.CompositeImageDescriptor;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;

/** An image descriptor that draws the parts of an EMF composed image (an icon and its overlays). */
final class ComposedImageDescriptor extends CompositeImageDescriptor {

	private final ComposedImage composed;
	private final List<ImageDescriptor> parts;

	ComposedImageDescriptor(ComposedImage composed, List<ImageDescriptor> parts) {
		this.composed = composed;
		this.parts = parts;
	}

	private ComposedImage.Size composedSize() {
		List<ComposedImage.Size> sizes = new ArrayList<>();
		for (ImageDescriptor part : parts) {
			ImageData data = part.getImageData(100);
			ComposedImage.Size size = new ComposedImage.Size();
			size.width = data == null ? 0 : data.width;
			size.height = data == null ? 0 : data.height;
			sizes.add(size);
		}
		return composed.getSize(sizes);
	}

	@Override
	protected Point getSize() {
		ComposedImage.Size size = composedSize();
		return new Point(size.width, size.height);
	}

	@Override
	protected void drawCompositeImage(int width, int height) {
		List<ComposedImage.Point> points = composed.getDrawPoints(composedSize());
		for (int i = 0; i < parts.size() && i < points.size(); i++) {
			drawImage(createCachedImageDataProvider(parts.get(i)), points.get(i).x, points.get(i).y);
		}
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof ComposedImageDescriptor that && composed.equals(that.composed);
	}

	@Override
	public int hashCode() {
		return composed.hashCode();
	}
}
