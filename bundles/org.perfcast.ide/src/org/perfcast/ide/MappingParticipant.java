package org.perfcast.ide;

import java.util.List;
import java.util.Optional;

import org.eclipse.core.resources.IFile;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.mapping.MappingAnalysis;
import org.perfcast.mapping.MappingResult;
import org.perfcast.model.program.Program;

/**
 * Predicts program models with the execution models on save (Sussman's mapping advisor for a parallel loop,
 * the general model otherwise): the predicted T and the best technique as INFO, a WARNING when the declared
 * technique is more than {@value MappingAnalysis#SLOWER_THAN_BEST_PERCENT} % slower than the best. A program
 * that does not validate gets no prediction; the model validation participant reports why.
 */
public final class MappingParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) {
		WorkspaceModel model = WorkspaceModel.load(file);
		Optional<MappingResult> result = predict(model, monitor);
		// the result goes to BuildResults too: the quick fix names the best technique from it without analysing
		return new Analysis(result.map(MappingResult::diagnostics).orElse(List.of()), model.inputs(), result.orElse(null));
	}

	/**
	 * The mapping analysis of {@code model} with its parameters' defaults, as the builder makes it; empty if
	 * the file holds no program or the program has errors.
	 *
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} is cancelled
	 */
	public static Optional<MappingResult> predict(WorkspaceModel model, EngineMonitor monitor) {
		monitor.checkCancelled();
		if (!model.isValidProgram()) {
			return Optional.empty();
		}
		return Optional.of(MappingAnalysis.analyse((Program) model.loaded().root(), model.path(), ParameterBindings.EMPTY,
				List.of(), monitor));
	}
}
