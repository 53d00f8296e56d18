package org.perfcast.ui.internal.emf;

import java.util.List;
import java.util.function.Function;

import org.eclipse.jface.viewers.ComboBoxCellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;

/** A read-only combo cell editor whose values are objects (enumeration literals, booleans, references). */
final class ChoiceCellEditor extends ComboBoxCellEditor {

	private final List<?> values;

	ChoiceCellEditor(Composite parent, List<?> values, Function<Object, String> label) {
		super(parent, values.stream().map(value -> value == null ? "" : label.apply(value)).toArray(String[]::new),
				SWT.READ_ONLY);
		this.values = values;
	}

	@Override
	protected Object doGetValue() {
		int index = (Integer) super.doGetValue();
		return index >= 0 && index < values.size() ? values.get(index) : null;
	}

	@Override
	protected void doSetValue(Object value) {
		super.doSetValue(values.indexOf(value));
	}
}
