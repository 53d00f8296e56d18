package org.perfcast.ui.launch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.ui.AbstractLaunchConfigurationTab;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.EditingSupport;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TextCellEditor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.perfcast.engine.run.SweepGrid;
import org.perfcast.ide.SimulationLaunch;

/**
 * The parameter values bound at every point (a table of names and values) and the sweeps, one a line,
 * checked as they are typed; the number of points the grid makes is shown below.
 */
public final class ParametersTab extends AbstractLaunchConfigurationTab {

	/** One editable row of the bindings table. */
	static final class Binding {
		String name;
		String value;

		Binding(String name, String value) {
			this.name = name;
			this.value = value;
		}

		@Override
		public String toString() {
			return name.strip() + "=" + value.strip();
		}
	}

	private final List<Binding> bindings = new ArrayList<>();
	private TableViewer table;
	private Text sweeps;
	private Label points;

	@Override
	public void createControl(Composite parent) {
		Composite top = new Composite(parent, SWT.NONE);
		GridLayoutFactory.swtDefaults().applyTo(top);
		Group values = new Group(top, SWT.NONE);
		values.setText(Messages.BINDINGS_GROUP);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(values);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(values);
		table = new TableViewer(values, SWT.BORDER | SWT.FULL_SELECTION | SWT.MULTI);
		table.getTable().setHeaderVisible(true);
		table.getTable().setLinesVisible(true);
		table.setContentProvider(ArrayContentProvider.getInstance());
		column(Messages.COLUMN_NAME, true);
		column(Messages.COLUMN_VALUE, false);
		GridDataFactory.fillDefaults().grab(true, true).hint(300, 120).applyTo(table.getControl());
		Composite buttons = new Composite(values, SWT.NONE);
		GridLayoutFactory.fillDefaults().applyTo(buttons);
		GridDataFactory.fillDefaults().align(SWT.FILL, SWT.BEGINNING).applyTo(buttons);
		Button add = createPushButton(buttons, Messages.ADD, null);
		add.addListener(SWT.Selection, e -> {
			Binding binding = new Binding(Messages.NEW_NAME, Messages.NEW_VALUE);
			bindings.add(binding);
			changed();
			table.editElement(binding, 0);
		});
		Button remove = createPushButton(buttons, Messages.REMOVE, null);
		remove.addListener(SWT.Selection, e -> {
			bindings.removeAll(table.getStructuredSelection().toList());
			changed();
		});
		table.setInput(bindings);

		Group sweepGroup = new Group(top, SWT.NONE);
		sweepGroup.setText(Messages.SWEEPS_GROUP);
		GridLayoutFactory.swtDefaults().applyTo(sweepGroup);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(sweepGroup);
		sweeps = new Text(sweepGroup, SWT.BORDER | SWT.MULTI | SWT.V_SCROLL);
		sweeps.setToolTipText(Messages.SWEEPS_TIP);
		sweeps.setMessage(Messages.SWEEPS_TIP);
		GridDataFactory.fillDefaults().grab(true, true).hint(300, 80).applyTo(sweeps);
		sweeps.addModifyListener(e -> updateLaunchConfigurationDialog());
		points = new Label(sweepGroup, SWT.NONE);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(points);
		setControl(top);
	}

	private void column(String title, boolean name) {
		TableViewerColumn column = new TableViewerColumn(table, SWT.NONE);
		column.getColumn().setText(title);
		column.getColumn().setWidth(140);
		column.setLabelProvider(ColumnLabelProvider.createTextProvider(e -> name ? ((Binding) e).name : ((Binding) e).value));
		column.setEditingSupport(new EditingSupport(table) {
			@Override
			protected CellEditor getCellEditor(Object element) {
				return new TextCellEditor(table.getTable());
			}

			@Override
			protected boolean canEdit(Object element) {
				return true;
			}

			@Override
			protected Object getValue(Object element) {
				return name ? ((Binding) element).name : ((Binding) element).value;
			}

			@Override
			protected void setValue(Object element, Object value) {
				if (name) {
					((Binding) element).name = (String) value;
				} else {
					((Binding) element).value = (String) value;
				}
				changed();
			}
		});
	}

	private void changed() {
		table.refresh();
		updateLaunchConfigurationDialog();
	}

	/** The bindings shown, as {@code NAME=VALUE}, for tests. */
	List<String> bindingTexts() {
		return bindings.stream().map(Binding::toString).toList();
	}

	/** Replaces the bindings shown, for tests. */
	void setBindingTexts(List<String> texts) {
		bindings.clear();
		for (String text : texts) {
			int eq = text.indexOf('=');
			bindings.add(eq < 0 ? new Binding(text, "") : new Binding(text.substring(0, eq), text.substring(eq + 1)));
		}
		changed();
	}

	/** The sweeps field, for tests. */
	Text sweepsText() {
		return sweeps;
	}

	/** The label with the number of points, for tests. */
	Label pointsLabel() {
		return points;
	}

	private List<String> sweepLines() {
		return Arrays.stream(sweeps.getText().split("\\R")).map(String::strip).filter(s -> !s.isEmpty()).toList();
	}

	@Override
	public void setDefaults(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_BINDINGS, List.of());
		configuration.setAttribute(SimulationLaunch.ATTR_SWEEPS, List.of());
	}

	@Override
	public void initializeFrom(ILaunchConfiguration configuration) {
		try {
			SimulationLaunch settings = SimulationLaunch.read(configuration);
			setBindingTexts(settings.bindings());
			sweeps.setText(String.join(System.lineSeparator(), settings.sweeps()));
		} catch (CoreException e) {
			setErrorMessage(e.getMessage());
		}
	}

	@Override
	public void performApply(ILaunchConfigurationWorkingCopy configuration) {
		configuration.setAttribute(SimulationLaunch.ATTR_BINDINGS, bindingTexts());
		configuration.setAttribute(SimulationLaunch.ATTR_SWEEPS, sweepLines());
	}

	@Override
	public boolean isValid(ILaunchConfiguration configuration) {
		setErrorMessage(null);
		SimulationLaunch settings = new SimulationLaunch("", "", bindingTexts(), sweepLines(), java.util.Map.of());
		try {
			settings.parameterBindings();
			int size = new SweepGrid(settings.parsedSweeps()).size();
			points.setText(size == 1 && sweepLines().isEmpty() ? Messages.ONE_POINT : String.format(Messages.POINTS, size));
			return true;
		} catch (CoreException e) {
			points.setText("");
			setErrorMessage(e.getMessage());
			return false;
		}
	}

	@Override
	public String getName() {
		return Messages.PARAMETERS_TAB;
	}
}
