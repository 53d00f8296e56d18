package org.perfcast.ui.results;

import java.util.Objects;

import org.eclipse.core.resources.IFile;
import org.perfcast.ide.ClusterPreferences;
import org.perfcast.model.results.Run;

/**
 * A run recorded in a results file of the workspace.
 *
 * @param file the results file
 * @param run  the run it holds
 */
public record RunEntry(IFile file, Run run) {

	public RunEntry {
		Objects.requireNonNull(file, "file");
		Objects.requireNonNull(run, "run");
	}

	/**
	 * How the run stands: {@code pending (SLURM job 12)} or {@code running (SLURM job 12)} while it is on a cluster,
	 * else its status as recorded ({@code completed}, {@code failed}, {@code cancelled}).
	 */
	public String status() {
		return ClusterPreferences.pendingState(file).orElse(run.getStatus().getLiteral());
	}

	/** The model the run simulated: its first input file, e.g. "/project/matvec.program". */
	public String model() {
		return run.getInputFiles().isEmpty() ? "" : run.getInputFiles().get(0);
	}
}
