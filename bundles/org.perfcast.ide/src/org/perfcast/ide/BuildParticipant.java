package org.perfcast.ide;

import java.util.List;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;

/**
 * An inner-loop analysis the {@link PerfcastBuilder} runs on a changed model file, contributed through the
 * {@code org.perfcast.ide.buildParticipants} extension point with the file extensions it handles. It
 * adapts an engine: it reads the file, calls the engine and returns the engine's diagnostics; it holds no
 * prediction logic of its own.
 */
public interface BuildParticipant {

	/**
	 * Analyses {@code file} and returns what to show as markers on it: predictions as INFO, problems as
	 * WARNING and ERROR. Text locations are lines and columns in {@code file}.
	 *
	 * @param monitor progress and cancellation; a cancelled analysis throws
	 *                {@link org.perfcast.engine.CancelledException}
	 * @throws CoreException if the file cannot be read
	 */
	List<Diagnostic> analyse(IFile file, EngineMonitor monitor) throws CoreException;
}
