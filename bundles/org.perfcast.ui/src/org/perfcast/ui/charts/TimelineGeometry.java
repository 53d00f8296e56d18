package org.perfcast.ui.charts;

import java.util.List;
import java.util.Optional;

/**
 * Where a {@link TimelineChart} draws things, in pixels, and what lies at a pixel. The rows start below
 * {@code top}, one {@code rowHeight} each; times map to the plot right of {@code labelWidth}.
 *
 * @param labelWidth the width of the row labels, left of the plot
 * @param top        the y of the first row
 * @param rowHeight  the height of a row
 * @param plotWidth  the width of the plot
 * @param window     the time span the plot shows
 */
public record TimelineGeometry(int labelWidth, int top, int rowHeight, int plotWidth, TimeWindow window) {

	/** How far (pixels) from an arrow the mouse may be and still hit it. */
	public static final int ARROW_TOLERANCE = 3;

	/** The gap (pixels) between a bar and its row's edges. */
	public static final int BAR_INSET = 3;

	/** The x of time {@code t}. */
	public int x(double t) {
		double px = labelWidth + window.toPixel(t, plotWidth);
		return (int) Math.round(Math.max(-1e6, Math.min(1e6, px)));
	}

	/** The y of the top of row {@code row}. */
	public int rowTop(int row) {
		return top + row * rowHeight;
	}

	/** The y of the middle of row {@code row}. */
	public int rowMiddle(int row) {
		return rowTop(row) + rowHeight / 2;
	}

	/** The row at {@code y}, or -1 above or below the {@code rows} rows. */
	public int rowAt(int y, int rows) {
		if (y < top) {
			return -1;
		}
		int row = (y - top) / rowHeight;
		return row < rows ? row : -1;
	}

	/** The bar or arrow at ({@code px}, {@code py}), arrows first since they are drawn on top. */
	public Optional<TimelineHit> hit(TimelineData data, int px, int py) {
		if (px < labelWidth) {
			return Optional.empty();
		}
		List<TimelineData.Arrow> arrows = data.arrows();
		for (int i = arrows.size() - 1; i >= 0; i--) {
			TimelineData.Arrow a = arrows.get(i);
			if (distanceToSegment(px, py, x(a.sendTime()), rowMiddle(a.from()), x(a.arrival()), rowMiddle(a.to()))
					<= ARROW_TOLERANCE) {
				return Optional.of(new TimelineHit.OnArrow(i, a));
			}
		}
		int row = rowAt(py, data.rows().size());
		if (row < 0 || py < rowTop(row) + BAR_INSET || py >= rowTop(row) + rowHeight - BAR_INSET) {
			return Optional.empty();
		}
		List<TimelineData.Bar> bars = data.rows().get(row).bars();
		for (int i = bars.size() - 1; i >= 0; i--) {
			TimelineData.Bar bar = bars.get(i);
			int x1 = x(bar.start());
			int x2 = Math.max(x1 + 1, x(bar.end()));
			if (px >= x1 && px <= x2) {
				return Optional.of(new TimelineHit.OnBar(row, i, bar));
			}
		}
		return Optional.empty();
	}

	/** The distance from (px, py) to the segment from (x1, y1) to (x2, y2). */
	static double distanceToSegment(double px, double py, double x1, double y1, double x2, double y2) {
		double dx = x2 - x1;
		double dy = y2 - y1;
		double length2 = dx * dx + dy * dy;
		double t = length2 == 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / length2));
		return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
	}
}
