package org.perfcast.ui.results;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.ide.EngineMonitors;
import org.perfcast.ide.Engines;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.OptionValue;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.results.io.RunRecorder;
import org.perfcast.trace.TraceEngine;

/**
 * Runs a point whose timelines are a summary (the summary value {@link TraceEngine#TIMELINE_BUCKET}) once more, in
 * the background, keeping the exact intervals of a time window (the engine's option {@code window}), and hands the
 * schedule to the view. The results file is not changed.
 */
final class ExactWindowJob extends Job {

	private final RunEntry entry;
	private final RunPoint point;
	private final int schedule;
	private final double from;
	private final double to;
	private final Consumer<Schedule> done;

	/** Runs {@code point} of {@code entry} again for its schedule number {@code schedule} in [from, to]. */
	ExactWindowJob(RunEntry entry, RunPoint point, int schedule, double from, double to, Consumer<Schedule> done) {
		super(String.format(Messages.EXACT_JOB, entry.model(), Numbers.format(from), Numbers.format(to)));
		this.entry = entry;
		this.point = point;
		this.schedule = schedule;
		this.from = from;
		this.to = to;
		this.done = done;
		setUser(true);
	}

	/** The value named {@code name} of {@code point}, or NaN. */
	static double value(RunPoint point, String name) {
		for (SummaryValue v : point.getValues()) {
			if (v.getName().equals(name)) {
				return v.getValue();
			}
		}
		return Double.NaN;
	}

	/** Whether {@code point}'s timelines are a summary that a window can make exact. */
	static boolean summarised(RunPoint point) {
		return point != null && !Double.isNaN(value(point, TraceEngine.TIMELINE_BUCKET));
	}

	@Override
	protected IStatus run(IProgressMonitor monitor) {
		Run run = entry.run();
		IFile file = SourceOpener.file(entry.model());
		if (file == null || !file.exists() || file.getLocation() == null) {
			return Status.error(String.format(Messages.EXACT_NO_FILE, entry.model()));
		}
		Engine engine;
		try {
			engine = Engines.all().stream().filter(d -> d.id().equals(run.getEngineId())).findFirst().orElseThrow(
					() -> new CoreException(Status.error(String.format(Messages.EXACT_NO_ENGINE, run.getEngineId()))))
					.engine();
		} catch (CoreException e) {
			return e.getStatus();
		}
		Map<String, String> options = new LinkedHashMap<>();
		for (OptionValue o : run.getOptions()) {
			options.put(o.getName(), o.getValue());
		}
		options.put("window", Double.toString(from) + ":" + Double.toString(to));
		Map<String, Double> bindings = new LinkedHashMap<>();
		for (Binding b : run.getBindings()) {
			bindings.put(b.getName(), b.getValue());
		}
		for (Binding b : point.getBindings()) {
			bindings.put(b.getName(), b.getValue());
		}
		try {
			EngineResult result = engine.run(new EngineInput(file.getLocation().toPath(), entry.model(),
					ParameterBindings.of(bindings), OptionValues.of(engine.options(), options)), EngineMonitors.adapt(
							monitor));
			if (schedule >= result.schedules().size()) {
				return Status.error(Messages.EXACT_FAILED + ": the run gave no schedule " + (schedule + 1));
			}
			// an engine gives its schedules in the same order every run
			done.accept(RunRecorder.schedule(result.schedules().get(schedule)));
			return Status.OK_STATUS;
		} catch (CancelledException e) {
			return Status.CANCEL_STATUS;
		} catch (EngineException | IllegalArgumentException e) {
			return Status.error(Messages.EXACT_FAILED + ": " + e.getMessage(), e);
		}
	}
}
