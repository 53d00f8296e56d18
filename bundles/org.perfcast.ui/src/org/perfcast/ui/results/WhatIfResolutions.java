package org.perfcast.ui.results;

import org.eclipse.core.resources.IMarker;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.perfcast.ide.WaitingPointMarkers;

/**
 * Offers {@link WhatIfResolution}, "What if this were faster?", on the bottleneck markers that name what makes threads
 * wait there ({@link WaitingPointMarkers#WHAT_IF}: a lock, or a joined thread).
 */
public final class WhatIfResolutions implements IMarkerResolutionGenerator2 {

	@Override
	public boolean hasResolutions(IMarker marker) {
		return !marker.getAttribute(WaitingPointMarkers.WHAT_IF, "").isEmpty() && !marker.getAttribute(
				WaitingPointMarkers.TRACE, "").isEmpty();
	}

	@Override
	public IMarkerResolution[] getResolutions(IMarker marker) {
		return hasResolutions(marker) ? new IMarkerResolution[] { new WhatIfResolution(marker.getAttribute(
				WaitingPointMarkers.WHAT_IF, "")) } : new IMarkerResolution[0];
	}
}
