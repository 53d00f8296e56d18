package org.perfcast.model.resource;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.URIHandlerImpl;

/**
 * The URI handler that keeps model loading local: a model, or a file it refers to, is read only from {@code file:}
 * and {@code platform:} URIs; any other scheme ({@code http:}, {@code https:}, {@code ftp:}, {@code jar:}, …) is
 * refused with an error that names the URI, so that a crafted {@code href} never makes Perfcast fetch anything (or
 * hang on a server that does not answer).
 */
public final class LocalFilesOnly extends URIHandlerImpl {

	private static final Set<String> LOCAL = Set.of("file", "platform");

	/** Puts the handler first in {@code resourceSet}'s URI converter (once). */
	public static ResourceSet install(ResourceSet resourceSet) {
		var handlers = resourceSet.getURIConverter().getURIHandlers();
		if (handlers.stream().noneMatch(LocalFilesOnly.class::isInstance)) {
			handlers.add(0, new LocalFilesOnly());
		}
		return resourceSet;
	}

	@Override
	public boolean canHandle(URI uri) {
		return uri.scheme() != null && !LOCAL.contains(uri.scheme().toLowerCase(java.util.Locale.ROOT));
	}

	@Override
	public InputStream createInputStream(URI uri, Map<?, ?> options) throws IOException {
		throw refused(uri);
	}

	@Override
	public OutputStream createOutputStream(URI uri, Map<?, ?> options) throws IOException {
		throw refused(uri);
	}

	@Override
	public boolean exists(URI uri, Map<?, ?> options) {
		return false;
	}

	@Override
	public Map<String, ?> getAttributes(URI uri, Map<?, ?> options) {
		return Map.of();
	}

	private static IOException refused(URI uri) {
		return new IOException("refused to read '" + uri + "': models are read only from local files (file: and "
				+ "platform: URIs)");
	}
}
