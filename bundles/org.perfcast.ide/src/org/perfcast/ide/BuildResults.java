package org.perfcast.ide;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;

/**
 * The builder's latest results per file, for editors that draw them (the diagram editors decorate themselves
 * with the PAMELA prediction and critical path). Listeners hear of each analysed file once its markers are set,
 * on the builder's thread. One instance lives while the bundle is started ({@link IdeActivator}, also an OSGi
 * service); a file's results go when the file is removed.
 */
public final class BuildResults implements IResourceChangeListener {

	/**
	 * One file's analysis.
	 *
	 * @param file    the analysed file
	 * @param inputs  the other files the analysis read (a program's machine)
	 * @param results the engines' results by build participant id (e.g. {@code org.perfcast.ide.pamela})
	 */
	public record Analysed(IFile file, Set<IPath> inputs, Map<String, Object> results) {

		public Analysed {
			inputs = Set.copyOf(inputs);
			results = Map.copyOf(results);
		}

		/** The result of participant {@code id} if it is a {@code type}, else null. */
		public <T> T result(String id, Class<T> type) {
			return type.isInstance(results.get(id)) ? type.cast(results.get(id)) : null;
		}
	}

	/** Hears of every analysed file. */
	public interface Listener {
		void analysed(Analysed analysed);
	}

	/** The id of the PAMELA build participant, whose results are {@link org.perfcast.pamela.Pamela.Result}s. */
	public static final String PAMELA = PerfcastIde.PLUGIN_ID + ".pamela";

	/** The id of the mapping build participant, whose results are {@link org.perfcast.mapping.MappingResult}s. */
	public static final String MAPPING = PerfcastIde.PLUGIN_ID + ".mapping";

	private final Map<IPath, Analysed> latest = new ConcurrentHashMap<>();
	private final List<Listener> listeners = new CopyOnWriteArrayList<>();

	BuildResults() {
	}

	/** The build results of the running bundle. */
	public static BuildResults get() {
		return IdeActivator.buildResults();
	}

	/** Records {@code analysed} as its file's latest and tells the listeners. */
	void publish(Analysed analysed) {
		latest.put(analysed.file().getFullPath(), analysed);
		for (Listener listener : listeners) {
			try {
				listener.analysed(analysed);
			} catch (RuntimeException e) {
				PerfcastIde.log(PerfcastIde.error("a listener of build results failed", e));
			}
		}
	}

	/** The latest analysis of the file at {@code path}, or null if it has not been analysed since start-up. */
	public Analysed latest(IPath path) {
		return latest.get(path);
	}

	/** The latest analyses of every file that read the file at {@code path}. */
	public List<Analysed> readersOf(IPath path) {
		return latest.values().stream().filter(a -> a.inputs().contains(path) && a.file().exists()).toList();
	}

	public void addListener(Listener listener) {
		listeners.add(listener);
	}

	public void removeListener(Listener listener) {
		listeners.remove(listener);
	}

	/** Forgets the results of files removed (moved files are analysed again under their new path). */
	@Override
	public void resourceChanged(IResourceChangeEvent event) {
		IResourceDelta delta = event.getDelta();
		if (delta == null || latest.isEmpty()) {
			return;
		}
		try {
			delta.accept(d -> {
				if (d.getKind() == IResourceDelta.REMOVED) {
					IPath removed = d.getFullPath();
					latest.keySet().removeIf(removed::isPrefixOf);
					return false;
				}
				return true;
			});
		} catch (CoreException e) {
			PerfcastIde.log(e.getStatus());
		}
	}

	/** The number of files whose results are kept. */
	public int size() {
		return latest.size();
	}

	void clear() {
		latest.clear();
		listeners.clear();
	}
}
