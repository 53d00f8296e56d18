package org.perfcast.engine.run;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;

/**
 * A simulation engine that the outer loop runs: once per sweep point, possibly on several threads at once.
 * <p>
 * {@link #run} must be a pure function of its input: it reads the model file, keeps no state between calls
 * and may be called concurrently. It polls {@link EngineMonitor#checkCancelled()} in its loops so that a
 * cancel takes effect within milliseconds, and reports problems with its input as an
 * {@link EngineException} whose diagnostics point into the model.
 */
public interface Engine {

	/** A stable identifier, used on the command line and in results files, e.g. "loggp". */
	String id();

	/** The name shown to users, e.g. "LogGP simulation". */
	String name();

	/** The engine's version, recorded with every result. */
	String version();

	/** The model file extensions the engine accepts, without the dot, e.g. "program". */
	Set<String> fileExtensions();

	/** The options the engine takes, in the order they are shown; none by default. */
	default List<OptionSpec> options() {
		return List.of();
	}

	/**
	 * Why the engine cannot run on this machine (e.g. a tool it needs is not installed), or empty when it can;
	 * by default it always can.
	 */
	default java.util.Optional<String> unavailable() {
		return java.util.Optional.empty();
	}

	/**
	 * The files besides {@code model} that a run of it with {@code options} reads: the files the model refers to
	 * (transitively) and those the options name, as absolute paths; empty when the engine cannot tell (the default).
	 * A run elsewhere (on SLURM through ssh) copies the model and these, nothing else. Malformed input is not an error
	 * here: the files found so far are returned and the run itself reports the problem.
	 */
	default Optional<List<Path>> referencedFiles(Path model, OptionValues options) {
		return Optional.empty();
	}

	/**
	 * Runs the engine on one point of a run.
	 *
	 * @throws EngineException if the input cannot be simulated; its diagnostics say where and why
	 * @throws org.perfcast.engine.CancelledException if {@code monitor} was cancelled
	 */
	EngineResult run(EngineInput input, EngineMonitor monitor) throws EngineException;
}
