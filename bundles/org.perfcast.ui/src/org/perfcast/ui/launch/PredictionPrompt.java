package org.perfcast.ui.launch;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.debug.core.IStatusHandler;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.preferences.ScopedPreferenceStore;
import org.perfcast.ide.PerfcastIde;
import org.perfcast.ide.RecordingFinished;

/**
 * Asks, when a recording has ended, whether to predict it now ({@link RecordingFinished#PROMPT}), with "Always
 * predict after recording" remembered in {@link RecordingFinished#SIMULATE_AFTER_RECORDING}.
 */
public final class PredictionPrompt implements IStatusHandler {

	@Override
	public Object handleStatus(IStatus status, Object source) {
		if (!(source instanceof RecordingFinished.Offer offer) || !PlatformUI.isWorkbenchRunning()) {
			return Boolean.TRUE;
		}
		boolean[] yes = { false };
		Display.getDefault().syncExec(() -> {
			Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow() == null ? null
					: PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
			MessageDialogWithToggle dialog = MessageDialogWithToggle.openYesNoQuestion(shell, Messages.PROMPT_TITLE,
					String.format(Messages.PROMPT_MESSAGE, offer.name(), offer.trace().getFullPath(),
							words(RecordingFinished.counts(offer.processors())), offer.processors(),
							offer.prediction().getName()),
					Messages.PROMPT_TOGGLE, false, new ScopedPreferenceStore(InstanceScope.INSTANCE, PerfcastIde.PLUGIN_ID),
					RecordingFinished.SIMULATE_AFTER_RECORDING);
			yes[0] = dialog.getReturnCode() == IDialogConstants.YES_ID;
		});
		return yes[0];
	}

	/** "1, 2, 4 and 8". */
	static String words(java.util.List<Integer> counts) {
		java.util.List<String> texts = counts.stream().map(String::valueOf).toList();
		return texts.size() == 1 ? texts.get(0)
				: String.join(", ", texts.subList(0, texts.size() - 1)) + " and " + texts.get(texts.size() - 1);
	}
}
