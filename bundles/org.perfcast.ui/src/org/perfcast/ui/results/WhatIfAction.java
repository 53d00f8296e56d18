package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.core.resources.IFile;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.emf.ecore.EObject;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;
import org.perfcast.trace.WaitingPoints;
import org.perfcast.trace.WhatIf;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineHit;

/**
 * "What if this were faster?" on an interval of a recorded run's timeline (its context menu): the causal profile, in
 * the What-if tab, of what the interval stands for: the lock of a lock wait, the thread of a join, else the code
 * before the interval's call site and its thread.
 */
public final class WhatIfAction extends Action {

	private final Supplier<RunEntry> entry;
	private final WhatIfTab tab;
	private Interval interval;

	private WhatIfAction(Supplier<RunEntry> entry, WhatIfTab tab) {
		super(Messages.WHATIF_ACTION);
		setToolTipText(Messages.WHATIF_ACTION_TIP);
		this.entry = entry;
		this.tab = tab;
	}

	/** Puts the action on {@code chart}'s context menu, for the interval under the mouse of the run {@code entry}. */
	static WhatIfAction install(TimelineChart chart, Supplier<RunEntry> entry, WhatIfTab tab) {
		WhatIfAction action = new WhatIfAction(entry, tab);
		MenuManager menu = new MenuManager();
		menu.add(action);
		chart.setMenu(menu.createContextMenu(chart));
		chart.addListener(SWT.MenuDetect, e -> {
			Point at = chart.toControl(e.x, e.y);
			action.setHit(e.detail == SWT.MENU_MOUSE ? chart.hitAt(at.x, at.y).orElse(null) : null);
		});
		action.setHit(null);
		return action;
	}

	/** Makes the action about {@code hit}'s interval; disabled when it is none or stands for no location. */
	public void setHit(TimelineHit hit) {
		interval = hit != null && hit.data() instanceof Interval i ? i : null;
		setEnabled(!locations().isEmpty());
	}

	/** The locations the action profiles. */
	public List<WhatIf.Location> locations() {
		RunEntry shown = entry.get();
		return interval == null || shown == null ? List.of() : locations(interval, shown.model());
	}

	/**
	 * What {@code interval}, of a run of the recording {@code trace} (a workspace path), stands for: the lock of a
	 * lock wait, the thread of a join; else the code before its call site (when it names a line that is not one of
	 * the recording's) and its thread.
	 */
	static List<WhatIf.Location> locations(Interval interval, String trace) {
		List<WhatIf.Location> where = new ArrayList<>();
		if (interval.getKind() == IntervalKind.WAIT) {
			String[] kind = WaitingPoints.kindAndObject(interval.getLabel());
			if (!kind[1].isEmpty() && (kind[0].equals("lock") || kind[0].equals("join"))) {
				where.add(WhatIf.location((kind[0].equals("lock") ? "lock " : "thread ") + kind[1]));
				return where;
			}
		}
		SourceLocation source = interval.getSource();
		if (interval.getKind() == IntervalKind.COMPUTE && source != null && source.getFile() != null && !source
				.getFile().isEmpty() && !source.getFile().equals(trace)) {
			where.add(new WhatIf.Call(source.getLine() > 0 ? source.getFile() + ":" + source.getLine() : source
					.getFile()));
		}
		if (interval.eContainer() instanceof Timeline timeline && timeline.getLabel() != null) {
			where.add(new WhatIf.ThreadWork(threadId(timeline.getLabel())));
		}
		return where;
	}

	/** The ID of the thread a timeline row shows: "T2" of "ping (T2)" (IDs have no spaces). */
	static String threadId(String label) {
		int open = label.lastIndexOf(" (");
		return label.indexOf(' ') >= 0 && open > 0 && label.endsWith(")") ? label.substring(open + 2, label.length()
				- 1) : label;
	}

	/** The processors of the run's point that {@code interval} belongs to, or 0 if it binds none. */
	private static int processors(Interval interval) {
		for (EObject o = interval; o != null; o = o.eContainer()) {
			if (o instanceof RunPoint point) {
				for (Binding b : point.getBindings()) {
					if (b.getName().equals("processors") && b.getValue() >= 1) {
						return (int) b.getValue();
					}
				}
			}
		}
		return 0;
	}

	@Override
	public void run() {
		RunEntry shown = entry.get();
		IFile trace = shown == null ? null : SourceOpener.file(shown.model());
		List<WhatIf.Location> where = locations();
		if (trace == null || where.isEmpty()) {
			return;
		}
		tab.show(shown);
		int p = processors(interval);
		tab.computeFor(trace, p > 0 ? p : tab.getProcessors().getSelection(), where);
	}
}
