package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.ui.DiagramEditor;
import org.perfcast.ide.BuildResults;
import org.perfcast.ide.PerfcastProjects;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.ui.editors.ModelEditor;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.internal.emf.ItemPropertySourceProvider;

/**
 * The diagram editors after a build, in the workbench: the program diagram decorated with the builder's PAMELA
 * prediction (critical path, banner, markers), a step selected with the mouse shown in the Properties view and
 * renamed there (the diagram follows at once; Edit > Undo takes it back); the machine diagram's links coloured by
 * the program's workload σ, then by Glamis utilisation U.
 */
class DiagramPredictionsUITest {

	@AfterEach
	void cleanUp() throws Exception {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	private static IProject project() throws Exception {
		IProject project = PerfcastProjects.create("predictions", null, null);
		for (String name : new String[] { "matvec.program", "ring.machine" }) {
			project.getFile(name).create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty(
					"perfcast.examples"), "matvec-ring", name))), true, null);
		}
		Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
		IFile program = project.getFile("matvec.program");
		UiTests.waitUntil(() -> BuildResults.get().latest(program.getFullPath()) != null, 60_000, "the build of matvec.program");
		return project;
	}

	private static DiagramEditor open(IFile file, String id) throws Exception {
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(0, 0, 1400, 900);
		DiagramEditor editor = (DiagramEditor) IDE.openEditor(UiTests.page(), file, id);
		Browser browser = editor.getBrowser();
		UiTests.waitUntil(() -> Boolean.TRUE.equals(browser.evaluate("return !!(window.perfcast && window.perfcast.ready())")),
				60_000, "the diagram rendered");
		return editor;
	}

	private static Object page(DiagramEditor editor, String script) {
		return editor.getBrowser().evaluate(script);
	}

	private static boolean hasClass(DiagramEditor editor, String id, String css) {
		return Boolean.TRUE.equals(page(editor, "return JSON.parse(window.perfcast.summary()).some(e => e.id === '" + id
				+ "' && e.classes.includes('" + css + "'))"));
	}

	private static String label(DiagramEditor editor, String id) {
		return String.valueOf(page(editor, "return (JSON.parse(window.perfcast.summary()).find(e => e.id === '" + id
				+ "') || {}).label"));
	}

	private static TreeItem row(Tree tree, String name) {
		java.util.ArrayDeque<TreeItem> todo = new java.util.ArrayDeque<>(java.util.List.of(tree.getItems()));
		while (!todo.isEmpty()) {
			TreeItem item = todo.pop();
			if (name.equals(item.getText(0))) {
				return item;
			}
			todo.addAll(java.util.List.of(item.getItems()));
		}
		return null;
	}

	@Test
	void testTheProgramDiagramShowsThePredictionAndFollowsThePropertiesView() throws Exception {
		IProject project = project();
		IFile file = project.getFile("matvec.program");
		IViewPart properties = UiTests.page().showView(IPageLayout.ID_PROP_SHEET);
		DiagramEditor editor = open(file, DiagramEditor.ID);
		UiTests.page().activate(editor);
		Program program = (Program) editor.getDocument().root();
		Step exchange = program.getSteps().get(0);
		String exchangeId = DiagramIds.of(exchange);

		// the builder's PAMELA prediction: process 0's sends are the critical path; T in the banner
		UiTests.waitUntil(() -> hasClass(editor, DiagramIds.process(exchangeId, 0), "critical"), 30_000, "the critical path");
		assertFalse(hasClass(editor, DiagramIds.process(exchangeId, 1), "critical"));
		String banner = String.valueOf(page(editor, "return window.perfcast.banner()"));
		assertTrue(banner.contains("T = 277.5"), banner);
		assertTrue(banner.contains("PAMELA: T = 277.5"), "the builder's prediction marker: " + banner);
		int critical = ((Number) page(editor, "return JSON.parse(window.perfcast.summary()).filter(e => e.type === "
				+ "'edge:message' && e.classes.includes('critical')).length")).intValue();
		assertEquals(5, critical, "process 0 sends five messages");
		DiagramPages.restMouse(editor.getBrowser());
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		Path png = UiTests.screenshots().resolve("diagram-editor-decorated.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);

		// a click on the step's title selects the step, which the Properties view shows
		Display display = shell.getDisplay();
		DiagramPages.click(display, DiagramPages.centre(editor.getBrowser(), "element", DiagramIds.label(exchangeId)));
		UiTests.waitUntil(() -> editor.getSite().getSelectionProvider().getSelection() instanceof IStructuredSelection s
				&& s.getFirstElement() == exchange, 10_000, "the step selected");
		UiTests.page().activate(properties);
		DiagramPages.pause(300);
		UiTests.waitUntil(() -> {
			Tree t = UiTests.find(shell, Tree.class, x -> row(x, "Name") != null);
			return t != null && "send partial products".equals(row(t, "Name").getText(1));
		}, 10_000, "the step's name in the Properties view");

		// renamed in the Properties view: the value its Name cell applies, through the editor's editing domain
		AdapterFactoryEditingDomain domain = (AdapterFactoryEditingDomain) editor.getEditingDomain();
		IPropertySource source = new ItemPropertySourceProvider(domain.getAdapterFactory()).getPropertySource(exchange);
		IPropertyDescriptor nameProperty = java.util.Arrays.stream(source.getPropertyDescriptors())
				.filter(d -> "Name".equals(d.getDisplayName())).findFirst().orElseThrow();
		source.setPropertyValue(nameProperty.getId(), "exchange");
		UiTests.waitUntil(() -> "exchange".equals(exchange.getName()), 10_000, "the rename in the model");
		UiTests.waitUntil(() -> "exchange".equals(label(editor, exchangeId)), 10_000, "the rename drawn");
		assertTrue(editor.isDirty());

		// Edit > Undo in the diagram editor takes the Properties view's change back, in the diagram too
		UiTests.page().activate(editor);
		editor.getEditorSite().getActionBars().getGlobalActionHandler(ActionFactory.UNDO.getId()).run();
		UiTests.waitUntil(() -> "send partial products".equals(label(editor, exchangeId)), 10_000, "the undo drawn");
		assertFalse(editor.isDirty());

		// the tree editor of the same file shares the diagram's editing domain: one undo history, one dirty state
		ModelEditor tree = (ModelEditor) UiTests.page().openEditor(new FileEditorInput(file), ModelEditor.PROGRAM_ID, true,
				IWorkbenchPage.MATCH_ID | IWorkbenchPage.MATCH_INPUT);
		assertSame(editor.getEditingDomain(), tree.getEditingDomain());
		UiTests.page().activate(tree);
		assertTrue(tree.getEditingDomain().getCommandStack().canRedo(), "the diagram's undone rename can be redone");
		tree.getEditorSite().getActionBars().getGlobalActionHandler(ActionFactory.REDO.getId()).run();
		assertEquals("exchange", exchange.getName());
		// back on the diagram's tab (a hidden page does not lay out what it is sent)
		UiTests.page().activate(editor);
		UiTests.waitUntil(() -> "exchange".equals(label(editor, exchangeId)), 10_000, "the tree editor's redo drawn");
		assertTrue(editor.isDirty() && tree.isDirty());
		tree.doSave(null);
		UiTests.flush();
		assertFalse(editor.isDirty() || tree.isDirty());
		assertTrue(new String(file.getContents().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
				.contains("name=\"exchange\""));
		assertTrue(project.getFile("matvec.program.notation").exists(), "the notation is saved with the model");

		// the file changed on disk while nothing is unsaved: both editors read it again, the shapes stay put
		UiTests.page().activate(editor);
		String p0 = position(editor, DiagramIds.process(exchangeId, 0));
		String changed = new String(file.getContents().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
				.replace("name=\"exchange\"", "name=\"swap\"");
		file.setContents(new ByteArrayInputStream(changed.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, true, null);
		UiTests.waitUntil(() -> "swap".equals(label(editor, exchangeId)), 10_000, "the file read again and drawn");
		assertEquals(p0, position(editor, DiagramIds.process(exchangeId, 0)));
		assertEquals("swap", ((Program) tree.getRoot()).getSteps().get(0).getName());
		assertFalse(editor.isDirty() || tree.isDirty());
	}

	private static String position(DiagramEditor editor, String id) {
		return String.valueOf(page(editor, "return (e => e.x + ',' + e.y)(JSON.parse(window.perfcast.summary()).find(e => e.id === '"
				+ id + "'))"));
	}

	@Test
	void testTheMachineDiagramColoursLinksByTheProgramsLoad() throws Exception {
		IProject project = project();
		DiagramEditor editor = open(project.getFile("ring.machine"), DiagramEditor.MACHINE_ID);
		UiTests.page().setPartState(UiTests.page().getReference(editor), IWorkbenchPage.STATE_MAXIMIZED);
		// the ring is symmetric: every link carries matvec's largest workload
		UiTests.waitUntil(() -> hasClass(editor, "link-0-1", "load-4"), 30_000, "the links coloured by σ");
		for (int p = 0; p < 6; p++) {
			String id = "link-" + Math.min(p, (p + 1) % 6) + "-" + Math.max(p, (p + 1) % 6);
			assertTrue(hasClass(editor, id, "load-4"), id);
		}
		String banner = String.valueOf(page(editor, "return window.perfcast.banner()"));
		assertTrue(banner.contains("PAMELA workload σ of matvec.program"), banner);
		DiagramPages.restMouse(editor.getBrowser());
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		Screenshots.save(shell, UiTests.screenshots().resolve("machine-diagram.png"));

		ToolBar bar = UiTests.find(editor.getBrowser().getParent(), ToolBar.class, b -> true);
		ToolItem u = java.util.Arrays.stream(bar.getItems()).filter(i -> "Utilisation U".equals(i.getText())).findFirst()
				.orElseThrow();
		Rectangle bounds = u.getBounds();
		DiagramPages.click(shell.getDisplay(), bar.toDisplay(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2));
		UiTests.waitUntil(() -> String.valueOf(page(editor, "return window.perfcast.banner()"))
				.contains("Glamis utilisation U of matvec.program"), 30_000, "the links coloured by U");
		assertFalse(hasClass(editor, "link-0-1", "load-4"), "matvec's links are busy for less than 80 % of its time");
		DiagramPages.restMouse(editor.getBrowser());
		Screenshots.save(shell, UiTests.screenshots().resolve("machine-diagram-utilisation.png"));
	}
}
