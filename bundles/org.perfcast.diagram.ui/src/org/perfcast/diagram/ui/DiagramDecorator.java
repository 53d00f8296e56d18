package org.perfcast.diagram.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.emf.common.util.URI;
import org.perfcast.diagram.server.Decorations;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.server.MachineDiagram;
import org.perfcast.diagram.server.Predictions;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;
import org.perfcast.ide.BuildResults;
import org.perfcast.ide.PerfcastMarkers;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.routing.Network;
import org.perfcast.pamela.Pamela;

/**
 * Decorates a diagram with the builder's results after each analysis of its file: a program with its PAMELA
 * prediction and critical path, a machine with the workloads (PAMELA σ) and utilisations (Glamis U) that the
 * programs running on it put on its links; both with the file's Perfcast markers.
 */
final class DiagramDecorator implements BuildResults.Listener {

	private volatile IFile file;
	private final DiagramDocument document;
	private volatile Predictions.Colouring colouring = Predictions.Colouring.WORKLOAD;
	private final Job job;

	DiagramDecorator(IFile file, DiagramDocument document) {
		this.file = file;
		this.document = document;
		this.job = Job.create("Decorating the diagram of " + file.getName(), this::decorate);
		job.setSystem(true);
	}

	/** Starts listening and draws the results there are. */
	void start() {
		BuildResults.get().addListener(this);
		job.schedule();
	}

	void stop() {
		BuildResults.get().removeListener(this);
		job.cancel();
	}

	/** The file is now {@code moved} (Save As). */
	void fileIs(IFile moved) {
		file = moved;
		job.schedule();
	}

	/** Colours machine links by {@code by} from now on. */
	void colourBy(Predictions.Colouring by) {
		colouring = by;
		job.schedule();
	}

	@Override
	public void analysed(BuildResults.Analysed analysed) {
		IFile mine = file;
		if (analysed.file().equals(mine) || analysed.inputs().contains(mine.getFullPath())) {
			job.schedule(50);
		}
	}

	private IStatus decorate(IProgressMonitor monitor) {
		IFile mine = file;
		try {
			List<Decorations.DiagramMarker> markers = markers(mine);
			Decorations decorations;
			if ("machine".equals(mine.getFileExtension())) {
				decorations = machine(mine, markers, monitor);
			} else {
				BuildResults.Analysed latest = BuildResults.get().latest(mine.getFullPath());
				Pamela.Result result = latest == null ? null : latest.result(BuildResults.PAMELA, Pamela.Result.class);
				decorations = Predictions.program(result == null ? null : result.prediction(),
						result == null ? null : result.criticalPath(), markers);
			}
			if (!monitor.isCanceled()) {
				document.decorate(decorations);
			}
			return Status.OK_STATUS;
		} catch (CoreException e) {
			return e.getStatus();
		}
	}

	/** The loads of the programs that ran on the machine in their latest analyses, newest analysis first. */
	private Decorations machine(IFile machineFile, List<Decorations.DiagramMarker> markers, IProgressMonitor monitor) {
		Network network = document.read(() -> {
			if (!(document.root() instanceof Machine machine)) {
				return null;
			}
			try {
				return MachineDiagram.network(machine, org.perfcast.model.validation.ParameterEnvironment
						.of(machine, ParameterBindings.EMPTY).scope());
			} catch (ExpressionException | IllegalArgumentException e) {
				return null;
			}
		});
		if (network == null) {
			return new Decorations(java.util.Set.of(), Map.of(), Map.of(), markers, "");
		}
		List<Predictions.LinkLoad> loads = new ArrayList<>();
		for (BuildResults.Analysed program : BuildResults.get().readersOf(machineFile.getFullPath())) {
			Pamela.Result result = program.result(BuildResults.PAMELA, Pamela.Result.class);
			if (result == null || result.prediction() == null || monitor.isCanceled()) {
				continue;
			}
			loads.add(new Predictions.LinkLoad(program.file().getName(), result.prediction().resources(),
					utilisation(program.file()), result.prediction().timeUnit()));
		}
		return Predictions.machine(network, loads, colouring, markers);
	}

	/** Glamis's utilisation of each link by the program in {@code file}, empty if it cannot be derived. */
	private static Map<Integer, Double> utilisation(IFile file) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createPlatformResourceURI(file.getFullPath().toString(), true), file.getName());
		if (!loaded.ok() || !(loaded.root() instanceof Program program)) {
			return Map.of();
		}
		try {
			return ProgramDerivation.linkUtilisation(program, file.getName(), ParameterBindings.EMPTY, Solver.SCHWEITZER,
					EngineMonitor.NULL);
		} catch (EngineException | ExpressionException | IllegalArgumentException e) {
			return Map.of();
		}
	}

	/** The Perfcast markers on {@code file}, on the ids of the elements they name. */
	static List<Decorations.DiagramMarker> markers(IFile file) throws CoreException {
		List<Decorations.DiagramMarker> out = new ArrayList<>();
		if (!file.exists()) {
			return out;
		}
		for (IMarker marker : file.findMarkers(PerfcastMarkers.PROBLEM, false, 0)) {
			String fragment = marker.getAttribute(PerfcastMarkers.ELEMENT, "");
			String kind = switch (marker.getAttribute(IMarker.SEVERITY, IMarker.SEVERITY_INFO)) {
			case IMarker.SEVERITY_ERROR -> "error";
			case IMarker.SEVERITY_WARNING -> "warning";
			default -> "info";
			};
			out.add(new Decorations.DiagramMarker(fragment.isEmpty() ? DiagramIds.ROOT : DiagramIds.ofFragment(fragment),
					kind, marker.getAttribute(IMarker.MESSAGE, "")));
		}
		return out;
	}
}
