package org.perfcast.ui.internal.emf;

import org.eclipse.core.resources.IMarker;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.DecorationOverlayIcon;
import org.eclipse.jface.viewers.IDecoration;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

/**
 * Labels of the model tree: the item providers' texts and icons, with an error or warning overlay on the
 * elements that have Perfcast problem markers and their messages as tooltips.
 */
public final class ProblemLabelProvider extends ColumnLabelProvider {

	private final ItemLabelProvider items;
	private final ItemImages images;
	private ModelProblems problems = new ModelProblems();

	/** Decorates the labels of {@code items}; overlay icons are owned by {@code images}. */
	public ProblemLabelProvider(ItemLabelProvider items, ItemImages images) {
		this.items = items;
		this.images = images;
	}

	/** Shows {@code problems} from now on; the caller refreshes the viewer. */
	public void setProblems(ModelProblems problems) {
		this.problems = problems;
	}

	@Override
	public String getText(Object element) {
		return items.getText(element);
	}

	@Override
	public Image getImage(Object element) {
		Image image = items.getImage(element);
		ModelProblems.Problems p = problems.get(element);
		if (image == null || p == null || p.severity() == IMarker.SEVERITY_INFO) {
			return image;
		}
		String overlay = p.severity() == IMarker.SEVERITY_ERROR ? ISharedImages.IMG_DEC_FIELD_ERROR
				: ISharedImages.IMG_DEC_FIELD_WARNING;
		return images.image(new DecorationOverlayIcon(image,
				PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(overlay), IDecoration.BOTTOM_LEFT));
	}

	@Override
	public String getToolTipText(Object element) {
		ModelProblems.Problems p = problems.get(element);
		return p == null ? null : String.join("\n", p.messages());
	}

	@Override
	public void dispose() {
		items.dispose();
		super.dispose();
	}
}
