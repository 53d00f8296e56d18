package org.perfcast.ide;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;

/**
 * The Perfcast problem marker type and the conversion of engine {@link Diagnostic}s into markers. Markers
 * of one participant on one file are replaced as a whole on every analysis, never accumulated.
 */
public final class PerfcastMarkers {

	/** Marker type of every Perfcast prediction and problem (a problem and text marker). */
	public static final String PROBLEM = PerfcastIde.PLUGIN_ID + ".problem";
	/** Marker attribute: the diagnostic's code, for quick fixes. */
	public static final String CODE = "code";
	/** Marker attribute: the URI fragment of the model element the marker concerns, if any. */
	public static final String ELEMENT = "uriFragment";
	/** Marker attribute: the id of the build participant that reported the marker. */
	public static final String PARTICIPANT = "participant";

	private PerfcastMarkers() {
	}

	/**
	 * Replaces the markers that participant {@code participantId} put on {@code file} by markers for
	 * {@code diagnostics}.
	 */
	public static void replace(IFile file, String participantId, List<Diagnostic> diagnostics) throws CoreException {
		for (IMarker old : file.findMarkers(PROBLEM, false, IResource.DEPTH_ZERO)) {
			if (participantId.equals(old.getAttribute(PARTICIPANT, null))) {
				old.delete();
			}
		}
		String text = diagnostics.stream().anyMatch(d -> d.location() instanceof Location.TextLocation t && t.column() > 0)
				? contents(file)
				: null;
		for (Diagnostic diagnostic : diagnostics) {
			create(file, participantId, diagnostic, text);
		}
	}

	/** Marker severity of a diagnostic. */
	public static int severity(Diagnostic diagnostic) {
		return switch (diagnostic.severity()) {
		case INFO -> IMarker.SEVERITY_INFO;
		case WARNING -> IMarker.SEVERITY_WARNING;
		case ERROR -> IMarker.SEVERITY_ERROR;
		};
	}

	private static void create(IFile file, String participantId, Diagnostic diagnostic, String text)
			throws CoreException {
		IMarker marker = file.createMarker(PROBLEM);
		marker.setAttribute(IMarker.MESSAGE, diagnostic.message());
		marker.setAttribute(IMarker.SEVERITY, severity(diagnostic));
		marker.setAttribute(CODE, diagnostic.code());
		marker.setAttribute(PARTICIPANT, participantId);
		switch (diagnostic.location()) {
		case Location.TextLocation t -> {
			marker.setAttribute(IMarker.LINE_NUMBER, t.line());
			marker.setAttribute(IMarker.LOCATION, "line " + t.line());
			int start = text == null || t.column() == 0 ? -1 : offset(text, t.line(), t.column());
			if (start >= 0) {
				marker.setAttribute(IMarker.CHAR_START, start);
				marker.setAttribute(IMarker.CHAR_END, Math.min(text.length(), start + Math.max(1, t.length())));
			}
		}
		case Location.ElementLocation e -> {
			if (e.line() > 0) {
				marker.setAttribute(IMarker.LINE_NUMBER, e.line());
			}
			marker.setAttribute(IMarker.LOCATION, e.label());
			marker.setAttribute(ELEMENT, e.uriFragment());
		}
		case Location.FileLocation f -> {
			// the marker stands for the whole file
		}
		}
	}

	/** The character offset of a 1-based line and column in {@code text}, or -1 if out of range. */
	static int offset(String text, int line, int column) {
		int offset = 0;
		for (int l = 1; l < line; l++) {
			int nl = text.indexOf('\n', offset);
			if (nl < 0) {
				return -1;
			}
			offset = nl + 1;
		}
		int end = text.indexOf('\n', offset);
		int lineLength = (end < 0 ? text.length() : end) - offset;
		return column - 1 <= lineLength ? offset + column - 1 : -1;
	}

	private static String contents(IFile file) throws CoreException {
		try (InputStream in = file.getContents(true)) {
			return new String(in.readAllBytes(), Charset.forName(file.getCharset()));
		} catch (IOException e) {
			return null;
		}
	}
}
