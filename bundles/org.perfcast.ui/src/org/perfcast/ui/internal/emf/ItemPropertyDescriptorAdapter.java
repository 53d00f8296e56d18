package org.perfcast.ui.internal.emf;

import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.ILabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.views.properties.IPropertyDescriptor;

/** A property sheet descriptor over an item property descriptor of one object. */
final class ItemPropertyDescriptorAdapter implements IPropertyDescriptor {

	private final Object object;
	private final IItemPropertyDescriptor descriptor;

	ItemPropertyDescriptorAdapter(Object object, IItemPropertyDescriptor descriptor) {
		this.object = object;
		this.descriptor = descriptor;
	}

	@Override
	public CellEditor createPropertyEditor(Composite parent) {
		return PropertyCellEditors.create(parent, object, descriptor);
	}

	@Override
	public String getCategory() {
		return descriptor.getCategory(object);
	}

	@Override
	public String getDescription() {
		return descriptor.getDescription(object);
	}

	@Override
	public String getDisplayName() {
		return descriptor.getDisplayName(object);
	}

	@Override
	public String[] getFilterFlags() {
		return descriptor.getFilterFlags(object);
	}

	@Override
	public Object getHelpContextIds() {
		return descriptor.getHelpContextIds(object);
	}

	@Override
	public Object getId() {
		return descriptor.getId(object);
	}

	@Override
	public ILabelProvider getLabelProvider() {
		return new LabelProvider() {
			@Override
			public String getText(Object value) {
				return descriptor.getLabelProvider(object).getText(value);
			}
		};
	}

	@Override
	public boolean isCompatibleWith(IPropertyDescriptor other) {
		return other instanceof ItemPropertyDescriptorAdapter that
				&& descriptor.isCompatibleWith(object, that.object, that.descriptor);
	}
}
