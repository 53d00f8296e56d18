package org.perfcast.ui.internal.emf;

import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.emf.edit.provider.IItemPropertySource;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;

/**
 * The properties of one model object for the property sheet. Values are set through the item
 * property descriptors, which execute a command on the object's editing domain (so they can be undone).
 */
final class ItemPropertySource implements IPropertySource {

	private final Object object;
	private final IItemPropertySource itemSource;

	ItemPropertySource(Object object, IItemPropertySource itemSource) {
		this.object = object;
		this.itemSource = itemSource;
	}

	@Override
	public Object getEditableValue() {
		return itemSource.getEditableValue(object);
	}

	@Override
	public IPropertyDescriptor[] getPropertyDescriptors() {
		return itemSource.getPropertyDescriptors(object).stream()
				.map(descriptor -> new ItemPropertyDescriptorAdapter(object, descriptor))
				.toArray(IPropertyDescriptor[]::new);
	}

	private IItemPropertyDescriptor descriptor(Object id) {
		return itemSource.getPropertyDescriptor(object, id);
	}

	@Override
	public Object getPropertyValue(Object id) {
		Object value = descriptor(id).getPropertyValue(object);
		// the descriptor wraps values for nested property sheets; the cell editors want the value itself
		return value instanceof IItemPropertySource wrapper ? wrapper.getEditableValue(object) : value;
	}

	@Override
	public boolean isPropertySet(Object id) {
		return descriptor(id).isPropertySet(object);
	}

	@Override
	public void resetPropertyValue(Object id) {
		descriptor(id).resetPropertyValue(object);
	}

	@Override
	public void setPropertyValue(Object id, Object value) {
		descriptor(id).setPropertyValue(object, value);
	}
}
