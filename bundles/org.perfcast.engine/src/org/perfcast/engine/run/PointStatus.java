package org.perfcast.engine.run;

import java.util.List;
import java.util.Objects;

import org.perfcast.engine.Diagnostic;

/** How one point of a run ended: with a result, with errors, or cancelled. */
public sealed interface PointStatus {

	/** The engine returned a result. */
	record Completed(EngineResult result) implements PointStatus {
		public Completed {
			Objects.requireNonNull(result, "result");
		}
	}

	/** The engine could not produce a result; the diagnostics say why (at least one). */
	record Failed(List<Diagnostic> diagnostics) implements PointStatus {
		public Failed {
			diagnostics = List.copyOf(diagnostics);
			if (diagnostics.isEmpty()) {
				throw new IllegalArgumentException("a failed point needs a diagnostic");
			}
		}
	}

	/** The run was cancelled while the point ran. */
	record Cancelled() implements PointStatus {
	}
}
