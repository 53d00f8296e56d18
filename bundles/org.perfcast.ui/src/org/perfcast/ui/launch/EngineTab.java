package org.perfcast.ui.launch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Path;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.ide.Engines;
import org.perfcast.ide.SimulationLaunch;

/**
 * The engine, among those that run the chosen model's kind of file, and its options: one editor per option
 * with its help and default.
 */
final class EngineTab extends AbstractLaunchConfigurationTab {

	private Combo engineCombo;
	private Group optionsGroup;
	private final List<Engines.Descriptor> engines = new ArrayList<>();
	private final List<OptionEditor> editors = new ArrayList<>();
	private String loadError;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(top);
		new Label(top, SWT.NONE).setText(Messages.ENGINE_LABEL);
		engineCombo = new Combo(top, SWT.READ_ONLY);
		engineCombo.setToolTipText(Messages.ENGINE_TIP);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(engineCombo);
		engineCombo.addListener(SWT.Selection, e -> {
			showOptions(Map.of());
			updateLaunchConfigurationDialog();
		});
		optionsGroup = new Group(top, SWT.NONE);
		optionsGroup.setText(Messages.OPTIONS_GROUP);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(optionsGroup);
		GridDataFactory.fillDefaults().grab(true, true).span(2, 1).applyTo(optionsGroup);
		setControl(top);
	}

	/** The engine choice, for tests. */
	Combo engineCombo() {
		return engineCombo;
	}

	/** The option editors shown, for tests. */
	List<OptionEditor> optionEditors() {
		return editors;
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_ENGINE, "");
		configuration.setAttribute(SimulationLaunch.ATTR_OPTIONS, Map.of());
	}

	@Override
	public void activated(ILaunchConfigurationWorkingCopy workingCopy) {
		// the model may have changed on the Model tab: offer the engines for its kind of file
		initializeFrom(workingCopy);
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		try {
			SimulationLaunch settings = SimulationLaunch.read(configuration);
			fillEngines(settings.model());
			int index = indexOf(settings.engineId());
			engineCombo.select(index >= 0 ? index : engines.size() == 1 ? 0 : -1);
			showOptions(settings.options());
			loadError = null;
		} catch (CoreException e) {
			loadError = e.getMessage();
		}
	}

	private void fillEngines(String modelPath) {
		String extension = null;
		if (Path.ROOT.isValidPath(modelPath) && new Path(modelPath).segmentCount() >= 2) {
			IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(modelPath));
			extension = file.getFileExtension();
		}
		engines.clear();
		engines.addAll(extension == null ? Engines.all() : Engines.forExtension(extension));
		engineCombo.setItems(engines.stream().map(d -> d.name() + " (" + d.id() + ")").toArray(String[]::new));
	}

	private int indexOf(String engineId) {
		for (int i = 0; i < engines.size(); i++) {
			if (engines.get(i).id().equals(engineId)) {
				return i;
			}
		}
		return -1;
	}

	private void showOptions(Map<String, String> values) {
		for (Control child : optionsGroup.getChildren()) {
			child.dispose();
		}
		editors.clear();
		Engine engine = selectedEngine();
		List<OptionSpec> specs = engine == null ? List.of() : engine.options();
		if (engine != null && specs.isEmpty()) {
			new Label(optionsGroup, SWT.NONE).setText(Messages.NO_OPTIONS);
		}
		for (OptionSpec spec : specs) {
			OptionEditor editor = new OptionEditor(optionsGroup, spec, this::updateLaunchConfigurationDialog);
			editor.setValue(values.getOrDefault(spec.name(), spec.defaultValue()));
			editors.add(editor);
		}
		optionsGroup.layout(true, true);
		optionsGroup.getParent().layout(true, true);
	}

	private Engine selectedEngine() {
		int index = engineCombo.getSelectionIndex();
		if (index < 0) {
			return null;
		}
		try {
			return engines.get(index).engine();
		} catch (CoreException e) {
			loadError = e.getMessage();
			return null;
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		int index = engineCombo.getSelectionIndex();
		configuration.setAttribute(SimulationLaunch.ATTR_ENGINE, index < 0 ? "" : engines.get(index).id());
		Map<String, String> options = new LinkedHashMap<>();
		editors.forEach(e -> options.put(e.spec().name(), e.value()));
		configuration.setAttribute(SimulationLaunch.ATTR_OPTIONS, options);
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		setErrorMessage(loadError);
		if (loadError != null) {
			return false;
		}
		if (engineCombo.getSelectionIndex() < 0) {
			setErrorMessage(Messages.CHOOSE_ENGINE);
			return false;
		}
		for (OptionEditor editor : editors) {
			String problem = editor.problem();
			if (problem != null) {
				setErrorMessage(problem);
				return false;
			}
		}
		return true;
	}

	@Override
	public String getName() {
		return Messages.ENGINE_TAB;
	}
}
