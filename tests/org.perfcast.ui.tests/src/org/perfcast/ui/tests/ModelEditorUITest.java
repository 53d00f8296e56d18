package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.commands.common.CommandException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.emf.edit.command.DeleteCommand;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.jface.viewers.CellEditor;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ComboBoxCellEditor;
import org.eclipse.jface.viewers.DialogCellEditor;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorDescriptor;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Task;
import org.perfcast.ui.editors.ModelEditor;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.internal.emf.ItemPropertySourceProvider;
import org.perfcast.ui.internal.emf.LoadErrorPage;

/**
 * The Perfcast model editor: tree, properties (also lists of task dependencies), undo, save, context menu,
 * broken files, problem markers on their elements.
 */
class ModelEditorUITest {

	private static final String RING = """
			<?xml version="1.0" encoding="UTF-8"?>
			<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
			    xmlns:machine="http://perfcast.org/model/machine/1.0" name="ring" processorCount="P">
			  <parameters name="P" defaultValue="4"/>
			  <processors name="p0"/>
			  <topology xsi:type="machine:Ring" hopTime="t"/>
			</machine:Machine>
			""";

	private IProject project;

	@BeforeEach
	void setUp() throws CoreException {
		project = ResourcesPlugin.getWorkspace().getRoot().getProject("editor-tests");
		project.create(null);
		project.open(null);
	}

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	private IFile file(String name, byte[] content) throws CoreException {
		IFile file = project.getFile(name);
		file.create(new ByteArrayInputStream(content), true, null);
		return file;
	}

	private IFile file(String name, String content) throws CoreException {
		return file(name, content.getBytes(StandardCharsets.UTF_8));
	}

	private static ModelEditor open(IFile file) throws CoreException {
		ModelEditor editor = (ModelEditor) IDE.openEditor(UiTests.page(), file);
		UiTests.flush();
		return editor;
	}

	private static IPropertySource properties(ModelEditor editor, Object object) {
		AdapterFactoryEditingDomain domain = (AdapterFactoryEditingDomain) editor.getEditingDomain();
		return new ItemPropertySourceProvider(domain.getAdapterFactory()).getPropertySource(object);
	}

	private static Object propertyId(IPropertySource source, String displayName) {
		return descriptor(source, displayName).getId();
	}

	/** Runs a workbench command (Edit > Undo, ...) as its key binding would, on the active part. */
	private static void execute(IWorkbenchPart active, String commandId) throws CommandException {
		UiTests.page().activate(active);
		UiTests.flush();
		PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(commandId, null);
		UiTests.flush();
	}

	private static String contents(IFile file, Charset charset) throws Exception {
		return Files.readString(Path.of(file.getLocationURI()), charset);
	}

	@Test
	void testModelFilesOpenInTheModelEditor() {
		for (String name : new String[] { "a.machine", "a.layout", "a.program" }) {
			IEditorDescriptor editor = PlatformUI.getWorkbench().getEditorRegistry().getDefaultEditor(name);
			assertNotNull(editor, name);
			assertEquals("Perfcast Model Editor", editor.getLabel());
			assertTrue(editor.getId().startsWith("org.perfcast.ui.editors."), editor.getId());
			assertNotNull(editor.getImageDescriptor().getImageData(100), "icon of " + name);
		}
	}

	@Test
	void testTreeShowsTheItemProvidersLabels() throws Exception {
		ModelEditor editor = open(file("ring.machine", RING));
		assertEquals(ModelEditor.MACHINE_ID, editor.getSite().getId());
		assertNull(editor.getLoadProblem());
		TreeItem root = editor.getViewer().getTree().getItem(0);
		assertEquals("Machine ring", root.getText());
		assertNotNull(root.getImage());
		assertEquals(List.of("Parameter P", "Processor p0", "Ring t"), Arrays.stream(root.getItems()).map(TreeItem::getText).toList());
		assertFalse(editor.isDirty());
	}

	@Test
	void testPropertyEditUndoRedoSaveAndReopen() throws Exception {
		IFile file = file("ring.machine", RING);
		ModelEditor editor = open(file);
		Machine machine = (Machine) editor.getRoot();
		IPropertySource source = properties(editor, machine);
		Object processorCount = propertyId(source, "Processor Count");
		assertEquals("P", source.getPropertyValue(processorCount));

		source.setPropertyValue(processorCount, "16");
		assertEquals("16", machine.getProcessorCount());
		assertTrue(editor.isDirty());

		execute(editor, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals("P", machine.getProcessorCount());
		assertFalse(editor.isDirty());

		execute(editor, IWorkbenchCommandConstants.EDIT_REDO);
		assertEquals("16", machine.getProcessorCount());
		assertTrue(editor.isDirty());

		editor.doSave(null);
		assertFalse(editor.isDirty());
		assertTrue(contents(file, StandardCharsets.UTF_8).contains("processorCount=\"16\""));

		UiTests.page().closeEditor(editor, false);
		ModelEditor reopened = open(file);
		assertEquals("16", ((Machine) reopened.getRoot()).getProcessorCount());
		assertFalse(reopened.isDirty());
	}

	@Test
	void testUndoInThePropertiesViewUndoesTheEditorsCommand() throws Exception {
		ModelEditor editor = open(file("ring.machine", RING));
		Machine machine = (Machine) editor.getRoot();
		Parameter p = machine.getParameters().get(0);
		editor.getViewer().setSelection(new StructuredSelection(p));
		IWorkbenchPart properties = UiTests.page().showView(IPageLayout.ID_PROP_SHEET);
		UiTests.flush();

		IPropertySource source = properties(editor, p);
		source.setPropertyValue(propertyId(source, "Default Value"), "8");
		assertEquals("8", p.getDefaultValue());
		assertTrue(editor.isDirty());

		UiTests.page().activate(editor);
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(shell.getDisplay().getPrimaryMonitor().getClientArea());
		long paint = System.currentTimeMillis() + 500;
		UiTests.waitUntil(() -> System.currentTimeMillis() > paint, 1_000, "toolbars to update");
		Screenshots.save(shell, UiTests.screenshots().resolve("model-editor.png"));

		execute(properties, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals("4", p.getDefaultValue());
		assertFalse(editor.isDirty());
	}

	@Test
	void testNumbersAreValidatedAndBooleansAreChoices() throws Exception {
		ModelEditor editor = open(file("ring.machine", RING));
		Machine machine = (Machine) editor.getRoot();
		Composite parent = editor.getViewer().getTree();

		CellEditor index = descriptor(properties(editor, machine.getProcessors().get(0)), "Index").createPropertyEditor(parent);
		try {
			index.setValue(0);
			Text text = (Text) index.getControl();
			assertEquals("0", text.getText());
			text.setText("4x");
			assertFalse(index.isValueValid());
			assertEquals("'4x' is not a valid whole number", index.getErrorMessage());
			text.setText("12");
			assertTrue(index.isValueValid());
			assertEquals(12, index.getValue());
		} finally {
			index.dispose();
		}

		CellEditor bidirectional = descriptor(properties(editor, machine.getTopology()), "Bidirectional").createPropertyEditor(parent);
		try {
			assertTrue(bidirectional instanceof ComboBoxCellEditor);
			assertEquals(List.of("false", "true"), List.of(((ComboBoxCellEditor) bidirectional).getItems()));
			bidirectional.setValue(Boolean.TRUE);
			assertEquals(Boolean.TRUE, bidirectional.getValue());
		} finally {
			bidirectional.dispose();
		}
	}

	private static IPropertyDescriptor descriptor(IPropertySource source, String displayName) {
		return Arrays.stream(source.getPropertyDescriptors()).filter(d -> d.getDisplayName().equals(displayName))
				.findFirst().orElseThrow(() -> new AssertionError(displayName));
	}

	@Test
	void testNewChildAddsAParameterAndDeleteRemovesItWithUndo() throws Exception {
		ModelEditor editor = open(file("ring.machine", RING));
		Machine machine = (Machine) editor.getRoot();
		editor.getViewer().setSelection(new StructuredSelection(machine));

		Menu menu = editor.getViewer().getTree().getMenu();
		MenuItem newChild = menuItem(menu, "New Child");
		menuItem(newChild.getMenu(), "Parameter").notifyListeners(SWT.Selection, new Event());
		assertEquals(2, machine.getParameters().size());
		assertTrue(editor.isDirty());
		Parameter added = machine.getParameters().get(1);
		assertEquals(List.of(added), editor.getViewer().getStructuredSelection().toList(), "the new child is selected");

		MenuItem delete = menuItem(menu, "Delete");
		assertTrue(delete.isEnabled());
		delete.notifyListeners(SWT.Selection, new Event());
		assertEquals(1, machine.getParameters().size());

		execute(editor, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals(2, machine.getParameters().size());
		execute(editor, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals(1, machine.getParameters().size());
		assertFalse(editor.isDirty());
	}

	/** Shows {@code menu} as a right click would and returns its item labelled {@code label}. */
	private static MenuItem menuItem(Menu menu, String label) {
		menu.notifyListeners(SWT.Show, new Event());
		UiTests.flush();
		return Arrays.stream(menu.getItems()).filter(item -> item.getText().replace("&", "").split("\t")[0].equals(label))
				.findFirst().orElseThrow(() -> new AssertionError(label + " in " + Arrays.stream(menu.getItems())
						.map(MenuItem::getText).toList()));
	}

	@Test
	void testMalformedFileOpensAnErrorPageAndIsNeverRewritten() throws Exception {
		byte[] broken = """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI"
				    xmlns:machine="http://perfcast.org/model/machine/1.0" name="ring">
				  <parameters name="P">
				</machine:Machine>
				""".getBytes(StandardCharsets.UTF_8);
		IFile file = file("broken.machine", broken);
		ModelEditor editor = open(file);
		assertNull(editor.getRoot());
		assertTrue(editor.getLoadProblem().startsWith("Line 5, column"), editor.getLoadProblem());
		LoadErrorPage page = UiTests.find(editor.getViewer().getControl().getParent(), LoadErrorPage.class, p -> p.isVisible());
		assertNotNull(page, "the error page shows");
		assertEquals(editor.getLoadProblem(), page.getProblem());
		assertFalse(editor.isDirty());
		assertFalse(editor.isSaveAsAllowed());

		editor.doSave(null);
		UiTests.page().closeEditor(editor, true);
		assertArrayEquals(broken, Files.readAllBytes(Path.of(file.getLocationURI())));
	}

	@Test
	void testWrongRootOpensAnErrorPage() throws Exception {
		ModelEditor editor = open(file("ring.layout", RING));
		assertEquals("The file must contain one Layout, but it contains Machine.", editor.getLoadProblem());
		assertFalse(editor.isDirty());
	}

	@Test
	void testReloadsWhenTheFileChangesOnDisk() throws Exception {
		IFile file = file("ring.machine", RING);
		ModelEditor editor = open(file);
		file.setContents(new ByteArrayInputStream(RING.replace("processorCount=\"P\"", "processorCount=\"8\"")
				.getBytes(StandardCharsets.UTF_8)), true, false, null);
		UiTests.waitUntil(() -> "8".equals(((Machine) editor.getRoot()).getProcessorCount()), 5_000, "the reload");
		assertFalse(editor.isDirty());
		assertEquals("Machine ring", editor.getViewer().getTree().getItem(0).getText());
	}

	@Test
	void testSaveKeepsTheFilesEncoding() throws Exception {
		String latin = RING.replace("UTF-8", "ISO-8859-1").replace("name=\"ring\"", "name=\"Gr\u00fcn\"");
		IFile file = file("latin.machine", latin.getBytes(StandardCharsets.ISO_8859_1));
		ModelEditor editor = open(file);
		Machine machine = (Machine) editor.getRoot();
		assertEquals("Gr\u00fcn", machine.getName());
		IPropertySource source = properties(editor, machine);
		source.setPropertyValue(propertyId(source, "Processor Count"), "3");
		editor.doSave(null);
		String saved = contents(file, StandardCharsets.ISO_8859_1);
		assertTrue(saved.contains("encoding=\"ISO-8859-1\""), saved);
		assertTrue(saved.contains("name=\"Gr\u00fcn\""), saved);
	}

	@Test
	void testSaveAsEditsTheNewFile() throws Exception {
		IFile file = file("ring.machine", RING);
		ModelEditor editor = open(file);
		IPropertySource source = properties(editor, editor.getRoot());
		source.setPropertyValue(propertyId(source, "Processor Count"), "32");
		IFile copy = project.getFile("copy.machine");
		editor.saveAs(copy);
		assertEquals(copy, editor.getFile());
		assertFalse(editor.isDirty());
		assertTrue(contents(copy, StandardCharsets.UTF_8).contains("processorCount=\"32\""));
		assertTrue(contents(file, StandardCharsets.UTF_8).contains("processorCount=\"P\""));
	}

	@Test
	void testProblemMarkersDecorateTheirElementsAndGoToSelectsThem() throws Exception {
		PerfcastProjects.addNature(project, null);
		IFile file = file("broken-ring.machine", RING.replace("hopTime=\"t\"", "hopTime=\"t_x\""));
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		ModelEditor editor = open(file);
		Machine machine = (Machine) editor.getRoot();
		ColumnLabelProvider labels = (ColumnLabelProvider) editor.getViewer().getLabelProvider();
		assertEquals("hopTime: unknown parameter 't_x'", labels.getToolTipText(machine.getTopology()));
		assertNull(labels.getToolTipText(machine), "only the Ring has a problem");
		TreeItem ringItem = treeItem(editor, "Ring t_x");
		assertNotNull(ringItem.getImage());

		Shell shell = editor.getSite().getShell();
		shell.setBounds(shell.getDisplay().getPrimaryMonitor().getClientArea());
		UiTests.flush();
		Shell tooltip = hover(editor, ringItem);
		assertNotNull(tooltip, "hovering the Ring shows its problems");
		Screenshots.save(shell, UiTests.screenshots().resolve("model-editor-problem.png"));
		tooltip.close();

		IMarker marker = file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO)[0];
		UiTests.page().closeEditor(editor, false);
		ModelEditor reopened = (ModelEditor) IDE.openEditor(UiTests.page(), marker);
		UiTests.flush();
		assertEquals(List.of(((Machine) reopened.getRoot()).getTopology()), reopened.getViewer().getStructuredSelection().toList(),
				"opening the marker (Problems view > Go To) selects the Ring");

		reopened.getViewer().setSelection(new StructuredSelection(reopened.getRoot()));
		IDE.gotoMarker(reopened, marker);
		assertEquals(List.of(((Machine) reopened.getRoot()).getTopology()), reopened.getViewer().getStructuredSelection().toList());
		Image decorated = treeItem(reopened, "Ring t_x").getImage();

		file.setContents(new ByteArrayInputStream(RING.replace("hopTime=\"t\"", "hopTime=\"P\"").getBytes(StandardCharsets.UTF_8)),
				true, true, null);
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		ColumnLabelProvider reopenedLabels = (ColumnLabelProvider) reopened.getViewer().getLabelProvider();
		UiTests.waitUntil(() -> reopenedLabels.getToolTipText(((Machine) reopened.getRoot()).getTopology()) == null, 5_000,
				"the problem to go away");
		UiTests.flush();
		assertNotEquals(decorated, treeItem(reopened, "Ring P").getImage(), "the overlay is gone");
	}

	@Test
	void testGoToFindsTheElementOfAMarkerAfterUnsavedEdits() throws Exception {
		PerfcastProjects.addNature(project, null);
		IFile file = file("range.machine", RING.replace("<parameters name=\"P\" defaultValue=\"4\"/>",
				"<parameters name=\"P\" defaultValue=\"4\"/>\n  <parameters name=\"Q\" defaultValue=\"9\" maximum=\"8\"/>"));
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		ModelEditor editor = open(file);
		Machine machine = (Machine) editor.getRoot();
		Parameter q = machine.getParameters().get(1);
		IMarker marker = Arrays.stream(file.findMarkers(PerfcastMarkers.PROBLEM, false, IResource.DEPTH_ZERO))
				.filter(m -> "Parameter Q".equals(m.getAttribute(IMarker.LOCATION, null))).findFirst()
				.orElseThrow(() -> new AssertionError("no marker on Parameter Q"));
		assertEquals("//@parameters.1", marker.getAttribute(PerfcastMarkers.ELEMENT));

		EditingDomain domain = editor.getEditingDomain();
		domain.getCommandStack().execute(DeleteCommand.create(domain, machine.getParameters().get(0)));
		assertTrue(editor.isDirty());
		IDE.gotoMarker(editor, marker);
		assertEquals(List.of(q), editor.getViewer().getStructuredSelection().toList(), "the marker's element, now the first parameter");
		ColumnLabelProvider labels = (ColumnLabelProvider) editor.getViewer().getLabelProvider();
		assertTrue(labels.getToolTipText(q).startsWith("defaultValue: 9 is outside the range"), labels.getToolTipText(q));
	}

	/** The item labelled {@code text} among the children of the editor's root item. */
	private static TreeItem treeItem(ModelEditor editor, String text) {
		TreeItem root = editor.getViewer().getTree().getItem(0);
		return Arrays.stream(root.getItems()).filter(item -> item.getText().equals(text)).findFirst()
				.orElseThrow(() -> new AssertionError(text + " in " + Arrays.stream(root.getItems()).map(TreeItem::getText).toList()));
	}

	/** Hovers the mouse over {@code item} and returns the tooltip that opens, or null. */
	private static Shell hover(ModelEditor editor, TreeItem item) {
		Tree tree = editor.getViewer().getTree();
		Rectangle bounds = item.getBounds();
		Event event = new Event();
		event.x = bounds.x + bounds.width / 2;
		event.y = bounds.y + bounds.height / 2;
		tree.notifyListeners(SWT.MouseHover, event);
		UiTests.flush();
		return Arrays.stream(tree.getShell().getShells()).filter(Shell::isVisible).findFirst().orElse(null);
	}

	@Test
	void testTaskDependenciesAreChosenInADialogAndUndoneInOneStep() throws Exception {
		ModelEditor editor = open(file("tasks.program", """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:program="http://perfcast.org/model/program/1.0" processCount="2">
				  <tasks name="a" cost="1" process="0"/>
				  <tasks name="b" cost="1" process="1"/>
				  <tasks name="c" cost="1" process="0" dependsOn="//@tasks.1"/>
				</program:Program>
				"""));
		Program program = (Program) editor.getRoot();
		Task a = program.getTasks().get(0);
		Task b = program.getTasks().get(1);
		Task c = program.getTasks().get(2);
		IPropertySource source = properties(editor, c);
		IPropertyDescriptor dependsOn = descriptor(source, "Depends On");
		assertEquals("Task b", dependsOn.getLabelProvider().getText(source.getPropertyValue(dependsOn.getId())));

		CellEditor cellEditor = dependsOn.createPropertyEditor(editor.getViewer().getTree());
		try {
			assertTrue(cellEditor instanceof DialogCellEditor, String.valueOf(cellEditor));
			cellEditor.setValue(source.getPropertyValue(dependsOn.getId()));
			List<String> offered = new ArrayList<>();
			Display.getCurrent().asyncExec(() -> tick(offered, "Task a"));
			UiTests.find(cellEditor.getControl(), Button.class, button -> true).notifyListeners(SWT.Selection, new Event());
			assertEquals(List.of("Task a", "Task b", "Task c"), offered, "the dialog offers the program's tasks");
			assertEquals(List.of(a, b), cellEditor.getValue(), "the ticked tasks in the order shown");
			assertEquals("Task a, Task b", UiTests.find(cellEditor.getControl(), Label.class, label -> true).getText());
			source.setPropertyValue(dependsOn.getId(), cellEditor.getValue());
		} finally {
			cellEditor.dispose();
		}
		assertEquals(List.of(a, b), c.getDependsOn());
		assertEquals("Task a, Task b", dependsOn.getLabelProvider().getText(source.getPropertyValue(dependsOn.getId())));
		assertTrue(editor.isDirty());

		source.setPropertyValue(dependsOn.getId(), List.of(b, a));
		assertEquals(List.of(b, a), c.getDependsOn(), "a list set through the descriptor keeps its order");
		execute(editor, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals(List.of(a, b), c.getDependsOn(), "one undo reverts the whole list");
		execute(editor, IWorkbenchCommandConstants.EDIT_UNDO);
		assertEquals(List.of(b), c.getDependsOn());
		assertFalse(editor.isDirty());
	}

	/**
	 * In the open "Depends On" dialog, records the offered labels in {@code offered}, ticks {@code label}
	 * and presses OK; retries until the dialog is open.
	 */
	private static void tick(List<String> offered, String label) {
		Display display = Display.getCurrent();
		Shell dialog = Arrays.stream(display.getShells()).filter(shell -> shell.isVisible() && "Depends On".equals(shell.getText()))
				.findFirst().orElse(null);
		if (dialog == null) {
			display.timerExec(50, () -> tick(offered, label));
			return;
		}
		Table table = UiTests.find(dialog, Table.class, t -> true);
		for (TableItem item : table.getItems()) {
			offered.add(item.getText());
			if (item.getText().equals(label)) {
				item.setChecked(true);
			}
		}
		UiTests.find(dialog, Button.class, button -> button.getText().replace("&", "").equals("OK"))
				.notifyListeners(SWT.Selection, new Event());
	}
}
