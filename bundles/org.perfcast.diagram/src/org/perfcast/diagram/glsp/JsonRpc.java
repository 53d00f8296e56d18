package org.perfcast.diagram.glsp;

import java.util.function.Consumer;

import org.eclipse.glsp.server.gson.ServerGsonConfigurator;
import org.eclipse.glsp.server.protocol.GLSPClient;
import org.eclipse.glsp.server.protocol.GLSPServer;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.MessageConsumer;
import org.eclipse.lsp4j.jsonrpc.RemoteEndpoint;
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler;
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints;

import com.google.inject.Injector;

/**
 * A GLSP server of {@code injector} connected to a page by JSON-RPC messages as text, without streams: the page's
 * messages go to {@link #receive(String)}, the server's go to the consumer given (the Browser bridge in the IDE, a
 * websocket in tests).
 */
public final class JsonRpc {

	private final RemoteEndpoint endpoint;
	private final MessageJsonHandler json;
	private final GLSPServer server;

	/** A new server of {@code injector}, whose messages to the page are handed to {@code toPage}. */
	public JsonRpc(Injector injector, Consumer<String> toPage) {
		server = injector.getInstance(GLSPServer.class);
		ServerGsonConfigurator gson = injector.getInstance(ServerGsonConfigurator.class);
		Launcher.Builder<GLSPClient> builder = new Launcher.Builder<>() {
			@Override
			public Launcher<GLSPClient> create() {
				MessageJsonHandler handler = createJsonHandler();
				RemoteEndpoint remote = createRemoteEndpoint(handler);
				return createLauncher(null, createProxy(remote), remote, null);
			}

			@Override
			protected RemoteEndpoint createRemoteEndpoint(MessageJsonHandler handler) {
				MessageConsumer outgoing = message -> toPage.accept(handler.serialize(message));
				RemoteEndpoint remote = new RemoteEndpoint(wrapMessageConsumer(outgoing),
						ServiceEndpoints.toEndpoint(localServices));
				handler.setMethodProvider(remote);
				remote.setJsonHandler(handler);
				return remote;
			}
		};
		builder.setLocalService(server).setRemoteInterface(GLSPClient.class).configureGson(gson::configureGsonBuilder);
		Launcher<GLSPClient> launcher = builder.create();
		endpoint = (RemoteEndpoint) launcher.getRemoteEndpoint();
		json = endpoint.getJsonHandler();
		server.connect(launcher.getRemoteProxy());
	}

	/** Hands a message from the page to the server. */
	public void receive(String message) {
		endpoint.consume(json.parseMessage(message));
	}

	/** Ends the server. */
	public void shutdown() {
		server.shutdown();
	}
}
