package org.perfcast.ide;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.perfcast.engine.EngineMonitor;

/**
 * An inner-loop analysis the {@link PerfcastBuilder} runs on a changed model file, contributed through the
 * {@code org.perfcast.ide.buildParticipants} extension point with the file extensions it handles. It
 * adapts an engine: it reads the file, calls the engine and returns the engine's diagnostics; it holds no
 * prediction logic of its own.
 */
public interface BuildParticipant {

	/**
	 * Analyses {@code file}: the diagnostics to show as markers on it (text locations are lines and columns
	 * in {@code file}) and the other files it read.
	 *
	 * @param monitor progress and cancellation; a cancelled analysis throws
	 *                {@link org.perfcast.engine.CancelledException}
	 * @throws CoreException if the file cannot be read
	 */
	Analysis analyse(IFile file, EngineMonitor monitor) throws CoreException;
}
