package org.perfcast.ui.editors;

import org.eclipse.jface.preference.IPreferenceStore;
import org.eclipse.jface.preference.PreferenceStore;
import org.eclipse.ui.editors.text.EditorsUI;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.editors.text.TextSourceViewerConfiguration;
import org.eclipse.ui.texteditor.ChainedPreferenceStore;
import org.eclipse.ui.texteditor.spelling.SpellingService;

/**
 * The text editor of C, C++ and Fortran sources, where no language's editor is installed (the lines a recorded native
 * program's timeline and bottleneck markers point at): Eclipse's text editor with its preferences, but without the
 * spelling check, which would underline the program's identifiers and keywords.
 */
public class SourceTextEditor extends TextEditor {

	/** This editor's id, as plugin.xml declares it. */
	public static final String ID = "org.perfcast.ui.editors.nativeSource";

	@Override
	protected void initializeEditor() {
		super.initializeEditor();
		PreferenceStore own = new PreferenceStore();
		own.setDefault(SpellingService.PREFERENCE_SPELLING_ENABLED, false);
		IPreferenceStore store = new ChainedPreferenceStore(new IPreferenceStore[] { own,
				EditorsUI.getPreferenceStore() });
		setPreferenceStore(store);
		setSourceViewerConfiguration(new TextSourceViewerConfiguration(store));
	}
}
