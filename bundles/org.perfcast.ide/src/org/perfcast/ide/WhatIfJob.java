package org.perfcast.ide;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.perfcast.engine.CancelledException;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.Recording;
import org.perfcast.trace.SimulationModel;
import org.perfcast.trace.TargetMachine;
import org.perfcast.trace.TraceException;
import org.perfcast.trace.TraceFiles;
import org.perfcast.trace.WhatIf;

/**
 * The causal profile of a recording in the workspace as a background job (what {@code perfcast whatif} computes):
 * the recording is read, simulated with the request's edits and each location made faster on as many threads as this
 * machine has processors, and the profile is marked on the source lines ({@link WhatIfMarkers}). Cancelling the job
 * stops the simulations. {@link #profile()} holds the result once the job is done.
 */
public final class WhatIfJob extends Job {

	/** The family of these jobs, for joins. */
	public static final Object FAMILY = WhatIfJob.class.getName();
	/** How many locations of each kind a profile takes when the request names none. */
	public static final int DEFAULT_TOP = 10;

	/**
	 * What to profile.
	 *
	 * @param trace      the recording, a {@code *.vtrace} or {@code *.vtraceb} file
	 * @param processors the processors simulated
	 * @param model      the simulation model's id ({@code auto}, {@code direct}, ...)
	 * @param edits      the edits made to every simulation, in order
	 * @param locations  the locations to profile; empty for the {@link #DEFAULT_TOP} of each kind
	 */
	public record Request(IFile trace, int processors, String model, List<WhatIf.Edit> edits,
			List<WhatIf.Location> locations) {
		public Request {
			Objects.requireNonNull(trace, "trace");
			edits = List.copyOf(edits);
			locations = List.copyOf(locations);
		}
	}

	private final Request request;
	private volatile CausalProfile.Profile profile;
	private volatile String unit = "";

	/** A job for {@code request}; a user job, so that its progress shows and it can be cancelled. */
	public WhatIfJob(Request request) {
		super("What-if: the causal profile of " + request.trace().getFullPath() + " on " + request.processors()
				+ " processors");
		this.request = request;
		setUser(true);
	}

	/** What the job profiles. */
	public Request request() {
		return request;
	}

	/** The profile, once the job is done and succeeded; else null. */
	public CausalProfile.Profile profile() {
		return profile;
	}

	/** The recording's time unit ("s", or "" when it has none), once it is read. */
	public String unit() {
		return unit;
	}

	@Override
	public boolean belongsTo(Object family) {
		return FAMILY.equals(family);
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		IFile trace = request.trace();
		SubMonitor progress = SubMonitor.convert(monitor, getName(), 100);
		try {
			if (trace.getLocation() == null || !trace.exists()) {
				return Status.error("The recording " + trace.getFullPath() + " is not in the workspace");
			}
			Recording recording = TraceFiles.record(trace.getLocation().toPath(), trace.getFullPath().toString(),
					EngineMonitors.adapt(progress.split(10)));
			unit = recording.unit();
			List<WhatIf.Location> locations = locations(recording);
			CausalProfile.Profile computed = CausalProfile.compute(recording, request.edits(), locations,
					CausalProfile.defaultSpeedups(), TargetMachine.unbound(request.processors()), SimulationModel
							.named(request.model()), Runtime.getRuntime().availableProcessors(), EngineMonitors.adapt(
									progress.split(85)));
			progress.setWorkRemaining(5);
			WhatIfMarkers.replace(trace, computed, unit);
			profile = computed;
			return Status.OK_STATUS;
		} catch (CancelledException | OperationCanceledException e) {
			return Status.CANCEL_STATUS;
		} catch (TraceException | IOException e) {
			return Status.error("Cannot read " + trace.getFullPath() + ": " + e.getMessage(), e);
		} catch (IllegalArgumentException e) {
			return Status.error("What-if of " + trace.getFullPath() + ": " + e.getMessage(), e);
		} catch (CoreException e) {
			return e.getStatus();
		}
	}

	/**
	 * The request's locations, less the call sites the recording has no work at (a timeline's interval may name the
	 * line where its thread was created); the top ones when it names none.
	 *
	 * @throws IllegalArgumentException when none of the named ones has work
	 */
	private List<WhatIf.Location> locations(Recording recording) {
		if (request.locations().isEmpty()) {
			return CausalProfile.topLocations(recording, request.edits(), DEFAULT_TOP);
		}
		List<WhatIf.Location> kept = new ArrayList<>();
		for (WhatIf.Location l : request.locations()) {
			boolean callSites = l instanceof WhatIf.Call || l instanceof WhatIf.Interval;
			if (!callSites || WhatIf.work(recording, request.edits(), l) > 0) {
				kept.add(l);
			}
		}
		if (kept.isEmpty()) {
			throw new IllegalArgumentException("the recording has no work at " + String.join(", ", request.locations()
					.stream().map(WhatIf.Location::key).toList()));
		}
		return kept;
	}
}
