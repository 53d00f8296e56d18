package org.perfcast.engine;

import java.util.List;

/**
 * Thrown when an engine cannot produce a result from its input; carries the diagnostics that say why.
 * Warnings and information that do not stop the engine travel with the result instead.
 */
public class EngineException extends Exception {

	private static final long serialVersionUID = 1L;

	private final transient List<Diagnostic> diagnostics;

	/** Creates the exception from at least one diagnostic; the message is the first one's. */
	public EngineException(List<Diagnostic> diagnostics) {
		super(first(diagnostics).toString());
		this.diagnostics = List.copyOf(diagnostics);
	}

	/** Creates the exception from one diagnostic. */
	public EngineException(Diagnostic diagnostic) {
		this(List.of(diagnostic));
	}

	/** The diagnostics, at least one, in the order the engine found them. */
	public List<Diagnostic> diagnostics() {
		return diagnostics;
	}

	private static Diagnostic first(List<Diagnostic> diagnostics) {
		if (diagnostics.isEmpty()) {
			throw new IllegalArgumentException("an EngineException needs at least one diagnostic");
		}
		return diagnostics.get(0);
	}
}
