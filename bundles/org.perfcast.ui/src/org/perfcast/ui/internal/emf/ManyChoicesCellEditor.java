package org.perfcast.ui.internal.emf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.DialogCellEditor;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.dialogs.ListSelectionDialog;

/**
 * Edits a many-valued property, such as the tasks a task depends on: shows the values as a list of
 * labels and opens a dialog to tick the ones wanted, kept in the order of the choices. The new list is
 * set as one value, so one undo reverts the change.
 */
final class ManyChoicesCellEditor extends DialogCellEditor {

	private final List<?> choices;
	private final Function<Object, String> labels;
	private final String title;

	ManyChoicesCellEditor(Composite parent, List<?> choices, Function<Object, String> labels, String title) {
		super(parent);
		this.choices = choices;
		this.labels = labels;
		this.title = title;
	}

	@Override
	protected Object openDialogBox(Control window) {
		Collection<?> current = getValue() instanceof Collection<?> c ? c : List.of();
		ListSelectionDialog dialog = ListSelectionDialog.of(choices).contentProvider(ArrayContentProvider.getInstance())
				.labelProvider(new LabelProvider() {
					@Override
					public String getText(Object element) {
						return labels.apply(element);
					}
				}).title(title).message(Messages.CHOOSE_VALUES.formatted(title)).preselect(current.toArray())
				.create(window.getShell());
		if (dialog.open() != ListSelectionDialog.OK) {
			return null;
		}
		List<Object> chosen = List.of(dialog.getResult());
		return new ArrayList<>(choices.stream().filter(chosen::contains).toList());
	}

	@Override
	protected void updateContents(Object value) {
		if (getDefaultLabel() != null && !getDefaultLabel().isDisposed()) {
			getDefaultLabel().setText(text(value, labels));
		}
	}

	/** A many value as the comma-separated labels of its elements. */
	static String text(Object value, Function<Object, String> labels) {
		return value instanceof Collection<?> c ? String.join(", ", c.stream().map(labels).toList())
				: value == null ? "" : labels.apply(value);
	}
}
