package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.views.contentoutline.ContentOutline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ui.internal.Screenshots;
import org.perfcast.ui.pamela.PamelaEditor;

class PamelaEditorUITest {

	@AfterEach
	void tearDown() throws CoreException {
		UiTests.page().closeAllEditors(false);
		UiTests.removeProjects();
	}

	@Test
	void testPamelaFilesOpenWithColoursAndAnOutline() throws Exception {
		List<IProject> projects = ExampleProjects.importAll(Path.of(System.getProperty("perfcast.examples")), null);
		IFile file = projects.stream().filter(p -> p.getName().equals("matvec-ring")).findFirst().orElseThrow()
				.getFile("matvec.pamela");
		IEditorPart editor = IDE.openEditor(UiTests.page(), file);
		assertInstanceOf(PamelaEditor.class, editor);
		UiTests.flush();

		StyledText text = UiTests.find(editor.getSite().getShell(), StyledText.class, t -> t.getText().contains("param N"));
		int param = text.getText().indexOf("param N");
		StyleRange keyword = text.getStyleRangeAtOffset(param);
		assertTrue(keyword != null && (keyword.fontStyle & SWT.BOLD) != 0, "'param' is bold");
		int comment = text.getText().indexOf("# Matrix-vector");
		StyleRange italic = text.getStyleRangeAtOffset(comment);
		assertTrue(italic != null && (italic.fontStyle & SWT.ITALIC) != 0, "comments are italic");

		ContentOutline outline = (ContentOutline) UiTests.page().showView(IPageLayout.ID_OUTLINE);
		UiTests.page().activate(editor);
		UiTests.flush();
		Tree tree = UiTests.find(outline.getCurrentPage().getControl(), Tree.class, t -> true);
		assertTrue(tree != null, "the outline shows a tree");
		List<String> labels = Arrays.stream(tree.getItems()).map(TreeItem::getText).toList();
		assertTrue(labels.contains("N  (parameter)"), labels.toString());
		assertTrue(labels.contains("l[P]  (resource)"), labels.toString());
		assertTrue(labels.contains("send(q)  (process)"), labels.toString());
		assertTrue(labels.contains("K  (definition)"), labels.toString());
		assertEquals("main  (process)", labels.get(labels.size() - 1));
		Screenshots.save(editor.getSite().getShell(), UiTests.screenshots().resolve("pamela-editor.png"));
	}

	@Test
	void testErrorsAreShownWhileTyping() throws Exception {
		List<IProject> projects = ExampleProjects.importAll(Path.of(System.getProperty("perfcast.examples")), null);
		IFile file = projects.stream().filter(p -> p.getName().equals("matvec-ring")).findFirst().orElseThrow()
				.getFile("matvec.pamela");
		PamelaEditor editor = (PamelaEditor) IDE.openEditor(UiTests.page(), file);
		org.eclipse.jface.text.IDocument document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		org.eclipse.jface.text.source.IAnnotationModel annotations = editor.getDocumentProvider()
				.getAnnotationModel(editor.getEditorInput());
		java.util.function.Supplier<List<String>> errors = () -> {
			List<String> messages = new java.util.ArrayList<>();
			annotations.getAnnotationIterator().forEachRemaining(a -> {
				if (a.getType().equals("org.eclipse.ui.workbench.texteditor.error")) {
					messages.add(a.getText());
				}
			});
			return messages;
		};
		int at = document.get().indexOf("flop = delay(t_f)");
		document.replace(at, "flop = delay(t_f)".length(), "flop = delay(t_x)");
		UiTests.waitUntil(() -> errors.get().stream().anyMatch(m -> m.contains("t_x")), 10_000, "an error about t_x");
		document.replace(at, "flop = delay(t_x)".length(), "flop = delay(t_f)");
		UiTests.waitUntil(() -> errors.get().isEmpty(), 10_000, "the error to go away");
		assertTrue(editor.isDirty());
	}

	@Test
	void testHoverShowsPredictionAndProcessTimes() throws Exception {
		List<IProject> projects = ExampleProjects.importAll(Path.of(System.getProperty("perfcast.examples")), null);
		IFile file = projects.stream().filter(p -> p.getName().equals("matvec-ring")).findFirst().orElseThrow()
				.getFile("matvec.pamela");
		PamelaEditor editor = (PamelaEditor) IDE.openEditor(UiTests.page(), file);
		org.eclipse.jface.text.ITextViewer viewer = (org.eclipse.jface.text.ITextViewer) editor
				.getAdapter(org.eclipse.jface.text.ITextOperationTarget.class);
		org.perfcast.ui.pamela.PamelaTextHover hover = new org.perfcast.ui.pamela.PamelaTextHover();
		String text = viewer.getDocument().get();
		int main = text.indexOf("main =") + 2;
		assertEquals("T = 277.5 (critical-path-bound)", hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, main))
				.lines().findFirst().orElseThrow());
		// every process sends b^2 (P - 1) = 500 messages: 3000 sends in all with N = 60, P = 6
		String send = hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, text.indexOf("send(q)") + 1));
		assertTrue(send.startsWith("send runs 3000 times"), send);
		String link = hover.getHoverInfo(viewer, hover.getHoverRegion(viewer, text.indexOf("resource l") + 9));
		assertTrue(link.startsWith("workloads of l\nl[0] = 37.5"), link);
	}
}
