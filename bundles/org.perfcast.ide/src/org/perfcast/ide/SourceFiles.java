package org.perfcast.ide;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;

/**
 * Finds the workspace file a recorded source location names. Recorders name files in different ways: the Java agent
 * by the file's name ({@code Worker.java}), the pthreads recorder by the absolute path the compiler saw
 * ({@code /build/threads/c/counter.c}), which may be a copy elsewhere of the project's file; a results file by its
 * workspace path. In that order of preference, {@code path} is:
 * <ol>
 * <li>the location of a workspace file (an absolute path inside the workspace), or its workspace path;</li>
 * <li>a path relative to the folder of the file it was recorded near (the trace);</li>
 * <li>else the file of the project whose path ends with the most of {@code path}'s trailing segments (at least its
 * name); among equally good ones the one nearest the project's top, then the first by path. Derived and team private
 * files (build output) are not considered.</li>
 * </ol>
 * An index walks the project once, for all the locations of one trace.
 */
public final class SourceFiles {

	private final IProject project;
	private Map<String, List<IFile>> byName;

	/** An index of the files of {@code project}, made when first needed. */
	public SourceFiles(IProject project) {
		this.project = project;
	}

	/**
	 * The workspace file {@code path} names as seen from {@code near} (the trace, or null), or null if none.
	 */
	public IFile find(String path, IResource near) {
		if (path == null || path.isBlank()) {
			return null;
		}
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		IPath p = IPath.fromOSString(path);
		if (p.isAbsolute()) {
			IFile located = located(root, p);
			if (located != null) {
				return located;
			}
			if (IPath.ROOT.isValidPath(path) && root.findMember(p) instanceof IFile file) {
				return file;
			}
		} else if (near != null && IPath.ROOT.isValidPath(path)) {
			IContainer folder = near instanceof IContainer c ? c : near.getParent();
			IFile sibling = folder.getFile(p);
			if (sibling.exists()) {
				return sibling;
			}
		}
		return bestSuffix(p);
	}

	/** The existing file at {@code location}, one in this index's project first. */
	private IFile located(IWorkspaceRoot root, IPath location) {
		IFile[] files = root.findFilesForLocationURI(location.toFile().toURI());
		IFile found = null;
		for (IFile file : files) {
			if (file.exists() && (found == null || file.getProject().equals(project)
					&& !found.getProject().equals(project))) {
				found = file;
			}
		}
		return found;
	}

	private IFile bestSuffix(IPath path) {
		if (path.segmentCount() == 0 || project == null || !project.isAccessible()) {
			return null;
		}
		List<IFile> candidates = index().getOrDefault(path.lastSegment(), List.of());
		IFile best = null;
		int bestScore = 0;
		for (IFile file : candidates) {
			int score = common(file.getProjectRelativePath(), path);
			if (score > bestScore || score == bestScore && best != null && BY_PLACE.compare(file, best) < 0) {
				best = file;
				bestScore = score;
			}
		}
		return best;
	}

	private static final Comparator<IFile> BY_PLACE = Comparator.<IFile>comparingInt(f -> f.getFullPath().segmentCount())
			.thenComparing(f -> f.getFullPath().toString());

	/** How many trailing segments {@code a} and {@code b} have in common. */
	static int common(IPath a, IPath b) {
		int n = 0;
		while (n < a.segmentCount() && n < b.segmentCount()
				&& a.segment(a.segmentCount() - 1 - n).equals(b.segment(b.segmentCount() - 1 - n))) {
			n++;
		}
		return n;
	}

	private Map<String, List<IFile>> index() {
		if (byName == null) {
			Map<String, List<IFile>> files = new HashMap<>();
			try {
				project.accept(proxy -> {
					if (proxy.isDerived() || proxy.isTeamPrivateMember()) {
						return false;
					}
					if (proxy.getType() == IResource.FILE) {
						files.computeIfAbsent(proxy.getName(), k -> new ArrayList<>()).add((IFile) proxy.requestResource());
					}
					return true;
				}, IResource.NONE);
			} catch (CoreException e) {
				PerfcastIde.log(e.getStatus());
			}
			byName = files;
		}
		return byName;
	}
}
