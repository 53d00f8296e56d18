package org.perfcast.engine;

import java.util.Objects;

import org.eclipse.jdt.annotation.NonNull;

/**
 * Where a {@link Diagnostic} points: a position in a text file, a model element, or a whole file.
 * Lines and columns count from 1, as editors show them.
 */
public sealed interface Location {

	/** The file (workspace-relative or file-system path as given by the caller), or "" if unknown. */
	String file();

	/**
	 * The location in the usual {@code file:line:column} form, omitting what is unknown; a file name's control
	 * characters escaped ({@link Printable#escape}).
	 */
	String format();

	/** The file as a whole, without a position. */
	static Location of(String file) {
		return new FileLocation(file);
	}

	/** A position in a text file. */
	static Location at(String file, int line, int column) {
		return new TextLocation(file, line, column, 0);
	}

	/**
	 * A position in a text file.
	 *
	 * @param line   1-based line
	 * @param column 1-based column, or 0 if only the line is known
	 * @param length number of characters the problem spans, or 0 if unknown
	 */
	record TextLocation(@NonNull String file, int line, int column, int length) implements Location {
		public TextLocation {
			Objects.requireNonNull(file, "file");
			if (line < 1) {
				throw new IllegalArgumentException("line must be at least 1, was " + line);
			}
			if (column < 0 || length < 0) {
				throw new IllegalArgumentException("column and length must not be negative");
			}
		}

		@Override
		public String format() {
			String f = Printable.escape(file);
			return column > 0 ? f + ":" + line + ":" + column : f + ":" + line;
		}
	}

	/**
	 * A model element, e.g. an EMF object in an XMI file.
	 *
	 * @param uriFragment the element's URI fragment within the file (as EMF's {@code Resource#getURIFragment})
	 * @param label       a human-readable name for the element, e.g. "link l[3]"
	 * @param line        the line of the element in the file if known, else 0
	 */
	record ElementLocation(@NonNull String file, String uriFragment, String label, int line) implements Location {
		public ElementLocation {
			Objects.requireNonNull(file, "file");
			Objects.requireNonNull(uriFragment, "uriFragment");
			Objects.requireNonNull(label, "label");
			if (line < 0) {
				throw new IllegalArgumentException("line must not be negative");
			}
		}

		/** The file and line; the label goes into the message (see {@link Diagnostic#toString()}). */
		@Override
		public String format() {
			return line > 0 ? Printable.escape(file) + ":" + line : Printable.escape(file);
		}
	}

	/** A whole file, or nothing more precise. */
	record FileLocation(@NonNull String file) implements Location {
		public FileLocation {
			Objects.requireNonNull(file, "file");
		}

		@Override
		public String format() {
			return Printable.escape(file);
		}
	}
}
