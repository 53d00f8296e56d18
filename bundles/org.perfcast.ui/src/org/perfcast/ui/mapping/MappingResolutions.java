package org.perfcast.ui.mapping;

import java.util.Optional;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.perfcast.engine.Numbers;
import org.perfcast.ide.BuildResults;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.mapping.Evaluation;
import org.perfcast.mapping.MappingResult;

/**
 * Offers {@link SwitchMappingResolution} on the mapping advisor's warnings that the declared technique is
 * slower than the best or does not apply. Runs on the UI thread, so it analyses nothing: the label names the best
 * technique of the builder's latest analysis ({@link BuildResults}), or says "the fastest technique" when there is
 * none. The fix itself predicts the saved file again in a job, so it never acts on a stale marker.
 */
public final class MappingResolutions implements IMarkerResolutionGenerator2 {

	/** The family of the quick fix's jobs (the prediction before the switch), for joins. */
	public static final Object FAMILY = SwitchMappingResolution.class.getName();

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
		return new IMarkerResolution[] { latestBest(file).map(best -> new SwitchMappingResolution(best.technique(),
				Numbers.format(best.T().toDouble()))).orElseGet(() -> new SwitchMappingResolution(null, null)) };
	}

	/** The best technique of the builder's latest analysis of {@code file}, if it advised a loop. */
	static Optional<Evaluation> latestBest(IFile file) {
		BuildResults.Analysed latest = BuildResults.get().latest(file.getFullPath());
		MappingResult result = latest == null ? null : latest.result(BuildResults.MAPPING, MappingResult.class);
		return best(result);
	}

	/** The technique to switch to: the fastest of a loop's advice, if the program does not declare it already. */
	static Optional<Evaluation> best(MappingResult result) {
		if (!(result instanceof MappingResult.LoopAdvice advice) || advice.advice().ranking().isEmpty()) {
			return Optional.empty();
		}
		Evaluation best = advice.advice().ranking().get(0);
		return best.technique() == advice.declared() ? Optional.empty() : Optional.of(best);
	}
}
