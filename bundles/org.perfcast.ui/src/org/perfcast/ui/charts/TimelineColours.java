package org.perfcast.ui.charts;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.swt.graphics.RGB;

/**
 * The colour of each kind of bar in a {@link TimelineChart}: fixed ones for the usual kinds of a schedule
 * (compute green, send blue, receive violet, wait grey, I/O teal, sleep yellow), the others from a palette by their place in the
 * legend.
 */
public final class TimelineColours {

	private static final Map<String, RGB> KNOWN = Map.of(
			"compute", new RGB(102, 187, 106),
			"send", new RGB(66, 133, 244),
			"receive", new RGB(171, 71, 188),
			"wait", new RGB(189, 189, 189),
			"other", new RGB(255, 183, 77),
			"io", new RGB(77, 182, 172),
			"sleep", new RGB(255, 241, 118));

	private static final List<RGB> PALETTE = List.of(new RGB(38, 166, 154), new RGB(239, 83, 80),
			new RGB(141, 110, 99), new RGB(255, 202, 40), new RGB(92, 107, 192), new RGB(236, 64, 122));

	private TimelineColours() {
	}

	/** The colour of {@code kind}, the {@code index}-th kind of the legend. */
	public static RGB of(String kind, int index) {
		RGB known = KNOWN.get(kind.toLowerCase(Locale.ROOT));
		return known != null ? known : PALETTE.get(Math.floorMod(index, PALETTE.size()));
	}
}
