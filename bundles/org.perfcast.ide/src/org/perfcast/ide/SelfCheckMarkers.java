package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRunnable;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.perfcast.trace.SelfCheck;
import org.perfcast.trace.SourceLine;

/**
 * A recording's {@linkplain SelfCheck self-check} as warnings: each thread with unexplained time gets a {@value #TYPE}
 * marker on the source line of the event that ends its interval with the most ("T3: 0.84 s (31 % of its life)
 * unexplained since queue.c:88: a wait Perfcast does not see …"), found as {@link WaitingPointMarkers} finds lines, or
 * on that event's line of the trace; a run that does not replay in its recorded time gets one on the trace's first
 * line. Each prediction of a trace replaces the markers of the one before; a check that holds leaves none.
 */
public final class SelfCheckMarkers {

	/** The marker type: a problem marker, so that the Problems view lists what makes a prediction unreliable. */
	public static final String TYPE = PerfcastIde.PLUGIN_ID + ".selfCheck";

	private SelfCheckMarkers() {
	}

	/**
	 * Replaces the self-check markers of {@code trace} by those of {@code check}.
	 *
	 * @return the new markers
	 */
	public static List<IMarker> replace(IFile trace, SelfCheck check, String unit) throws CoreException {
		List<IMarker> created = new ArrayList<>();
		IWorkspaceRunnable replace = monitor -> {
			for (IMarker old : markers(trace)) {
				old.delete();
			}
			double deviation = check.deviation();
			if (Double.isNaN(check.simulated()) || Math.abs(deviation) > SelfCheck.TOLERANCE) {
				created.add(mark(trace, trace, 1, check.findings(unit).get(0)));
			}
			SourceFiles files = new SourceFiles(trace.getProject());
			for (SelfCheck.ThreadAccount t : check.unexplainedThreads()) {
				SelfCheck.Gap gap = check.gaps().stream().filter(g -> g.thread().equals(t.thread())).findFirst()
						.orElse(null);
				String message = "unreliable: " + t.thread() + " spends " + org.perfcast.engine.Quantities.format(t
						.unexplained(), unit) + " (" + SelfCheck.percent(t.lifetime() > 0 ? t.unexplained() / t.lifetime()
								: 0) + " of its life) unexplained" + (gap == null ? "" : " since " + gap.from())
						+ ": a wait Perfcast does not see (spinning, a raw futex, polling?)";
				IFile file = trace;
				int line = gap == null ? 1 : (int) Math.min(Integer.MAX_VALUE, gap.toLine());
				if (gap != null) {
					SourceLine source = SourceLine.of(gap.to());
					IFile found = source == null ? null : files.find(source.file(), trace);
					if (source != null && found != null && found.exists()) {
						file = found;
						line = source.line();
					} else {
						message = "at " + gap.to() + ": " + message;
					}
				}
				created.add(mark(file, trace, line, message));
			}
		};
		ResourcesPlugin.getWorkspace().run(replace, trace.getProject(), IResource.NONE, null);
		return created;
	}

	private static IMarker mark(IFile file, IFile trace, int line, String message) throws CoreException {
		IMarker marker = file.createMarker(TYPE);
		marker.setAttributes(new String[] { IMarker.MESSAGE, IMarker.SEVERITY, IMarker.LINE_NUMBER, IMarker.LOCATION,
				WaitingPointMarkers.TRACE }, new Object[] { message, IMarker.SEVERITY_WARNING, line, "line " + line,
						trace.getFullPath().toString() });
		return marker;
	}

	/** The self-check markers of {@code trace}, anywhere in the workspace. */
	public static List<IMarker> markers(IFile trace) throws CoreException {
		String path = trace.getFullPath().toString();
		List<IMarker> mine = new ArrayList<>();
		for (IMarker marker : ResourcesPlugin.getWorkspace().getRoot().findMarkers(TYPE, false,
				IResource.DEPTH_INFINITE)) {
			if (path.equals(marker.getAttribute(WaitingPointMarkers.TRACE, null))) {
				mine.add(marker);
			}
		}
		return mine;
	}
}
