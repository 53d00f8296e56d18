package org.perfcast.ui.pamela;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The definitions a PAMELA text declares at the start of its lines, for the outline: parameters,
 * resources, processes (with their parameters) and local definitions, with their offsets. Tolerates text
 * that does not parse, since the outline must follow the user's typing.
 */
final class PamelaDefinitions {

	/** The kinds of definition the outline shows. */
	enum Kind {
		PARAMETER, RESOURCE, PROCESS, DEFINITION, IMPORT
	}

	/** One definition: its kind, name (with parameters for processes), offset and length of the name. */
	record Definition(Kind kind, String label, int offset, int length) {
	}

	private static final Pattern LINE = Pattern.compile(
			"^[ \\t]*(?:(param)\\s+([A-Za-z_]\\w*)|(resource)\\s+([A-Za-z_]\\w*(?:\\s*\\[[^\\]]*\\])?)"
					+ "|(import|machine)\\s+\"([^\"]*)\"|([A-Za-z_]\\w*)\\s*(\\([^)]*\\))?\\s*=(?!=))",
			Pattern.MULTILINE);

	private PamelaDefinitions() {
	}

	/** The definitions of {@code text} in the order they appear. */
	static List<Definition> of(String text) {
		List<Definition> definitions = new ArrayList<>();
		Matcher m = LINE.matcher(text);
		while (m.find()) {
			if (m.group(1) != null) {
				definitions.add(new Definition(Kind.PARAMETER, m.group(2), m.start(2), m.group(2).length()));
			} else if (m.group(3) != null) {
				definitions.add(new Definition(Kind.RESOURCE, m.group(4).replaceAll("\\s+", ""), m.start(4), m.group(4).length()));
			} else if (m.group(5) != null) {
				definitions.add(new Definition(Kind.IMPORT, m.group(5) + " " + m.group(6), m.start(6), m.group(6).length()));
			} else if (m.group(7) != null && !PamelaScanner.KEYWORDS.contains(m.group(7))
					|| "main".equals(m.group(7))) {
				String parameters = m.group(8) == null ? "" : m.group(8).replaceAll("\\s+", "");
				Kind kind = m.group(8) != null || "main".equals(m.group(7)) ? Kind.PROCESS : Kind.DEFINITION;
				definitions.add(new Definition(kind, m.group(7) + parameters, m.start(7), m.group(7).length()));
			}
		}
		return definitions;
	}
}
