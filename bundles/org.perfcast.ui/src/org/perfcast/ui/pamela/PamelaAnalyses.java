package org.perfcast.ui.pamela;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.pamela.Pamela;

/**
 * The PAMELA editor's analyses of its text while the user types (errors) and hovers (predictions): never on the UI
 * thread (the reconciler's and the hover's own threads run them), always cancellable through the monitor given, and
 * without the closed form, which neither needs. The latest result is kept, so that a hover over a text the
 * reconciler has just analysed costs nothing.
 */
final class PamelaAnalyses {

	private record Latest(String text, Pamela.Result result) {
	}

	private static volatile Latest latest;

	private PamelaAnalyses() {
	}

	/**
	 * The analysis of {@code text} with the parameters' defaults.
	 *
	 * @throws org.perfcast.engine.CancelledException when {@code monitor} is cancelled
	 */
	static Pamela.Result analyse(String text, EngineMonitor monitor) {
		Latest known = latest;
		if (known != null && known.text().equals(text)) {
			return known.result();
		}
		Pamela.Result result = Pamela.analyse(text, null, "", ParameterBindings.EMPTY, false, monitor);
		latest = new Latest(text, result);
		return result;
	}

	/** {@code monitor}, also cancelled once {@code millis} have passed. */
	static EngineMonitor withTimeLimit(EngineMonitor monitor, long millis) {
		long deadline = System.nanoTime() + millis * 1_000_000;
		return new EngineMonitor() {
			@Override
			public void begin(String task, long totalWork) {
				monitor.begin(task, totalWork);
			}

			@Override
			public void worked(long units) {
				monitor.worked(units);
			}

			@Override
			public boolean isCancelled() {
				return monitor.isCancelled() || System.nanoTime() > deadline;
			}
		};
	}
}
