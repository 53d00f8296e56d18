package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.SourceLine;
import org.perfcast.trace.WhatIf;

/**
 * A recording's causal profile on its source lines: each profiled location with a source line (the code before a
 * call site {@code FILE:LINE}, or between two call sites, marked on the second's line, else the first's) gets a
 * {@value #TYPE} marker there saying what halving its time gains, e.g. "making this 2x faster: 1.31x on 4 processors
 * (the code before hot.c:13, 0.8 s of work)". Lines are found among the files of the recording's project as
 * {@link WaitingPointMarkers} finds them; a location whose file is not there gets no marker. Each profile of a
 * recording replaces the markers of the one before; deleting the recording removes them ({@link RemovedRecordings}).
 */
public final class WhatIfMarkers {

	/** The marker type: a problem marker of severity info, so that the Problems view lists the gains. */
	public static final String TYPE = PerfcastIde.PLUGIN_ID + ".whatIf";
	/** Marker attribute: the workspace path of the recording the profile comes from. */
	public static final String TRACE = WaitingPointMarkers.TRACE;
	/** Marker attribute: the processors of the profile (int). */
	public static final String PROCESSORS = WaitingPointMarkers.PROCESSORS;
	/** Marker attribute: the location as {@link WhatIf#location(String)} reads it. */
	public static final String LOCATION = "location";
	/** Marker attribute: the program's speed-up when the location's time is halved, as text ("1.31"). */
	public static final String GAIN = "gain";

	private WhatIfMarkers() {
	}

	/** The line a location is marked on, or null when it names none. */
	public static SourceLine line(WhatIf.Location location) {
		return switch (location) {
		case WhatIf.Call c -> SourceLine.of(c.at());
		case WhatIf.Interval i -> SourceLine.of(i.to()) != null ? SourceLine.of(i.to()) : SourceLine.of(i.from());
		case WhatIf.Lock l -> null;
		case WhatIf.Region r -> SourceLine.of(r.region()); // the call that forks the regions
		case WhatIf.ThreadWork t -> null;
		};
	}

	/** "1.31x", or "deadlock" (NaN) or "unbounded" (infinite). */
	public static String times(double gain) {
		return Double.isNaN(gain) ? "deadlock" : Double.isInfinite(gain) ? "unbounded"
				: String.format(Locale.ROOT, "%.2fx", gain);
	}

	/** The marker's text for {@code curve}, a curve of a profile on {@code processors}, in unit {@code unit}. */
	public static String message(CausalProfile.Curve curve, int processors, String unit) {
		return "making this 2x faster: " + times(curve.gain()) + " on " + processors + (processors == 1 ? " processor"
				: " processors") + " (" + curve.location().label() + ", " + org.perfcast.engine.Quantities
				.format(curve.work(), unit) + " of work)";
	}

	/**
	 * Replaces the markers of {@code trace} by a marker per located curve of {@code profile}; {@code unit} is the
	 * recording's time unit.
	 *
	 * @return the new markers
	 */
	public static List<IMarker> replace(IFile trace, CausalProfile.Profile profile, String unit) throws CoreException {
		RemovedRecordings.install();
		List<IMarker> created = new ArrayList<>();
		IWorkspaceRunnable replace = monitor -> {
			for (IMarker old : markers(trace)) {
				old.delete();
			}
			SourceFiles files = new SourceFiles(trace.getProject());
			for (CausalProfile.Curve curve : profile.curves()) {
				SourceLine line = line(curve.location());
				IFile file = line == null ? null : files.find(line.file(), trace);
				if (file == null || !file.exists()) {
					continue;
				}
				IMarker marker = file.createMarker(TYPE);
				marker.setAttributes(new String[] { IMarker.MESSAGE, IMarker.SEVERITY, IMarker.LINE_NUMBER,
						IMarker.LOCATION, TRACE, PROCESSORS, LOCATION, GAIN }, new Object[] { message(curve, profile
								.processors(), unit), IMarker.SEVERITY_INFO, line.line(), "line " + line.line(), trace
										.getFullPath().toString(), profile.processors(), curve.location().key(),
								Numbers.format(curve.gain()) });
				created.add(marker);
			}
		};
		ResourcesPlugin.getWorkspace().run(replace, trace.getProject(), IResource.NONE, null);
		return created;
	}

	/** Deletes the markers of the recording at workspace path {@code trace}. */
	static void remove(String trace) throws CoreException {
		for (IMarker marker : markers(trace)) {
			marker.delete();
		}
	}

	/** The markers of the last profile of {@code trace}, anywhere in the workspace. */
	public static List<IMarker> markers(IFile trace) throws CoreException {
		return markers(trace.getFullPath().toString());
	}

	private static List<IMarker> markers(String path) throws CoreException {
		List<IMarker> mine = new ArrayList<>();
		for (IMarker marker : ResourcesPlugin.getWorkspace().getRoot().findMarkers(TYPE, false,
				IResource.DEPTH_INFINITE)) {
			if (path.equals(marker.getAttribute(TRACE, null))) {
				mine.add(marker);
			}
		}
		return mine;
	}
}
