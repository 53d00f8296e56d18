package org.perfcast.ui.mapping;

import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.ide.MappingParticipant;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.ide.WorkspaceModel;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.MappingResult;

/**
 * Offers {@link SwitchMappingResolution} on the mapping advisor's warnings that the declared technique is
 * slower than the best or does not apply. The best technique is predicted again from the saved file, so the
 * fix never acts on a stale marker.
 */
public final class MappingResolutions implements IMarkerResolutionGenerator2 {

	/** The marker codes that get the quick fix. */
	static final Set<String> CODES = Set.of("mapping.slowerThanBest", "mapping.declaredNotApplicable");

	@Override
	public boolean hasResolutions(IMarker marker) {
		return CODES.contains(marker.getAttribute(PerfcastMarkers.CODE, ""))
				&& marker.getResource() instanceof IFile file && "program".equals(file.getFileExtension());
	}

	@Override
	public IMarkerResolution[] getResolutions(IMarker marker) {
		if (!hasResolutions(marker) || !(marker.getResource() instanceof IFile file) || !file.exists()) {
			return new IMarkerResolution[0];
		}
		return MappingParticipant.predict(WorkspaceModel.load(file), EngineMonitor.NULL)
				.filter(MappingResult.LoopAdvice.class::isInstance).map(MappingResult.LoopAdvice.class::cast)
				.filter(advice -> !advice.advice().ranking().isEmpty())
				.filter(advice -> advice.advice().ranking().get(0).technique() != advice.declared())
				.map(advice -> {
					Evaluation best = advice.advice().ranking().get(0);
					return new IMarkerResolution[] {
							new SwitchMappingResolution(best.technique(), Numbers.format(best.T().toDouble())) };
				}).orElse(new IMarkerResolution[0]);
	}
}
