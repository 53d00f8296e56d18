package org.perfcast.diagram.glsp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.perfcast.diagram.server.DiagramDocument;

import com.google.inject.AbstractModule;

/**
 * The documents an editor shares with the diagram server it starts, by model URI: installed as a module of that
 * server's injector, so that its {@link DiagramStorage} edits the editor's document (one undo history, one dirty
 * state) instead of loading the file again. Each server has its own; a server without one loads every model from
 * its file.
 */
public final class OpenDocuments extends AbstractModule {

	private final Map<String, DiagramDocument> open = new ConcurrentHashMap<>();

	/** Makes the client that asks for {@code uri} edit {@code document} (until {@link #close(String)}). */
	public void open(String uri, DiagramDocument document) {
		open.put(uri, document);
	}

	/** Forgets the document of {@code uri}. */
	public void close(String uri) {
		open.remove(uri);
	}

	/** The document shared for {@code uri}, or null. */
	DiagramDocument get(String uri) {
		return open.get(uri);
	}

	@Override
	protected void configure() {
		bind(OpenDocuments.class).toInstance(this);
	}
}
