package org.perfcast.engine.expr;

import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;

/**
 * A problem with an expression: malformed text, an unbound parameter, a value of the wrong type or outside a
 * function's domain. The message never contains the location; the position, when known, travels beside it.
 */
public final class ExpressionException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** The kinds of problem, each with the diagnostic code it reports. */
	public enum Kind {
		/** Text that is not an expression. */
		SYNTAX("expr.syntax"),
		/** A call of a function that does not exist. */
		UNKNOWN_FUNCTION("expr.unknownFunction"),
		/** A call with the wrong number of arguments. */
		ARITY("expr.arity"),
		/** A name that the scope does not bind. */
		UNBOUND("expr.unbound"),
		/** A boolean where a number is needed, or the reverse. */
		TYPE("expr.type"),
		/** An operation outside its domain: division by zero, square root of a negative number, ... */
		DOMAIN("expr.domain"),
		/** A number, result or nesting too large to handle. */
		TOO_LARGE("expr.tooLarge"),
		/** A fractional number where an integer is needed. */
		NOT_INTEGER("expr.notInteger");

		private final String code;

		Kind(String code) {
			this.code = code;
		}

		/** The stable diagnostic code, e.g. "expr.syntax". */
		public String code() {
			return code;
		}
	}

	private final Kind kind;
	private final transient @Nullable Position position;

	/** An exception whose position is not known yet; see {@link #at(Position)}. */
	public ExpressionException(Kind kind, String message) {
		this(kind, message, null);
	}

	/** An exception at {@code position}, or without a position if it is null. */
	public ExpressionException(Kind kind, String message, @Nullable Position position) {
		super(message);
		this.kind = kind;
		this.position = position;
	}

	/** What kind of problem this is. */
	public Kind kind() {
		return kind;
	}

	/** Where the problem is, if known. */
	public Optional<Position> position() {
		return position == null ? Optional.empty() : Optional.of(position);
	}

	/** The 1-based line of the problem, or 0 if not known. */
	public int line() {
		return position == null ? 0 : position.line();
	}

	/** The 1-based column of the problem, or 0 if not known. */
	public int column() {
		return position == null ? 0 : position.column();
	}

	/** The number of characters the problem spans, or 0 if not known. */
	public int length() {
		return position == null ? 0 : position.length();
	}

	/** This exception if it has a position, else an equal one located at {@code where}. */
	public ExpressionException at(Position where) {
		if (position != null) {
			return this;
		}
		ExpressionException located = new ExpressionException(kind, getMessage(), where);
		located.setStackTrace(getStackTrace());
		return located;
	}

	/** The problem as an error diagnostic in {@code file}, at its line and column when known. */
	public Diagnostic toDiagnostic(String file) {
		Position at = position;
		Location location = at == null ? Location.of(file)
				: new Location.TextLocation(file, at.line(), at.column(), at.length());
		return Diagnostic.error(kind.code(), getMessage(), location);
	}
}
