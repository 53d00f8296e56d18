package org.perfcast.ui.charts;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.ScrollBar;
import org.perfcast.engine.Quantities;
import org.perfcast.engine.UnitScale;

/**
 * A Gantt chart drawn on a double-buffered canvas: one row per processor or thread, bars coloured by kind
 * with a legend and labelled inside (shortened with an ellipsis where they do not fit), message arrows between rows,
 * a time axis. The mouse wheel and + / - zoom, dragging and the
 * scroll bar pan, 0 fits the whole schedule; hovering shows a bar's or arrow's details and clicking one tells
 * the {@linkplain #addClickListener click listeners}.
 */
public final class TimelineChart extends Canvas {

	/** The factor one wheel notch or key press zooms by. */
	public static final double ZOOM_STEP = 1.25;
	/** The fewest characters of a bar's label drawn in it, before an ellipsis; a shorter start is not drawn. */
	public static final int SHORTEST_LABEL = 4;

	private static final int LEGEND_HEIGHT = 22;
	private static final int AXIS_HEIGHT = 20;
	private static final int MAX_ROW_HEIGHT = 30;
	private static final int MIN_ROW_HEIGHT = 8;
	private static final int MARGIN = 8;
	private static final int SCROLL_RANGE = 10_000;
	private static final int DRAG_THRESHOLD = 3;

	private final Map<String, Color> colours = new HashMap<>();
	private final List<Consumer<TimelineHit>> clickListeners = new CopyOnWriteArrayList<>();
	private TimelineData data = TimelineData.EMPTY;
	private TimeWindow extent = data.extent();
	private TimeWindow window = extent;
	private int labelWidth = MARGIN;
	private Point dragFrom;
	private TimeWindow dragWindow;
	private boolean dragged;

	/** An empty timeline. */
	public TimelineChart(Composite parent, int style) {
		super(parent, style | SWT.DOUBLE_BUFFERED | SWT.H_SCROLL);
		setBackground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
		addPaintListener(e -> paint(e.gc));
		addListener(SWT.Resize, e -> updateScrollBar());
		addListener(SWT.MouseVerticalWheel, this::wheel);
		addListener(SWT.MouseDown, this::mouseDown);
		addListener(SWT.MouseMove, this::mouseMove);
		addListener(SWT.MouseUp, this::mouseUp);
		addListener(SWT.MouseExit, e -> setToolTipText(null));
		addListener(SWT.KeyDown, this::key);
		getHorizontalBar().addListener(SWT.Selection, e -> scrolled());
	}

	/** Shows {@code newData}, fitted to the window. */
	public void setData(TimelineData newData) {
		checkWidget();
		data = newData;
		colours.clear();
		extent = newData.extent();
		GC gc = new GC(this);
		try {
			labelWidth = newData.rows().stream().mapToInt(r -> gc.textExtent(r.label()).x).max().orElse(0) + 2 * MARGIN;
		} finally {
			gc.dispose();
		}
		fit();
	}

	/** The data shown. */
	public TimelineData getData() {
		return data;
	}

	/** The time span shown. */
	public TimeWindow getWindow() {
		return window;
	}

	/** Shows {@code newWindow}, moved and sized to lie within the data's extent. */
	public void setWindow(TimeWindow newWindow) {
		checkWidget();
		window = newWindow.within(extent);
		updateScrollBar();
		redraw();
	}

	/** Shows the whole schedule. */
	public void fit() {
		setWindow(extent);
	}

	/** Zooms by {@code factor} (greater than 1 zooms in) around the plot's x pixel {@code x}. */
	public void zoomAt(double factor, int x) {
		setWindow(window.zoomed(factor, geometry().window().toTime(x - labelWidth, plotWidth())));
	}

	/** Zooms by {@code factor} around the middle of the plot. */
	public void zoom(double factor) {
		zoomAt(factor, labelWidth + plotWidth() / 2);
	}

	/** Pans by {@code dx} pixels (positive shows later times). */
	public void pan(int dx) {
		setWindow(window.panned(dx * window.span() / plotWidth()));
	}

	/** The pixel layout for the current size, data and window. */
	public TimelineGeometry geometry() {
		Rectangle area = getClientArea();
		int rows = Math.max(1, data.rows().size());
		int top = LEGEND_HEIGHT + AXIS_HEIGHT;
		int rowHeight = Math.max(MIN_ROW_HEIGHT, Math.min(MAX_ROW_HEIGHT, (area.height - top - MARGIN) / rows));
		return new TimelineGeometry(labelWidth, top, rowHeight, plotWidth(), window);
	}

	/** The bar or arrow at pixel ({@code x}, {@code y}) of the canvas. */
	public Optional<TimelineHit> hitAt(int x, int y) {
		return geometry().hit(data, x, y);
	}

	/** Calls {@code listener} with the bar or arrow the user clicks. */
	public void addClickListener(Consumer<TimelineHit> listener) {
		clickListeners.add(listener);
	}

	/** Removes a listener added by {@link #addClickListener}. */
	public void removeClickListener(Consumer<TimelineHit> listener) {
		clickListeners.remove(listener);
	}

	/** Tells the click listeners that {@code hit} was clicked, as a mouse click on it does. */
	public void click(TimelineHit hit) {
		clickListeners.forEach(l -> l.accept(hit));
	}

	/** The tooltip for {@code hit}: label, kind, times and duration, or an arrow's rows and times. */
	public String tooltip(TimelineHit hit) {
		String unit = data.timeUnit();
		return switch (hit) {
		case TimelineHit.OnBar b -> String.format(Messages.BAR_TIP, b.bar().label().isEmpty() ? b.bar().kind()
				: b.bar().label(), data.rows().get(b.row()).label(), b.bar().kind(), Quantities.format(b.bar().start(),
						unit), Quantities.format(b.bar().end(), unit), Quantities.format(b.bar().end() - b.bar().start(), unit))
				+ (b.bar().detail().isEmpty() ? "" : String.format(Messages.BAR_TIP_DETAIL, b.bar().detail()));
		case TimelineHit.OnArrow a -> String.format(Messages.ARROW_TIP, a.arrow().label(),
				data.rows().get(a.arrow().from()).label(), Quantities.format(a.arrow().sendTime(), unit),
				data.rows().get(a.arrow().to()).label(), Quantities.format(a.arrow().arrival(), unit));
		};
	}

	private int plotWidth() {
		return Math.max(1, getClientArea().width - labelWidth - MARGIN);
	}

	private void paint(GC gc) {
		Rectangle area = getClientArea();
		gc.setAntialias(SWT.ON);
		if (data.rows().isEmpty()) {
			gc.drawText(Messages.EMPTY_TIMELINE, MARGIN, MARGIN, true);
			return;
		}
		TimelineGeometry g = geometry();
		paintLegend(gc);
		paintAxis(gc, g, area);
		Color black = getDisplay().getSystemColor(SWT.COLOR_BLACK);
		List<String> kinds = data.kinds();
		int plotBottom = g.rowTop(data.rows().size());
		int free = Integer.MIN_VALUE; // where the next row label may start without covering the last one drawn
		for (int r = 0; r < data.rows().size(); r++) {
			TimelineData.Row row = data.rows().get(r);
			gc.setForeground(black);
			gc.setClipping((Rectangle) null);
			Point extentOfLabel = gc.textExtent(row.label());
			int labelTop = g.rowMiddle(r) - extentOfLabel.y / 2;
			if (labelTop >= free) { // rows thinner than their labels: every few rows named, legibly
				gc.drawText(row.label(), MARGIN, labelTop, true);
				free = labelTop + extentOfLabel.y;
			}
			gc.setClipping(labelWidth, g.top(), g.plotWidth(), plotBottom - g.top());
			for (TimelineData.Bar bar : row.bars()) {
				paintBar(gc, g, r, bar, colour(bar.kind(), kinds.indexOf(bar.kind())));
			}
		}
		gc.setClipping(labelWidth, g.top(), g.plotWidth(), plotBottom - g.top());
		gc.setForeground(black);
		gc.setBackground(black);
		for (TimelineData.Arrow arrow : data.arrows()) {
			paintArrow(gc, g.x(arrow.sendTime()), g.rowMiddle(arrow.from()), g.x(arrow.arrival()),
					g.rowMiddle(arrow.to()));
		}
		gc.setClipping((Rectangle) null);
	}

	private void paintBar(GC gc, TimelineGeometry g, int row, TimelineData.Bar bar, Color colour) {
		int x1 = g.x(bar.start());
		int width = Math.max(1, g.x(bar.end()) - x1);
		int y = g.rowTop(row) + TimelineGeometry.BAR_INSET;
		int height = g.rowHeight() - 2 * TimelineGeometry.BAR_INSET;
		gc.setBackground(colour);
		gc.fillRectangle(x1, y, width, height);
		gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
		gc.drawLine(x1, y, x1, y + height - 1);
		int left = Math.max(x1, labelWidth);
		String label = fitted(gc, bar.label(), Math.min(x1 + width, labelWidth + g.plotWidth()) - left - 6);
		Point text = gc.textExtent(label);
		if (!label.isEmpty() && text.y <= height) {
			gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
			gc.drawText(label, left + 3, y + (height - text.y) / 2, true);
		}
	}

	/**
	 * {@code label} if it is narrower than {@code room} pixels, else its longest start of at least
	 * {@value #SHORTEST_LABEL} characters that fits with an ellipsis ("at barrier 0 of par…"), else "".
	 */
	public static String fitted(GC gc, String label, int room) {
		if (label.isEmpty() || gc.textExtent(label).x < room) {
			return label;
		}
		if (room <= gc.getFontMetrics().getAverageCharacterWidth() * (SHORTEST_LABEL + 1)) {
			return "";
		}
		int low = SHORTEST_LABEL - 1; // the longest start known to fit, or SHORTEST_LABEL - 1
		int high = label.length() - 1; // longer starts than this are not tried
		while (low < high) {
			int middle = (low + high + 1) / 2;
			if (gc.textExtent(shortened(label, middle)).x < room) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}
		return low >= SHORTEST_LABEL ? shortened(label, low) : "";
	}

	private static String shortened(String label, int length) {
		return label.substring(0, length).stripTrailing() + "\u2026";
	}

	private static void paintArrow(GC gc, int x1, int y1, int x2, int y2) {
		gc.setLineWidth(1);
		gc.drawLine(x1, y1, x2, y2);
		double angle = Math.atan2(y2 - y1, x2 - x1);
		int size = 7;
		int[] head = { x2, y2, (int) Math.round(x2 - size * Math.cos(angle - 0.4)),
				(int) Math.round(y2 - size * Math.sin(angle - 0.4)), (int) Math.round(x2 - size * Math.cos(angle + 0.4)),
				(int) Math.round(y2 - size * Math.sin(angle + 0.4)) };
		gc.fillPolygon(head);
	}

	private void paintLegend(GC gc) {
		int x = labelWidth;
		List<String> kinds = data.kinds();
		for (int i = 0; i < kinds.size(); i++) {
			gc.setBackground(colour(kinds.get(i), i));
			gc.fillRectangle(x, 6, 12, 12);
			gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
			gc.drawText(kinds.get(i), x + 16, 4, true);
			x += 16 + gc.textExtent(kinds.get(i)).x + 14;
		}
		if (!data.arrows().isEmpty()) {
			gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
			gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
			paintArrow(gc, x, 12, x + 20, 12);
			gc.drawText(Messages.MESSAGE, x + 24, 4, true);
		}
	}

	private void paintAxis(GC gc, TimelineGeometry g, Rectangle area) {
		Color grey = getDisplay().getSystemColor(SWT.COLOR_GRAY);
		Color black = getDisplay().getSystemColor(SWT.COLOR_BLACK);
		int bottom = g.rowTop(data.rows().size());
		double step = TimeTicks.step(window.span(), Math.max(1, g.plotWidth() / 90));
		// ticks in the unit of the window's magnitude (0.5 s, 1 s, ... rather than 500000 µs), with the digits the
		// step needs: four significant digits unless zoomed in deeper than that
		UnitScale scale = UnitScale.of(data.timeUnit(), Math.max(Math.abs(window.start()), Math.abs(window.end())));
		double largest = Math.max(Math.abs(window.start()), Math.abs(window.end()));
		int digits = step > 0 && largest > 0 ? Math.max(Quantities.DIGITS, Math.min(12, (int) Math.ceil(Math.log10(
				largest / step)) + 1)) : Quantities.DIGITS;
		for (double t : TimeTicks.ticks(window, step)) {
			int x = g.x(t);
			gc.setForeground(grey);
			gc.drawLine(x, g.top() - 4, x, bottom);
			gc.setForeground(black);
			String text = scale.format(t, digits);
			Point size = gc.textExtent(text);
			int left = Math.min(Math.max(labelWidth, x - size.x / 2), area.width - size.x);
			gc.drawText(text, left, LEGEND_HEIGHT, true);
		}
		if (!data.timeUnit().isEmpty()) {
			// the unit goes right of the legend, clear of the row labels and tick values
			gc.setForeground(black);
			String unit = String.format(Messages.TIME_UNIT, scale.unit());
			gc.drawText(unit, area.width - gc.textExtent(unit).x - MARGIN, 4, true);
		}
	}

	private Color colour(String kind, int index) {
		return colours.computeIfAbsent(kind, k -> new Color(TimelineColours.of(k, index)));
	}

	private void updateScrollBar() {
		ScrollBar bar = getHorizontalBar();
		int thumb = (int) Math.max(1, Math.round(window.span() / extent.span() * SCROLL_RANGE));
		bar.setValues((int) Math.round((window.start() - extent.start()) / extent.span() * SCROLL_RANGE), 0,
				SCROLL_RANGE, thumb, Math.max(1, thumb / 10), thumb);
	}

	private void scrolled() {
		double start = extent.start() + getHorizontalBar().getSelection() * extent.span() / SCROLL_RANGE;
		window = new TimeWindow(start, start + window.span()).within(extent);
		redraw();
	}

	private void wheel(Event e) {
		if (e.count != 0) {
			zoomAt(e.count > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, e.x);
			e.doit = false;
		}
	}

	private void key(Event e) {
		switch (e.character) {
		case '+', '=' -> zoom(ZOOM_STEP);
		case '-' -> zoom(1 / ZOOM_STEP);
		case '0' -> fit();
		default -> {
			if (e.keyCode == SWT.ARROW_LEFT) {
				pan(-plotWidth() / 10);
			} else if (e.keyCode == SWT.ARROW_RIGHT) {
				pan(plotWidth() / 10);
			} else if (e.keyCode == SWT.HOME) {
				fit();
			}
		}
		}
	}

	private void mouseDown(Event e) {
		if (e.button == 1) {
			setFocus();
			dragFrom = new Point(e.x, e.y);
			dragWindow = window;
			dragged = false;
		}
	}

	private void mouseMove(Event e) {
		if (dragFrom != null && (e.stateMask & SWT.BUTTON1) != 0) {
			int dx = e.x - dragFrom.x;
			if (dragged || Math.abs(dx) >= DRAG_THRESHOLD) {
				dragged = true;
				setWindow(dragWindow.panned(-dx * dragWindow.span() / plotWidth()));
			}
			return;
		}
		setToolTipText(hitAt(e.x, e.y).map(this::tooltip).orElse(Messages.TIMELINE_HELP));
	}

	private void mouseUp(Event e) {
		if (e.button == 1 && dragFrom != null) {
			if (!dragged) {
				hitAt(e.x, e.y).ifPresent(this::click);
			}
			dragFrom = null;
		}
	}
}
