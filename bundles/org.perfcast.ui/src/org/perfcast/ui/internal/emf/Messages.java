package org.perfcast.ui.internal.emf;

/** UI text of the Perfcast model editor. */
public final class Messages {

	public static final String UNDO = "&Undo";
	public static final String REDO = "&Redo";
	public static final String DELETE = "&Delete";
	public static final String NEW_CHILD = "&New Child";
	public static final String NEW_SIBLING = "N&ew Sibling";
	public static final String NOT_A_FILE = "The Perfcast model editor opens files of the workspace only.";
	public static final String CANNOT_OPEN = "This file cannot be edited";
	public static final String FIX_IN_TEXT_EDITOR = "Fix it with Open With > Text Editor: this editor reloads the file when it changes. "
			+ "Until then the file is never rewritten.";
	public static final String WRONG_ROOT = "The file must contain one %s, but it contains %s.";
	public static final String EMPTY = "The file contains no model.";
	public static final String AT_LINE = "Line %d, column %d: %s";
	public static final String SAVE_FAILED = "Cannot save %s";
	public static final String WRONG_EXTENSION = "A %s model must be saved in a file ending in .%s.";
	public static final String CHOOSE_VALUES = "Tick the values of %s (they are kept in the order shown):";

	private Messages() {
	}
}
