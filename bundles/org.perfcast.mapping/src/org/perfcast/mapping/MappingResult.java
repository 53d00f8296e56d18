package org.perfcast.mapping;

import java.util.List;

import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Diagnostic;

/** The outcome of {@link MappingAnalysis} for one program model, with the diagnostics to show. */
public sealed interface MappingResult {

	/** Errors, warnings and information, in the order found. */
	List<Diagnostic> diagnostics();

	/**
	 * A parallel loop program: the advisor's answer.
	 *
	 * @param loop     the loop read from the program
	 * @param advice   the ranking, verdict and crossovers
	 * @param declared the technique the program declares, or null if it declares none
	 */
	record LoopAdvice(ParallelLoop loop, Advice advice, @Nullable MappingTechnique declared,
			@NonNull List<Diagnostic> diagnostics) implements MappingResult {

		public LoopAdvice {
			diagnostics = List.copyOf(diagnostics);
		}
	}

	/** Any other program: the general execution model of its steps and messages. */
	record ProgramModel(ExecutionModel model, @NonNull List<Diagnostic> diagnostics) implements MappingResult {

		public ProgramModel {
			diagnostics = List.copyOf(diagnostics);
		}
	}

	/** The program could not be analysed; the diagnostics hold at least one error. */
	record Failed(List<Diagnostic> diagnostics) implements MappingResult {

		public Failed {
			diagnostics = List.copyOf(diagnostics);
		}
	}
}
