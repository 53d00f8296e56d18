package org.perfcast.diagram.tests;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GModelRoot;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.ActionMessage;
import org.eclipse.glsp.server.di.DiagramModule;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.features.core.model.ComputedBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.core.model.SetModelAction;
import org.eclipse.glsp.server.features.core.model.UpdateModelAction;
import org.eclipse.glsp.server.protocol.GLSPServer;
import org.eclipse.glsp.server.protocol.InitializeClientSessionParameters;
import org.eclipse.glsp.server.protocol.InitializeParameters;
import org.perfcast.diagram.glsp.DiagramStorage;
import org.perfcast.diagram.glsp.OpenDocuments;
import org.perfcast.diagram.server.DiagramDocument;

import com.google.inject.Guice;

/**
 * A GLSP client in process for tests: connects to a diagram module's server, asks for the model at a URI,
 * answers the server's bounds requests as a client that measured nothing, and keeps every action received.
 */
final class GlspTestClient implements AutoCloseable {

	private static final String CLIENT = "test-client";

	/** The actions a GLSP client handles, which the server sends it. */
	private static final List<String> CLIENT_KINDS = List.of("requestBounds", "setModel", "updateModel", "setDirtyState",
			"message", "status", "setMarkers", "deleteMarkers", "setTypeHints", "setEditMode", "sourceModelChanged",
			"startProgress", "updateProgress", "endProgress", "setEditValidationResult", "setBounds", "selectAll",
			"select", "setViewport", "fitToScreen", "center", "setPopupModel");

	final List<Action> received = new CopyOnWriteArrayList<>();
	private final GLSPServer server;

	/**
	 * A session on {@code module}'s server showing {@code document}, the model at {@code uri}, once the server has sent
	 * it.
	 */
	GlspTestClient(DiagramModule module, String uri, DiagramDocument document) throws Exception {
		OpenDocuments documents = new OpenDocuments();
		documents.open(uri, document);
		server = Guice.createInjector(new ServerModule().configureDiagramModule(module), documents).getInstance(
				GLSPServer.class);
		server.connect(message -> received.add(message.getAction()));
		InitializeParameters init = new InitializeParameters();
		init.setApplicationId("perfcast-test");
		init.setProtocolVersion("1.0.0");
		server.initialize(init).get(20, TimeUnit.SECONDS);
		server.initializeClientSession(new InitializeClientSessionParameters(CLIENT, module.getDiagramType(), CLIENT_KINDS))
				.get(20, TimeUnit.SECONDS);
		send(new RequestModelAction(Map.of(DiagramStorage.SOURCE_URI, uri, "diagramType", module.getDiagramType())));
		await(() -> received.stream().anyMatch(a -> a.getKind().equals("setModel")), "the model");
	}

	/** Sends {@code action} to the server. */
	void send(Action action) {
		server.process(new ActionMessage(CLIENT, action));
	}

	/** Waits up to 20 s for {@code condition}, answering bounds requests meanwhile. */
	void await(BooleanSupplier condition, String what) throws InterruptedException {
		long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (true) {
			answerBoundsRequests();
			if (condition.getAsBoolean()) {
				return;
			}
			if (System.nanoTime() > end) {
				throw new AssertionError("timed out waiting for " + what + "; received: " + received.stream()
						.map(Action::toString).toList());
			}
			Thread.sleep(10);
		}
	}

	private void answerBoundsRequests() {
		for (Action a : received) {
			if (a instanceof RequestBoundsAction request && received.remove(a)) {
				GModelRoot root = request.getNewRoot();
				send(new ComputedBoundsAction(List.of(), List.of(), List.of(), root.getRevision()));
			}
		}
	}

	/** How many actions of {@code kind} arrived. */
	long count(String kind) {
		return received.stream().filter(a -> a.getKind().equals(kind)).count();
	}

	/** The last of the received actions of {@code type}. */
	<A extends Action> Optional<A> last(Class<A> type) {
		A found = null;
		for (Action a : received) {
			if (type.isInstance(a)) {
				found = type.cast(a);
			}
		}
		return Optional.ofNullable(found);
	}

	/** The diagram the server sent last (the model, or its latest update). */
	GModelRoot diagram() {
		GModelRoot root = null;
		for (Action a : received) {
			if (a instanceof SetModelAction set) {
				root = set.getNewRoot();
			} else if (a instanceof UpdateModelAction update) {
				root = update.getNewRoot();
			}
		}
		return root;
	}

	/** The element {@code id} of the diagram sent last, or null. */
	GModelElement element(String id) {
		java.util.ArrayDeque<GModelElement> todo = new java.util.ArrayDeque<>(List.of(diagram()));
		while (!todo.isEmpty()) {
			GModelElement e = todo.pop();
			if (id.equals(e.getId())) {
				return e;
			}
			todo.addAll(e.getChildren());
		}
		return null;
	}

	@Override
	public void close() {
		server.shutdown();
	}
}
