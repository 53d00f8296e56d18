package org.perfcast.ui.results;

import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.custom.CTabItem;
import org.eclipse.swt.widgets.Control;

/**
 * A tab of the Results view: it owns its widgets, made on the tab folder, and shows what the view gives it.
 */
public abstract class ResultsTab {

	private final CTabItem item;

	ResultsTab(CTabFolder folder, String title, String tip) {
		item = new CTabItem(folder, SWT.NONE);
		item.setText(title);
		item.setToolTipText(tip);
	}

	/** Makes {@code control}, a child of the tab folder, the tab's content. */
	void setControl(Control control) {
		item.setControl(control);
	}

	/** Brings this tab to the front. */
	public void select() {
		item.getParent().setSelection(item);
	}

	/** Whether this tab is the one in front. */
	public boolean isSelected() {
		return item.getParent().getSelection() == item;
	}
}
