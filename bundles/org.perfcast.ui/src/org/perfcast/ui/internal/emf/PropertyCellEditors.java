package org.perfcast.ui.internal.emf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.edit.provider.IItemPropertyDescriptor;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.swt.widgets.Composite;

/**
 * Chooses the cell editor of a property: a combo for enumerations, booleans and references (over the
 * descriptor's choice of values), a dialog to tick values for many-valued references, a text for strings
 * and numbers; none for read-only properties and many-valued ones without a choice of values.
 */
final class PropertyCellEditors {

	private PropertyCellEditors() {
	}

	static CellEditor create(Composite parent, Object object, IItemPropertyDescriptor descriptor) {
		if (!descriptor.canSetProperty(object)) {
			return null;
		}
		Collection<?> choices = descriptor.getChoiceOfValues(object);
		if (descriptor.isMany(object)) {
			return choices == null ? null
					: new ManyChoicesCellEditor(parent, new ArrayList<>(choices),
							descriptor.getLabelProvider(object)::getText, descriptor.getDisplayName(object));
		}
		if (choices != null) {
			return new ChoiceCellEditor(parent, new ArrayList<>(choices), descriptor.getLabelProvider(object)::getText);
		}
		if (!(descriptor.getFeature(object) instanceof EAttribute attribute)) {
			return null;
		}
		EDataType type = attribute.getEAttributeType();
		if (type instanceof EEnum enumeration) {
			List<?> literals = enumeration.getELiterals().stream().map(EEnumLiteral::getInstance).toList();
			return new ChoiceCellEditor(parent, literals, descriptor.getLabelProvider(object)::getText);
		}
		Class<?> instanceClass = type.getInstanceClass();
		if (instanceClass == boolean.class || instanceClass == Boolean.class) {
			return new ChoiceCellEditor(parent, List.of(Boolean.FALSE, Boolean.TRUE), String::valueOf);
		}
		return new DataTypeCellEditor(parent, type);
	}
}
