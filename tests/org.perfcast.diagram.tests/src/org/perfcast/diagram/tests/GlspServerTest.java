package org.perfcast.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.graph.GModelRoot;
import org.eclipse.glsp.graph.util.GraphUtil;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.ActionMessage;
import org.eclipse.glsp.server.actions.SaveModelAction;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.features.core.model.ComputedBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.directediting.ApplyLabelEditOperation;
import org.eclipse.glsp.server.features.undoredo.RedoAction;
import org.eclipse.glsp.server.features.undoredo.UndoAction;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.DeleteOperation;
import org.eclipse.glsp.server.protocol.GLSPServer;
import org.eclipse.glsp.server.protocol.InitializeClientSessionParameters;
import org.eclipse.glsp.server.protocol.InitializeParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.diagram.glsp.DiagramStorage;
import org.perfcast.diagram.glsp.ProgramDiagramModule;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.program.Task;
import org.perfcast.model.resource.ModelFiles;

import com.google.inject.Guice;

/**
 * The program diagram's GLSP server driven as a client would, in process: the model served from the document,
 * and every edit (a task from the palette, a message drawn between two processes, a label edit, a delete) an EMF
 * command on the document's stack that undo and redo take back and replay, and save writes.
 */
class GlspServerTest {

	private static final String CLIENT = "test-client";

	/** The actions a GLSP client handles, which the server sends it. */
	private static final List<String> CLIENT_KINDS = List.of("requestBounds", "setModel", "updateModel", "setDirtyState",
			"message", "status", "setMarkers", "deleteMarkers", "setTypeHints", "setEditMode", "sourceModelChanged",
			"startProgress", "updateProgress", "endProgress", "setEditValidationResult", "setBounds", "selectAll",
			"select", "setViewport", "fitToScreen", "center");

	@TempDir
	Path dir;

	private final List<Action> received = new CopyOnWriteArrayList<>();
	private GLSPServer server;

	private void waitUntil(BooleanSupplier condition, String what) throws InterruptedException {
		long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > end) {
				throw new AssertionError("timed out waiting for " + what + "; received: " + received.stream()
						.map(Action::toString).toList());
			}
			Thread.sleep(10);
		}
	}

	/** Sends {@code action}; answers the server's bounds requests as a client that measured nothing. */
	private void send(Action action) {
		server.process(new ActionMessage(CLIENT, action));
	}

	private void answerBoundsRequests() {
		for (Action a : received) {
			if (a instanceof RequestBoundsAction request && received.remove(a)) {
				GModelRoot root = request.getNewRoot();
				send(new ComputedBoundsAction(List.of(), List.of(), List.of(), root.getRevision()));
			}
		}
	}

	private void await(BooleanSupplier condition, String what) throws InterruptedException {
		waitUntil(() -> {
			answerBoundsRequests();
			return condition.getAsBoolean();
		}, what);
	}

	@Test
	void testEditsAreEmfCommandsWithUndoRedoAndSave() throws Exception {
		Path file = Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring",
				"matvec.program"), dir.resolve("matvec.program"));
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				dir.resolve("ring.machine"));
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(
				ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(), ModelFiles.newResourceSet());
		String uri = URI.createFileURI(file.toString()).toString();
		ModelFiles.Loaded loaded = ModelFiles.load(domain.getResourceSet(), URI.createURI(uri), "matvec.program");
		DiagramDocument document = new DiagramDocument(domain, loaded.resource(), ModelThread.locked());
		Program program = (Program) document.root();
		DiagramStorage.open(uri, document);
		try {
			server = Guice.createInjector(new ServerModule().configureDiagramModule(new ProgramDiagramModule()))
					.getInstance(GLSPServer.class);
			server.connect(message -> received.add(message.getAction()));
			InitializeParameters init = new InitializeParameters();
			init.setApplicationId("perfcast-test");
			init.setProtocolVersion("1.0.0");
			server.initialize(init).get(20, TimeUnit.SECONDS);
			server.initializeClientSession(new InitializeClientSessionParameters(CLIENT, ProgramDiagram.TYPE, CLIENT_KINDS))
					.get(20, TimeUnit.SECONDS);

			send(new RequestModelAction(Map.of(DiagramStorage.SOURCE_URI, uri, "diagramType", ProgramDiagram.TYPE)));
			await(() -> received.stream().anyMatch(a -> a.getKind().equals("setModel")), "the model");

			// a task from the palette, placed where the user clicked
			send(new CreateNodeOperation(ProgramDiagram.TASK, GraphUtil.point(40, 60)));
			await(() -> document.read(() -> program.getTasks().size()) == 1, "the new task");
			Task task = program.getTasks().get(0);
			assertEquals("task1", task.getName());
			assertEquals(40, document.notation().position(task, "").getX());
			assertTrue(document.isDirty());

			send(new UndoAction());
			await(() -> document.read(() -> program.getTasks().isEmpty()), "undo");
			assertNull(document.notation().position(task, ""), "undo takes the position back too");
			send(new RedoAction());
			await(() -> document.read(() -> program.getTasks().size()) == 1, "redo");

			// a message drawn from process 0 to process 1 of the second step
			Step second = program.getSteps().get(1);
			String stepId = DiagramIds.of(second);
			send(new CreateEdgeOperation(ProgramDiagram.MESSAGE, DiagramIds.process(stepId, 0),
					DiagramIds.process(stepId, 1)));
			await(() -> document.read(() -> second.getMessages().size()) == 1, "the new message");
			assertEquals("0", second.getMessages().get(0).getFrom());
			assertEquals("1", second.getMessages().get(0).getTo());

			// a label edit renames the task
			send(new ApplyLabelEditOperation(DiagramIds.label(DiagramIds.of(task)), "worker"));
			await(() -> "worker".equals(document.read(task::getName)), "the rename");

			send(new SaveModelAction());
			await(() -> !document.isDirty(), "the save");
			String saved = Files.readString(file);
			assertTrue(saved.contains("name=\"worker\"") && saved.contains("p0 to p1"), saved);
			assertTrue(Files.exists(dir.resolve("matvec.program.notation")), "positions beside the model");

			// layout on demand: one command moving the shapes, undone at once
			String before = document.read(() -> String.valueOf(document.notation().position(second, "")));
			send(new org.eclipse.glsp.server.operations.LayoutOperation(List.of()));
			await(() -> document.isDirty(), "the layout");
			send(new UndoAction());
			await(() -> !document.isDirty(), "the layout undone");
			assertEquals(before, document.read(() -> String.valueOf(document.notation().position(second, ""))));

			send(new DeleteOperation(List.of(DiagramIds.of(task))));
			await(() -> document.read(() -> program.getTasks().isEmpty()), "the delete");
			assertTrue(document.isDirty());
			assertFalse(received.stream().anyMatch(a -> a.getKind().equals("message")), "no error reported: " + received);
		} finally {
			DiagramStorage.close(uri);
			if (server != null) {
				server.shutdown();
			}
		}
	}
}
