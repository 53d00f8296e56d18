package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.notify.AdapterFactory;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.IPropertySourceProvider;

/** The property sheet's source of properties for model objects: their item providers' property descriptors. */
public final class ItemPropertySourceProvider implements IPropertySourceProvider {

	private final AdapterFactory adapterFactory;

	/** Properties from {@code adapterFactory}'s item providers. */
	public ItemPropertySourceProvider(AdapterFactory adapterFactory) {
		this.adapterFactory = adapterFactory;
	}

	@Override
	public IPropertySource getPropertySource(Object object) {
		if (object instanceof IPropertySource source) {
			return source;
		}
		if (adapterFactory.adapt(object, IItemPropertySource.class) instanceof IItemPropertySource source) {
			return new ItemPropertySource(object, source);
		}
		return null;
	}
}
