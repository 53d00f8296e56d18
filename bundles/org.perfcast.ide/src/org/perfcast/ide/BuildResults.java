package org.perfcast.ide;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IPath;

/**
 * The builder's latest results per file, for editors that draw them (the diagram editors decorate themselves
 * with the PAMELA prediction and critical path). Listeners hear of each analysed file once its markers are set,
 * on the builder's thread.
 */
public final class BuildResults {

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

	private static final Map<IPath, Analysed> LATEST = new ConcurrentHashMap<>();
	private static final List<Listener> LISTENERS = new CopyOnWriteArrayList<>();

	private BuildResults() {
	}

	/** Records {@code analysed} as its file's latest and tells the listeners. */
	static void publish(Analysed analysed) {
		LATEST.put(analysed.file().getFullPath(), analysed);
		for (Listener listener : LISTENERS) {
			try {
				listener.analysed(analysed);
			} catch (RuntimeException e) {
				PerfcastIde.log(PerfcastIde.error("a listener of build results failed", e));
			}
		}
	}

	/** The latest analysis of the file at {@code path}, or null if it has not been analysed since start-up. */
	public static Analysed latest(IPath path) {
		return LATEST.get(path);
	}

	/** The latest analyses of every file that read the file at {@code path}. */
	public static List<Analysed> readersOf(IPath path) {
		return LATEST.values().stream().filter(a -> a.inputs().contains(path) && a.file().exists()).toList();
	}

	public static void addListener(Listener listener) {
		LISTENERS.add(listener);
	}

	public static void removeListener(Listener listener) {
		LISTENERS.remove(listener);
	}
}
