package org.perfcast.ide;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Optional;
import java.util.Properties;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.cluster.ClusterSweep;

/**
 * The SLURM cluster that "Run on: SLURM cluster" launches submit to, kept in this bundle's instance preferences
 * (edited on the Perfcast &gt; SLURM Cluster preference page), and the state of a run still on the cluster.
 */
public final class ClusterPreferences {

	/** Preference: how jobs are submitted, {@value #SUBMIT_LOCAL} or {@value #SUBMIT_SSH}. */
	public static final String SUBMIT = "cluster.submit";
	/** {@link #SUBMIT}: this machine's sbatch. */
	public static final String SUBMIT_LOCAL = "local";
	/** {@link #SUBMIT}: ssh to a login node. */
	public static final String SUBMIT_SSH = "ssh";
	/** Preference: the login node's host name. */
	public static final String HOST = "cluster.host";
	/** Preference: the user on the login node (empty: ssh's default). */
	public static final String USER = "cluster.user";
	/** Preference: the folder on the cluster for the jobs' files (with ssh). */
	public static final String REMOTE_DIR = "cluster.remoteDir";
	/** Preference: the partition (empty: the cluster's default). */
	public static final String PARTITION = "cluster.partition";
	/** Preference: each task's time limit (empty: the partition's). */
	public static final String TIME_LIMIT = "cluster.timeLimit";
	/** Preference: where perfcast-cli is installed on the cluster (empty: perfcast on PATH). */
	public static final String DISTRIBUTION = "cluster.distribution";
	/** Preference: points per array task (0: chosen). */
	public static final String POINTS_PER_TASK = "cluster.pointsPerTask";

	private ClusterPreferences() {
	}

	/** This bundle's instance preferences, which hold the cluster's settings. */
	public static IEclipsePreferences node() {
		return InstanceScope.INSTANCE.getNode(PerfcastIde.PLUGIN_ID);
	}

	/**
	 * The cluster's settings from the preferences.
	 *
	 * @throws CoreException saying which setting is wrong
	 */
	public static ClusterSettings settings() throws CoreException {
		IEclipsePreferences node = node();
		boolean ssh = SUBMIT_SSH.equals(node.get(SUBMIT, SUBMIT_LOCAL));
		try {
			return new ClusterSettings(ssh ? node.get(HOST, "").strip() : "", ssh ? node.get(USER, "").strip() : "",
					ssh ? node.get(REMOTE_DIR, "").strip() : "", node.get(PARTITION, "").strip(),
					node.get(TIME_LIMIT, "").strip(), node.get(DISTRIBUTION, "").strip(), node.getInt(POINTS_PER_TASK, 0));
		} catch (IllegalArgumentException e) {
			throw new CoreException(Status.error("the SLURM cluster's preferences (Perfcast > SLURM Cluster): "
					+ e.getMessage()));
		}
	}

	/**
	 * The state of the run in {@code results} while it is on a cluster, e.g. {@code running (SLURM job 12)}; empty
	 * when the run is not on a cluster any more.
	 */
	public static Optional<String> pendingState(IFile results) {
		IPath location = results.getLocation();
		if (location == null) {
			return Optional.empty();
		}
		java.nio.file.Path job = ClusterSweep.jobFile(location.toPath());
		if (!Files.isRegularFile(job)) {
			return Optional.empty();
		}
		Properties properties = new Properties();
		try {
			properties.load(new java.io.StringReader(Files.readString(job, StandardCharsets.UTF_8)));
		} catch (IOException e) {
			return Optional.empty();
		}
		return Optional.of(properties.getProperty("state", "pending").toLowerCase(java.util.Locale.ROOT) + " (SLURM job "
				+ properties.getProperty("job", "?") + ")");
	}
}
