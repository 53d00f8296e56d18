package org.perfcast.ui.results;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.MultiStatus;
import org.eclipse.core.runtime.Status;
import org.perfcast.cluster.ClusterSweep;
import org.perfcast.ide.SimulationJob;
import org.perfcast.model.results.Run;
import org.perfcast.results.io.ResultsFiles;

/**
 * The runs in the results folders of the open projects, newest first. Files already read are kept while their
 * modification stamp is unchanged, so a refresh reads only new and changed files.
 */
final class RunCatalog {

	private record Cached(long stamp, Run run) {
	}

	private final Map<IFile, Cached> cache = new HashMap<>();

	/** Whether {@code resource} is a results file that this catalog lists. */
	static boolean isResultsFile(IResource resource) {
		return resource instanceof IFile file && ResultsFiles.EXTENSION.equals(file.getFileExtension())
				&& file.getParent() instanceof IFolder folder && folder.getProjectRelativePath().toString()
						.equals(SimulationJob.RESULTS_FOLDER);
	}

	/** Whether {@code resource} says that a results file's run is pending or running on a SLURM cluster. */
	static boolean isJobFile(IResource resource) {
		return resource instanceof IFile file && file.getName().endsWith("." + ResultsFiles.EXTENSION
				+ ClusterSweep.JOB_FILE_SUFFIX) && isResultsFile(file.getParent().getFile(
						new org.eclipse.core.runtime.Path(file.getName().substring(0, file.getName().length()
								- ClusterSweep.JOB_FILE_SUFFIX.length()))));
	}

	/**
	 * Whether {@code event} may change the runs listed: it touches a results file or a job file, or adds, removes,
	 * opens or closes a project or a results folder.
	 */
	static boolean concerns(IResourceChangeEvent event) {
		boolean[] relevant = { false };
		try {
			event.getDelta().accept(delta -> {
				relevant[0] |= isResultsFile(delta.getResource()) || isJobFile(delta.getResource()) || opensOrCloses(delta);
				return !relevant[0];
			});
		} catch (CoreException e) {
			relevant[0] = true;
		}
		return relevant[0];
	}

	/** Whether {@code delta} adds, removes, opens or closes a project or a results folder. */
	private static boolean opensOrCloses(IResourceDelta delta) {
		IResource resource = delta.getResource();
		boolean folder = resource instanceof IFolder f && f.getProjectRelativePath().toString().equals(SimulationJob.RESULTS_FOLDER);
		return (resource instanceof IProject || folder) && (delta.getKind() != IResourceDelta.CHANGED
				|| (delta.getFlags() & IResourceDelta.OPEN) != 0);
	}

	/**
	 * Reads the runs; files that do not load are left out and reported in {@code problems}.
	 */
	synchronized List<RunEntry> read(MultiStatus problems) {
		List<RunEntry> entries = new ArrayList<>();
		Map<IFile, Cached> seen = new HashMap<>();
		for (IProject project : ResourcesPlugin.getWorkspace().getRoot().getProjects()) {
			IFolder folder = SimulationJob.resultsFolder(project);
			if (!project.isOpen() || !folder.exists()) {
				continue;
			}
			try {
				for (IResource member : folder.members()) {
					if (isResultsFile(member)) {
						read((IFile) member, seen, entries, problems);
					}
				}
			} catch (CoreException e) {
				problems.add(Status.warning(folder.getFullPath() + ": " + e.getMessage(), e));
			}
		}
		cache.clear();
		cache.putAll(seen);
		entries.sort(Comparator.comparing((RunEntry e) -> e.run().getStartTime()).reversed()
				.thenComparing(e -> e.file().getName(), Comparator.reverseOrder()));
		return entries;
	}

	private void read(IFile file, Map<IFile, Cached> seen, List<RunEntry> entries, MultiStatus problems) {
		Cached cached = cache.get(file);
		if (cached == null || cached.stamp() != file.getModificationStamp()) {
			try {
				cached = new Cached(file.getModificationStamp(), ResultsFiles.load(file.getLocation().toPath()));
			} catch (IOException e) {
				problems.add(Status.warning(e.getMessage(), e));
				return;
			}
		}
		seen.put(file, cached);
		entries.add(new RunEntry(file, cached.run()));
	}

	/** Reads the runs, ignoring unreadable files; for callers without a place to report them. */
	List<RunEntry> read() {
		return read(new MultiStatus(getClass().getName(), IStatus.OK, "", null));
	}
}
