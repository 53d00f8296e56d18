package org.perfcast.cli;

import java.util.List;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.results.export.JsonExport;

/** The JSON the command line prints: a small writer for the shapes it needs, with stable keys. */
final class Json {

	private Json() {
	}

	/** A JSON string literal, escaped as the results' JSON export escapes it. */
	static String string(String text) {
		return JsonExport.string(text);
	}

	/**
	 * Diagnostics as an array of objects with the keys file, line, column (0 when unknown), severity,
	 * element (label of a model element, or null), code and message.
	 */
	static String diagnostics(List<Diagnostic> diagnostics) {
		return diagnostics.stream().map(Json::diagnostic).collect(Collectors.joining(",\n  ", "[\n  ", "\n]"))
				.replace("[\n  \n]", "[]");
	}

	private static String diagnostic(Diagnostic d) {
		int line = 0;
		int column = 0;
		String element = "null";
		switch (d.location()) {
		case Location.TextLocation t -> {
			line = t.line();
			column = t.column();
		}
		case Location.ElementLocation e -> {
			line = e.line();
			element = string(e.label());
		}
		case Location.FileLocation f -> {
			// whole file
		}
		}
		return "{\"file\": " + string(d.location().file()) + ", \"line\": " + line + ", \"column\": " + column
				+ ", \"severity\": " + string(d.severity().label()) + ", \"element\": " + element + ", \"code\": "
				+ string(d.code()) + ", \"message\": " + string(d.message()) + "}";
	}
}
