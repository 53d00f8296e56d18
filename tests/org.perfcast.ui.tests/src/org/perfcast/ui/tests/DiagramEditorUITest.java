package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.Test;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.ui.DiagramEditor;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.ui.internal.Screenshots;

/**
 * The program diagram editor in the workbench: the examples' matvec program opens as a diagram in the SWT
 * Browser, a message is drawn with real mouse events (the palette's Message, then two processes of a step),
 * the editor becomes dirty, and Save writes the new message into the model file.
 */
class DiagramEditorUITest {

	private static double zoom(Browser browser) {
		String viewport = String.valueOf(browser.evaluate("return window.perfcast.viewport()"));
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"zoom\":([0-9.eE+-]+)").matcher(viewport);
		assertTrue(m.find(), viewport);
		return Double.parseDouble(m.group(1));
	}

	/** A program of 500 processes and 2000 messages opened as a diagram: its time to first render, recorded. */
	@Test
	void testALargeDiagramOpens() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("large");
		project.create(null);
		project.open(null);
		String program = """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
				xmlns:program="http://perfcast.org/model/program/1.0" name="large" processCount="P">
				  <parameters name="P" defaultValue="500"/>
				  <steps name="exchange">
				    <messages name="to four neighbours">
				      <indices variable="p" from="0" to="P - 1"/>
				      <indices variable="k" from="1" to="4"/>
				      <from>p</from>
				      <to>(p + 7 * k) mod P</to>
				      <size>64</size>
				    </messages>
				  </steps>
				</program:Program>
				""";
		IFile file = project.getFile("large.program");
		file.create(new ByteArrayInputStream(program.getBytes(java.nio.charset.StandardCharsets.UTF_8)), true, null);
		long start = System.nanoTime();
		DiagramEditor editor = (DiagramEditor) IDE.openEditor(UiTests.page(), file, DiagramEditor.ID);
		Browser browser = editor.getBrowser();
		UiTests.waitUntil(() -> Boolean.TRUE.equals(browser.evaluate(
				"return !!(window.perfcast && window.perfcast.ready())")), 120_000, "the large diagram rendered");
		long rendered = System.nanoTime();
		Object count = browser.evaluate("return JSON.parse(window.perfcast.summary()).length");
		assertEquals(2501.0, ((Number) count).doubleValue(), "the step, its 500 processes and 2000 messages on the page");
		// larger than the view: it opens zoomed out to show all of it
		try {
			UiTests.waitUntil(() -> zoom(browser) < 1, 30_000, "the large diagram fitted to the view");
		} catch (AssertionError e) {
			throw new AssertionError(e.getMessage() + ": " + browser.evaluate("return window.perfcast.viewport()") + " "
					+ browser.evaluate("return window.perfcast.extent()"), e);
		}
		DiagramPages.pause(300);
		Screenshots.save(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(),
				UiTests.screenshots().resolve("diagram-editor-large.png"));

		// layout on demand (the toolbar's Layout): ELK at the sizes the page measured, one undoable command
		double revision = ((Number) browser.evaluate("return window.perfcast.revision()")).doubleValue();
		assertFalse(editor.isDirty());
		long layoutStart = System.nanoTime();
		browser.execute("window.perfcast.layout()");
		UiTests.waitUntil(() -> editor.isDirty() && ((Number) browser.evaluate("return window.perfcast.revision()"))
				.doubleValue() > revision && Boolean.TRUE.equals(browser.evaluate("return window.perfcast.ready()")),
				120_000, "the large diagram laid out");
		long laidOut = System.nanoTime();
		Files.writeString(UiTests.screenshots().resolve("diagram-editor-large-timing.txt"), String.format(
				"500 nodes, 2000 edges: time to first render %.0f ms (layout included), layout on demand %.0f ms%n",
				(rendered - start) / 1e6, (laidOut - layoutStart) / 1e6));
		UiTests.page().closeEditor(editor, false);
	}

	@Test
	void testDrawAMessageWithTheMouseAndSave() throws Exception {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("diagrams");
		project.create(null);
		project.open(null);
		for (String name : new String[] { "matvec.program", "ring.machine" }) {
			project.getFile(name).create(new ByteArrayInputStream(Files.readAllBytes(Path.of(System.getProperty(
					"perfcast.examples"), "matvec-ring", name))), true, null);
		}
		IFile file = project.getFile("matvec.program");
		Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		shell.setBounds(0, 0, 1400, 900);
		long start = System.nanoTime();
		DiagramEditor editor = (DiagramEditor) IDE.openEditor(UiTests.page(), file, DiagramEditor.ID);
		Browser browser = editor.getBrowser();
		try {
			UiTests.waitUntil(() -> Boolean.TRUE.equals(browser.evaluate(
					"return !!(window.perfcast && window.perfcast.ready())")), 60_000, "the diagram rendered");
		} catch (AssertionError e) {
			throw new AssertionError(e.getMessage() + "; page " + browser.getUrl() + ": " + browser.evaluate(
					"return document.readyState + ' rpc=' + typeof window.perfcastRpc + ' receive=' + typeof "
							+ "window.perfcastReceive") + "\n" + String.join("\n", editor.getTraffic()), e);
		}
		long rendered = System.nanoTime();
		// the page stays the bundled one: script cannot navigate it away or open windows
		String own = browser.getUrl();
		browser.execute("window.location.href = 'https://example.org/'");
		browser.execute("window.location.assign('file:///etc/hostname')");
		Object popup = browser.evaluate("return window.open('https://example.org/') === null");
		DiagramPages.pause(500);
		assertEquals(own, browser.getUrl(), "the page did not navigate");
		assertEquals(Boolean.TRUE, popup, "no window opened");
		assertEquals(Boolean.TRUE, browser.evaluate("return !!(window.perfcast && window.perfcast.ready())"));
		UiTests.page().setPartState(UiTests.page().getReference(editor), org.eclipse.ui.IWorkbenchPage.STATE_MAXIMIZED);
		UiTests.flush();
		assertFalse(editor.isDirty());

		Program program = (Program) editor.getDocument().root();
		Step second = program.getSteps().get(1);
		String stepId = DiagramIds.of(second);
		Display display = shell.getDisplay();
		Point tool = DiagramPages.centre(browser, "palette", "Message");
		Point from = DiagramPages.centre(browser, "element", DiagramIds.process(stepId, 0));
		Point to = DiagramPages.centre(browser, "element", DiagramIds.process(stepId, 1));
		DiagramPages.click(display, tool);
		DiagramPages.click(display, from);
		DiagramPages.click(display, to);
		try {
			UiTests.waitUntil(() -> second.getMessages().size() == 1, 20_000, "the message in the model");
		} catch (AssertionError e) {
			Screenshots.save(shell, UiTests.screenshots().resolve("diagram-editor-failed.png"));
			throw new AssertionError(e.getMessage() + " after clicks at " + tool + ", " + from + ", " + to + "; browser at "
					+ browser.toDisplay(0, 0) + ", focus " + display.getFocusControl() + "\n"
					+ String.join("\n", editor.getTraffic().subList(Math.max(0, editor.getTraffic().size() - 8),
							editor.getTraffic().size())), e);
		}
		UiTests.waitUntil(editor::isDirty, 5_000, "the editor dirty");
		assertEquals("0", second.getMessages().get(0).getFrom());
		assertEquals("1", second.getMessages().get(0).getTo());

		Path png = UiTests.screenshots().resolve("diagram-editor.png");
		Screenshots.save(shell, png);
		assertTrue(Files.size(png) > 1000);
		editor.doSave(null);
		assertFalse(editor.isDirty());
		String saved = Files.readString(Path.of(file.getLocationURI()));
		assertTrue(saved.contains("p0 to p1"), saved);
		// Save As: another file (and its notation) from now on; the first file stays as saved
		DiagramPages.click(display, DiagramPages.centre(browser, "palette", "Message"));
		DiagramPages.click(display, DiagramPages.centre(browser, "element", DiagramIds.process(stepId, 1)));
		DiagramPages.click(display, DiagramPages.centre(browser, "element", DiagramIds.process(stepId, 2)));
		UiTests.waitUntil(() -> second.getMessages().size() == 2, 20_000, "a second message");
		IFile copy = project.getFile("matvec-copy.program");
		editor.saveAs(copy);
		assertFalse(editor.isDirty());
		assertEquals("matvec-copy.program", editor.getEditorInput().getName());
		project.refreshLocal(org.eclipse.core.resources.IResource.DEPTH_ONE, null);
		assertTrue(Files.readString(Path.of(copy.getLocationURI())).contains("p1 to p2"));
		assertTrue(project.getFile("matvec-copy.program.notation").exists(), "the notation beside the copy");
		assertFalse(Files.readString(Path.of(file.getLocationURI())).contains("p1 to p2"), "the first file as saved");
		Files.writeString(UiTests.screenshots().resolve("diagram-editor-timing.txt"), String.format(
				"time to first render: %.0f ms%n", (rendered - start) / 1e6));
		UiTests.page().closeEditor(editor, false);
	}
}
