package org.perfcast.ui.internal.emf;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** The read-only page a model editor shows instead of the tree when its file cannot be loaded. */
public final class LoadErrorPage extends Composite {

	private final Text message;

	/** An empty page; {@link #setProblem(String)} fills it. */
	public LoadErrorPage(Composite parent) {
		super(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).margins(12, 12).applyTo(this);
		Label icon = new Label(this, SWT.NONE);
		icon.setImage(Display.getCurrent().getSystemImage(SWT.ICON_ERROR));
		GridDataFactory.swtDefaults().span(1, 3).align(SWT.BEGINNING, SWT.BEGINNING).applyTo(icon);
		Label title = new Label(this, SWT.NONE);
		title.setText(Messages.CANNOT_OPEN);
		title.setFont(JFaceResources.getBannerFont());
		message = new Text(this, SWT.READ_ONLY | SWT.WRAP | SWT.MULTI);
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(message);
		Label hint = new Label(this, SWT.WRAP);
		hint.setText(Messages.FIX_IN_TEXT_EDITOR);
		GridDataFactory.fillDefaults().grab(true, false).hint(400, SWT.DEFAULT).applyTo(hint);
	}

	/** Shows why the file cannot be edited. */
	public void setProblem(String problem) {
		message.setText(problem);
		layout(true, true);
	}

	/** The text shown as the problem. */
	public String getProblem() {
		return message.getText();
	}
}
