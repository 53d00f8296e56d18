package org.perfcast.ui.launch;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.dialogs.ElementListSelectionDialog;
import org.eclipse.ui.dialogs.ElementTreeSelectionDialog;
import org.eclipse.ui.model.BaseWorkbenchContentProvider;
import org.eclipse.ui.model.WorkbenchLabelProvider;
import org.perfcast.ide.RecordedProgramLaunch;
import org.perfcast.ide.RecordingFinished;

/**
 * The program to record: its project (which receives the trace and the markers), the executable, its arguments
 * and working directory, and a build command run before recording. Checked as typed, with the launch's own words.
 */
public final class RecordedProgramTab extends AbstractLaunchConfigurationTab {

	private Text project;
	private Text program;
	private Text arguments;
	private Text workingDirectory;
	private Text buildCommand;
	private int processors = RecordingFinished.DEFAULT_PROCESSORS;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(top);

		Group projectGroup = group(top, Messages.PROJECT_GROUP, 2);
		project = text(projectGroup, Messages.PROJECT_TIP, SWT.SINGLE);
		createPushButton(projectGroup, Messages.BROWSE, null).addListener(SWT.Selection, e -> browseProject());

		Group programGroup = group(top, Messages.PROGRAM_GROUP, 3);
		program = text(programGroup, Messages.PROGRAM_TIP, SWT.SINGLE);
		createPushButton(programGroup, Messages.WORKSPACE, null).addListener(SWT.Selection, e -> browseProgram());
		createPushButton(programGroup, Messages.FILE_SYSTEM, null).addListener(SWT.Selection, e -> {
			FileDialog dialog = new FileDialog(getShell(), SWT.OPEN);
			String chosen = dialog.open();
			if (chosen != null) {
				program.setText(chosen);
			}
		});

		Group argumentsGroup = group(top, Messages.ARGUMENTS_GROUP, 1);
		arguments = new Text(argumentsGroup, SWT.BORDER | SWT.MULTI | SWT.WRAP | SWT.V_SCROLL);
		arguments.setToolTipText(Messages.ARGUMENTS_TIP);
		GridDataFactory.fillDefaults().grab(true, false).hint(SWT.DEFAULT, 50).applyTo(arguments);
		arguments.addModifyListener(e -> updateLaunchConfigurationDialog());

		Group directoryGroup = group(top, Messages.DIRECTORY_GROUP, 2);
		workingDirectory = text(directoryGroup, Messages.DIRECTORY_TIP, SWT.SINGLE);
		workingDirectory.setMessage(Messages.DIRECTORY_DEFAULT);
		createPushButton(directoryGroup, Messages.BROWSE, null).addListener(SWT.Selection, e -> {
			DirectoryDialog dialog = new DirectoryDialog(getShell());
			String chosen = dialog.open();
			if (chosen != null) {
				workingDirectory.setText(chosen);
			}
		});

		Group buildGroup = group(top, Messages.BUILD_GROUP, 1);
		buildCommand = text(buildGroup, Messages.BUILD_TIP, SWT.SINGLE);
		buildCommand.setMessage(Messages.BUILD_EXAMPLE);
		setControl(top);
	}

	private Group group(Composite parent, String title, int columns) {
		Group group = new Group(parent, SWT.NONE);
		group.setText(title);
		GridLayoutFactory.swtDefaults().numColumns(columns).applyTo(group);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(group);
		return group;
	}

	private Text text(Composite parent, String tip, int style) {
		Text text = new Text(parent, SWT.BORDER | style);
		text.setToolTipText(tip);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
		text.addModifyListener(e -> updateLaunchConfigurationDialog());
		return text;
	}

	private void browseProject() {
		ElementListSelectionDialog dialog = new ElementListSelectionDialog(getShell(),
				LabelProvider.createTextProvider(p -> ((IProject) p).getName()));
		dialog.setTitle(Messages.PROJECT_GROUP);
		dialog.setMessage(Messages.PROJECT_TIP);
		dialog.setElements(java.util.Arrays.stream(ResourcesPlugin.getWorkspace().getRoot().getProjects())
				.filter(IProject::isOpen).toArray());
		if (dialog.open() == Window.OK && dialog.getFirstResult() instanceof IProject p) {
			project.setText(p.getName());
		}
	}

	private void browseProgram() {
		ElementTreeSelectionDialog dialog = new ElementTreeSelectionDialog(getShell(), new WorkbenchLabelProvider(),
				new BaseWorkbenchContentProvider());
		dialog.setTitle(Messages.PROGRAM_GROUP);
		dialog.setMessage(Messages.PROGRAM_BROWSE);
		dialog.setInput(ResourcesPlugin.getWorkspace().getRoot());
		dialog.setAllowMultiple(false);
		dialog.addFilter(new ViewerFilter() {
			@Override
			public boolean select(Viewer viewer, Object parent, Object element) {
				return element instanceof IContainer
						|| element instanceof IFile file && ExecutablePropertyTester.isExecutable(file);
			}
		});
		dialog.setValidator(selection -> selection.length == 1 && selection[0] instanceof IFile ? Status.OK_STATUS
				: Status.error(Messages.PROGRAM_BROWSE));
		if (dialog.open() == Window.OK && dialog.getFirstResult() instanceof IFile file) {
			project.setText(file.getProject().getName());
			program.setText(file.getProjectRelativePath().toString());
		}
	}

	/** The settings the fields give, with the processors of the configuration. */
	RecordedProgramLaunch settings() {
		return new RecordedProgramLaunch(project.getText().strip(), program.getText().strip(), arguments.getText(),
				workingDirectory.getText().strip(), buildCommand.getText().strip(), processors);
	}

	/** The fields, for tests: project, program, arguments, working directory, build command. */
	Text[] fields() {
		return new Text[] { project, program, arguments, workingDirectory, buildCommand };
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		IResource selected = DebugUITools.getSelectedResource();
		String projectName = selected == null ? "" : selected.getProject().getName();
		String path = selected instanceof IFile file && ExecutablePropertyTester.isExecutable(file)
				? file.getProjectRelativePath().toString()
				: "";
		new RecordedProgramLaunch(projectName, path, "", "", "", RecordingFinished.DEFAULT_PROCESSORS)
				.write(configuration);
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		try {
			RecordedProgramLaunch settings = RecordedProgramLaunch.read(configuration);
			project.setText(settings.project());
			program.setText(settings.program());
			arguments.setText(settings.arguments());
			workingDirectory.setText(settings.workingDirectory());
			buildCommand.setText(settings.buildCommand());
			processors = settings.processors();
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		try {
			processors = RecordingFinished.processors(configuration);
		} catch (CoreException e) {
			processors = RecordingFinished.DEFAULT_PROCESSORS;
		}
		settings().write(configuration);
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		setErrorMessage(null);
		setMessage(null);
		try {
			processors = RecordingFinished.processors(configuration);
			setMessage(settings().check());
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
			return false;
		}
		return true;
	}

	@Override
	public String getName() {
		return Messages.PROGRAM_TAB;
	}

	@Override
	public String getId() {
		return "org.perfcast.ui.launch.recordedProgramTab";
	}
}
