package org.perfcast.ui.pamela;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.ITextHover;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.ide.EngineMonitors;
import org.perfcast.pamela.PamelaModel;
import org.perfcast.pamela.PamelaParser;
import org.perfcast.pamela.Prediction;

/**
 * Hovering a process name shows how often main runs it and its complexity time; hovering {@code main}
 * shows the prediction, and a resource name its workloads (all with the parameters' defaults).
 * <p>
 * The text viewer asks for hover texts on its hover thread, not the UI thread. Each request's analysis is
 * cancellable: the next request cancels the one before (the mouse has moved on), and none runs longer than
 * {@value #TIME_LIMIT_MS} ms. A text the reconciler has just analysed is not analysed again.
 */
public final class PamelaTextHover implements ITextHover {

	/** The longest a hover's analysis may take. */
	static final long TIME_LIMIT_MS = 3_000;

	private final AtomicReference<IProgressMonitor> running = new AtomicReference<>();

	@Override
	public IRegion getHoverRegion(ITextViewer viewer, int offset) {
		IDocument document = viewer.getDocument();
		int start = offset;
		int end = offset;
		try {
			while (start > 0 && isNamePart(document.getChar(start - 1))) {
				start--;
			}
			while (end < document.getLength() && isNamePart(document.getChar(end))) {
				end++;
			}
		} catch (BadLocationException e) {
			return new Region(offset, 0);
		}
		return new Region(start, end - start);
	}

	@Override
	public String getHoverInfo(ITextViewer viewer, IRegion region) {
		IProgressMonitor mine = new NullProgressMonitor();
		IProgressMonitor previous = running.getAndSet(mine);
		if (previous != null) {
			previous.setCanceled(true);
		}
		try {
			String text = viewer.getDocument().get();
			return info(text, viewer.getDocument().get(region.getOffset(), region.getLength()),
					PamelaAnalyses.withTimeLimit(EngineMonitors.adapt(mine), TIME_LIMIT_MS));
		} catch (BadLocationException | RuntimeException e) {
			return null; // a cancelled analysis (CancelledException) too: no hover
		} finally {
			running.compareAndSet(mine, null);
		}
	}

	/**
	 * The hover text of {@code name} in the PAMELA {@code text}, or null.
	 *
	 * @throws org.perfcast.engine.CancelledException when {@code monitor} is cancelled
	 */
	static String info(String text, String name, EngineMonitor monitor) {
		Prediction p = PamelaAnalyses.analyse(text, monitor).prediction();
		if (p == null) {
			return null;
		}
		PamelaModel model = PamelaParser.parse(text);
		if (name.equals("main")) {
			return "T = " + Numbers.format(p.T()) + " (" + p.bound() + ")\nT_cplx = " + Numbers.format(p.Tcplx())
					+ "\nsigma_max = " + Numbers.format(p.sigmaMax()) + workloads(p.resources(), "");
		}
		Prediction.Calls calls = p.processes().get(name);
		if (model.processes().containsKey(name)) {
			return calls == null ? name + " is not used by main"
					: name + " runs " + Numbers.format(calls.count()) + " times; complexity time "
							+ Numbers.format(calls.totalTime()) + " in all (" + Numbers.format(
									Math.round(1000 * calls.totalTime() / Math.max(p.Tcplx(), Double.MIN_VALUE)) / 10.0)
							+ " % of T_cplx when run in sequence)";
		}
		if (model.resources().containsKey(name)) {
			return "workloads of " + name + workloads(p.resources(), name);
		}
		return null;
	}

	private static String workloads(Map<String, Double> resources, String of) {
		String lines = resources.entrySet().stream().filter(e -> of.isEmpty() || e.getKey().equals(of)
				|| e.getKey().startsWith(of + "[")).map(e -> e.getKey() + " = " + Numbers.format(e.getValue()))
				.collect(Collectors.joining("\n"));
		return lines.isEmpty() ? "" : "\n" + lines;
	}

	private static boolean isNamePart(char c) {
		return Character.isLetterOrDigit(c) || c == '_';
	}
}
