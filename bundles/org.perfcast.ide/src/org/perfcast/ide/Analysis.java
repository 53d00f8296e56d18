package org.perfcast.ide;

import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.eclipse.core.runtime.IPath;
import org.perfcast.engine.Diagnostic;

/**
 * What a {@link BuildParticipant} found in one file: the diagnostics to show as markers, and the other
 * workspace files it read (a program's machine, an imported model), so that the builder analyses the file
 * again when one of them changes.
 *
 * @param diagnostics the markers' contents: predictions as INFO, problems as WARNING and ERROR
 * @param inputs      full workspace paths of the other files the analysis read
 * @param result      the engine's result (e.g. a PAMELA prediction with its critical path) for editors that draw
 *                    it, or null
 */
public record Analysis(List<Diagnostic> diagnostics, Set<IPath> inputs, Object result) {

	public Analysis {
		diagnostics = List.copyOf(Objects.requireNonNull(diagnostics, "diagnostics"));
		inputs = Set.copyOf(Objects.requireNonNull(inputs, "inputs"));
	}

	/** An analysis without a result to draw. */
	public Analysis(List<Diagnostic> diagnostics, Set<IPath> inputs) {
		this(diagnostics, inputs, null);
	}

	/** An analysis that read no other file. */
	public static Analysis of(List<Diagnostic> diagnostics) {
		return new Analysis(diagnostics, Set.of());
	}
}
