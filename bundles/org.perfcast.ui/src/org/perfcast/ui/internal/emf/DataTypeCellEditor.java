package org.perfcast.ui.internal.emf;

import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.swt.widgets.Composite;

/**
 * A text cell editor for a value of an EMF data type (a string or a number), converted with the
 * type's factory; text that does not convert (such as "4x" for an integer) is refused with a message.
 */
final class DataTypeCellEditor extends TextCellEditor {

	private final EDataType type;

	DataTypeCellEditor(Composite parent, EDataType type) {
		super(parent);
		this.type = type;
		// the cell editor formats the message with MessageFormat, {0} being the text
		setValidator(value -> value instanceof String text && convert(text) == null
				? "''{0}'' is not a valid " + typeName() : null);
	}

	private boolean isText() {
		return type.getInstanceClass() == String.class;
	}

	private String typeName() {
		Class<?> instanceClass = type.getInstanceClass();
		if (instanceClass == int.class || instanceClass == long.class || instanceClass == short.class
				|| instanceClass == Integer.class || instanceClass == Long.class || instanceClass == Short.class) {
			return "whole number";
		}
		return instanceClass != null && (instanceClass.isPrimitive() || Number.class.isAssignableFrom(instanceClass))
				? "number" : type.getName();
	}

	/** The value of {@code text}, or null if it is not one of the type's values. */
	private Object convert(String text) {
		if (isText()) {
			return text;
		}
		try {
			return EcoreUtil.createFromString(type, text.trim());
		} catch (RuntimeException e) {
			return null;
		}
	}

	@Override
	protected Object doGetValue() {
		return convert((String) super.doGetValue());
	}

	@Override
	protected void doSetValue(Object value) {
		super.doSetValue(value == null ? "" : isText() ? value : EcoreUtil.convertToString(type, value));
	}
}
