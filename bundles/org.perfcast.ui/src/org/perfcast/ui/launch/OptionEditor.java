package org.perfcast.ui.launch;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.perfcast.engine.run.OptionSpec;

/**
 * The editor of one engine option in the Engine tab: a check box, a choice or a text field as the option's
 * kind asks, its name, and its help with the default below.
 */
final class OptionEditor {

	private final OptionSpec spec;
	private final Control control;

	/** Adds the option's label, editor and help (three cells of a two-column grid) to {@code parent}. */
	OptionEditor(Composite parent, OptionSpec spec, Runnable changed) {
		this.spec = spec;
		Label name = new Label(parent, SWT.NONE);
		name.setText(spec.name() + ":");
		name.setToolTipText(spec.help());
		switch (spec.kind()) {
		case BOOLEAN -> {
			Button check = new Button(parent, SWT.CHECK);
			check.addListener(SWT.Selection, e -> changed.run());
			control = check;
		}
		case CHOICE -> {
			Combo combo = new Combo(parent, SWT.READ_ONLY);
			combo.setItems(spec.choices().toArray(String[]::new));
			combo.addListener(SWT.Selection, e -> changed.run());
			control = combo;
		}
		default -> {
			Text text = new Text(parent, SWT.BORDER);
			text.addModifyListener(e -> changed.run());
			control = text;
		}
		}
		control.setToolTipText(spec.help());
		control.setData(spec.name());
		GridDataFactory.fillDefaults().grab(true, false).applyTo(control);
		new Label(parent, SWT.NONE);
		Label help = new Label(parent, SWT.WRAP);
		help.setText(String.format(Messages.OPTION_HELP, spec.help(), spec.defaultValue()));
		help.setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
		GridDataFactory.fillDefaults().grab(true, false).hint(300, SWT.DEFAULT).applyTo(help);
	}

	/** The option. */
	OptionSpec spec() {
		return spec;
	}

	/** The value as text. */
	String value() {
		return switch (control) {
		case Button check -> Boolean.toString(check.getSelection());
		case Combo combo -> combo.getText();
		case Text text -> text.getText();
		default -> throw new IllegalStateException(control.toString());
		};
	}

	/** Shows {@code value}. */
	void setValue(String value) {
		switch (control) {
		case Button check -> check.setSelection(Boolean.parseBoolean(value.strip()));
		case Combo combo -> combo.setText(value.strip());
		case Text text -> text.setText(value);
		default -> throw new IllegalStateException(control.toString());
		}
	}

	/** Why the value is invalid, or null. */
	String problem() {
		try {
			spec.parse(value());
			return null;
		} catch (IllegalArgumentException e) {
			return e.getMessage();
		}
	}
}
