package org.perfcast.ui.launch;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Spinner;
import org.perfcast.ide.RecordingFinished;
import org.perfcast.trace.TargetMachine;

/**
 * The prediction of a recording launch (a native program's or a Java application's): the processors whose
 * bottlenecks are marked on the source lines when the recording has been predicted, and the processors the program
 * sees while it is recorded on one.
 */
public final class PredictionTab extends AbstractLaunchConfigurationTab {

	private Spinner processors;
	private Spinner visible;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(top);
		Group group = new Group(top, SWT.NONE);
		group.setText(Messages.PREDICTION_GROUP);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(group);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(group);
		new Label(group, SWT.NONE).setText(Messages.PROCESSORS_LABEL);
		processors = new Spinner(group, SWT.BORDER);
		processors.setValues(RecordingFinished.DEFAULT_PROCESSORS, 1, TargetMachine.MAX_PROCESSORS, 0, 1, 4);
		processors.setToolTipText(Messages.PROCESSORS_TIP);
		processors.addModifyListener(e -> updateLaunchConfigurationDialog());
		new Label(group, SWT.NONE).setText(Messages.VISIBLE_LABEL);
		visible = new Spinner(group, SWT.BORDER);
		visible.setValues(RecordingFinished.defaultVisibleProcessors(), 1, RecordingFinished.MAX_VISIBLE_PROCESSORS, 0, 1,
				4);
		visible.setToolTipText(Messages.VISIBLE_TIP);
		visible.addModifyListener(e -> updateLaunchConfigurationDialog());
		Label help = new Label(group, SWT.WRAP);
		help.setText(Messages.PREDICTION_HELP);
		GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(400, SWT.DEFAULT).applyTo(help);
		setControl(top);
	}

	/** The processors field, for tests. */
	Spinner processorsSpinner() {
		return processors;
	}

	/** The field of the processors the program sees, for tests. */
	Spinner visibleSpinner() {
		return visible;
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(RecordingFinished.ATTR_PROCESSORS, RecordingFinished.DEFAULT_PROCESSORS);
		configuration.setAttribute(RecordingFinished.ATTR_VISIBLE_PROCESSORS, RecordingFinished
				.defaultVisibleProcessors());
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		try {
			processors.setSelection(RecordingFinished.processors(configuration));
			visible.setSelection(RecordingFinished.visibleProcessors(configuration));
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(RecordingFinished.ATTR_PROCESSORS, processors.getSelection());
		configuration.setAttribute(RecordingFinished.ATTR_VISIBLE_PROCESSORS, visible.getSelection());
	}

	@Override
	public String getName() {
		return Messages.PREDICTION_TAB;
	}
}
