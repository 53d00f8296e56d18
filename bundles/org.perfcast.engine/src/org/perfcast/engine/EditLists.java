package org.perfcast.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Edits written as one engine option, {@code VERB REST; VERB REST; ...} (the what-if edits of recorded threads and of
 * recorded MPI runs): each part split at its first blank into a verb and the rest, and read by the caller.
 */
public final class EditLists {

	/** Reads one edit; any runtime exception means the part is not one. */
	@FunctionalInterface
	public interface Reader<E> {
		E read(String verb, String rest);
	}

	private EditLists() {
	}

	/**
	 * The edits of {@code text}, in order; empty parts are skipped.
	 *
	 * @param expected what an edit is, for the message ("what-if edit: remove-lock M, ...")
	 * @throws IllegalArgumentException at the first part that is not an edit: "'PART' is no EXPECTED"
	 */
	public static <E> List<E> parse(String text, String expected, Reader<E> reader) {
		List<E> edits = new ArrayList<>();
		for (String part : text.split(";")) {
			String e = part.strip();
			if (e.isEmpty()) {
				continue;
			}
			int space = e.indexOf(' ');
			String verb = space < 0 ? e : e.substring(0, space);
			String rest = space < 0 ? "" : e.substring(space + 1).strip();
			try {
				edits.add(reader.read(verb, rest));
			} catch (RuntimeException x) {
				throw new IllegalArgumentException("'" + e + "' is no " + expected);
			}
		}
		return edits;
	}
}
