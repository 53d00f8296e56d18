package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.edit.provider.IItemLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.graphics.Image;

/** A JFace label provider that asks the item providers of an adapter factory for texts and icons. */
public final class ItemLabelProvider extends LabelProvider {

	private final AdapterFactory adapterFactory;
	private final ItemImages images;

	/** Labels from {@code adapterFactory}'s item providers, icons owned by {@code images}. */
	public ItemLabelProvider(AdapterFactory adapterFactory, ItemImages images) {
		this.adapterFactory = adapterFactory;
		this.images = images;
	}

	@Override
	public String getText(Object element) {
		if (adapterFactory.adapt(element, IItemLabelProvider.class) instanceof IItemLabelProvider provider) {
			return provider.getText(element);
		}
		return element == null ? "" : element.toString();
	}

	@Override
	public Image getImage(Object element) {
		if (adapterFactory.adapt(element, IItemLabelProvider.class) instanceof IItemLabelProvider provider) {
			return images.image(provider.getImage(element));
		}
		return null;
	}
}
