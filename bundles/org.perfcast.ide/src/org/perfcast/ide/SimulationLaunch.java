package org.perfcast.ide;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Path;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.RunRequest;
import org.perfcast.engine.run.Sweep;
import org.perfcast.engine.run.SweepGrid;

/**
 * The settings of a "Perfcast Simulation" launch configuration, as stored in its attributes, and their
 * resolution into a {@link SimulationJob}. Every setting is text as the user typed it; {@link #job()} and the
 * checks below turn it into the engine, the model file, bindings, sweeps and option values, or fail with a
 * message that says which setting is wrong and why.
 *
 * @param engineId the id of a contributed engine (see {@link Engines})
 * @param model    the model file's workspace path, e.g. "/project/matvec.program"
 * @param bindings {@code NAME=VALUE} assignments bound at every point
 * @param sweeps   one sweep each, {@code NAME=v1,v2,...} or {@code NAME=a..b:step}; several make a grid
 * @param options  engine option values by name, as text; options not given take their defaults
 */
public record SimulationLaunch(String engineId, String model, List<String> bindings, List<String> sweeps,
		Map<String, String> options) {

	/** The launch configuration type's id. */
	public static final String TYPE_ID = PerfcastIde.PLUGIN_ID + ".simulation";
	/** Attribute: the engine id (String). */
	public static final String ATTR_ENGINE = PerfcastIde.PLUGIN_ID + ".engine";
	/** Attribute: the model file's workspace path (String). */
	public static final String ATTR_MODEL = PerfcastIde.PLUGIN_ID + ".model";
	/** Attribute: the bindings, {@code NAME=VALUE} each (List of String). */
	public static final String ATTR_BINDINGS = PerfcastIde.PLUGIN_ID + ".bindings";
	/** Attribute: the sweeps (List of String). */
	public static final String ATTR_SWEEPS = PerfcastIde.PLUGIN_ID + ".sweeps";
	/** Attribute: the option values by name (Map of String to String). */
	public static final String ATTR_OPTIONS = PerfcastIde.PLUGIN_ID + ".options";
	/** Attribute: where the points run, {@value #RUN_ON_THIS_MACHINE} (the default) or {@value #RUN_ON_SLURM}. */
	public static final String ATTR_RUN_ON = PerfcastIde.PLUGIN_ID + ".runOn";
	/** {@link #ATTR_RUN_ON}: on this machine, in parallel. */
	public static final String RUN_ON_THIS_MACHINE = "local";
	/** {@link #ATTR_RUN_ON}: as a SLURM job array on the cluster of the {@link ClusterPreferences}. */
	public static final String RUN_ON_SLURM = "slurm";

	public SimulationLaunch {
		Objects.requireNonNull(engineId, "engineId");
		Objects.requireNonNull(model, "model");
		bindings = List.copyOf(bindings);
		sweeps = List.copyOf(sweeps);
		options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
	}

	/** The settings stored in {@code config}; missing attributes read as empty. */
	public static SimulationLaunch read(ILaunchConfiguration config) throws CoreException {
		return new SimulationLaunch(config.getAttribute(ATTR_ENGINE, ""), config.getAttribute(ATTR_MODEL, ""),
				config.getAttribute(ATTR_BINDINGS, List.of()), config.getAttribute(ATTR_SWEEPS, List.of()),
				config.getAttribute(ATTR_OPTIONS, Map.of()));
	}

	/** The settings that run {@code request} with engine {@code engineId} on {@code model}. */
	public static SimulationLaunch of(String engineId, IFile model, RunRequest request) {
		List<String> bindings = new ArrayList<>();
		request.bindings().asMap().forEach((name, value) -> bindings.add(name + "=" + org.perfcast.engine.Numbers.format(value)));
		return new SimulationLaunch(engineId, model.getFullPath().toString(), bindings,
				request.grid().sweeps().stream().map(Sweep::text).toList(), request.options().texts());
	}

	/** Stores these settings in {@code config}. */
	public void write(ILaunchConfigurationWorkingCopy config) {
		config.setAttribute(ATTR_ENGINE, engineId);
		config.setAttribute(ATTR_MODEL, model);
		config.setAttribute(ATTR_BINDINGS, bindings);
		config.setAttribute(ATTR_SWEEPS, sweeps);
		config.setAttribute(ATTR_OPTIONS, options);
		config.setMappedResources(modelResource());
	}

	/**
	 * The engine.
	 *
	 * @throws CoreException if none is chosen or no engine has that id
	 */
	public Engine engine() throws CoreException {
		if (engineId.isBlank()) {
			throw abort("no engine is chosen");
		}
		return Engines.find(engineId).orElseThrow(() -> abort("no engine '" + engineId + "' is installed; installed: "
				+ String.join(", ", Engines.all().stream().map(Engines.Descriptor::id).toList()))).engine();
	}

	/**
	 * The model file, whichever engine runs it.
	 *
	 * @throws CoreException if none is given, it does not exist or no installed engine runs its kind of file
	 */
	public IFile existingModel() throws CoreException {
		if (model.isBlank()) {
			throw abort("no model file is chosen");
		}
		if (!Path.ROOT.isValidPath(model) || new Path(model).segmentCount() < 2) {
			throw abort("'" + model + "' is not the workspace path of a file, e.g. /project/model.program");
		}
		IFile file = ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(model));
		if (!file.exists()) {
			throw abort("the model file " + model + " does not exist");
		}
		if (Engines.forExtension(file.getFileExtension()).isEmpty()) {
			throw abort("no installed engine runs *." + file.getFileExtension() + " files");
		}
		return file;
	}

	/**
	 * The model file.
	 *
	 * @throws CoreException as {@link #existingModel()} does, and if the engine does not run its kind of file
	 */
	public IFile modelFile() throws CoreException {
		IFile file = existingModel();
		Engine engine = engine();
		if (!engine.fileExtensions().contains(file.getFileExtension())) {
			throw abort(engine.name() + " does not run *." + file.getFileExtension() + " files; it runs "
					+ String.join(", ", engine.fileExtensions().stream().sorted().map(e -> "*." + e).toList()));
		}
		return file;
	}

	/**
	 * The bindings.
	 *
	 * @throws CoreException naming the assignment that is not {@code NAME=VALUE} with a finite number
	 */
	public ParameterBindings parameterBindings() throws CoreException {
		try {
			return ParameterBindings.parse(bindings);
		} catch (IllegalArgumentException e) {
			throw abort("parameter " + e.getMessage());
		}
	}

	/**
	 * The sweeps, checked as a grid.
	 *
	 * @throws CoreException naming the sweep that does not parse, or saying why they make no grid
	 */
	public List<Sweep> parsedSweeps() throws CoreException {
		try {
			List<Sweep> parsed = sweeps.stream().filter(s -> !s.isBlank()).map(Sweep::parse).toList();
			new SweepGrid(parsed);
			return parsed;
		} catch (IllegalArgumentException e) {
			throw abort(e.getMessage());
		}
	}

	/**
	 * The option values of {@code engine}.
	 *
	 * @throws CoreException naming the option that is unknown or has an invalid value
	 */
	public OptionValues optionValues(Engine engine) throws CoreException {
		try {
			return OptionValues.of(engine.options(), options);
		} catch (IllegalArgumentException e) {
			throw abort(e.getMessage());
		}
	}

	/**
	 * A job running these settings, not yet scheduled.
	 *
	 * @throws CoreException with the first problem of the settings
	 */
	public SimulationJob job() throws CoreException {
		Engine engine = engine();
		IFile file = modelFile();
		return new SimulationJob(engine, file, parameterBindings(), parsedSweeps(), optionValues(engine));
	}

	/**
	 * A job running the settings of {@code config} where its {@link #ATTR_RUN_ON} says.
	 *
	 * @throws CoreException with the first problem of the settings or of the cluster's preferences
	 */
	public static SimulationJob job(ILaunchConfiguration config) throws CoreException {
		SimulationJob job = read(config).job();
		if (RUN_ON_SLURM.equals(config.getAttribute(ATTR_RUN_ON, RUN_ON_THIS_MACHINE))) {
			job.runOn(ClusterPreferences.settings());
		}
		return job;
	}

	private IResource[] modelResource() {
		if (!model.isBlank() && Path.ROOT.isValidPath(model) && new Path(model).segmentCount() >= 2) {
			return new IResource[] { ResourcesPlugin.getWorkspace().getRoot().getFile(new Path(model)) };
		}
		return null;
	}

	private static CoreException abort(String message) {
		return new CoreException(Status.error(message));
	}
}
