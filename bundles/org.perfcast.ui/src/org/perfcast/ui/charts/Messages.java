package org.perfcast.ui.charts;

/** UI text of the chart widgets. */
final class Messages {

	static final String POINT_TIP = "%s%n%s = %s%n%s = %s";
	static final String X = "x";
	static final String Y = "y";
	static final String BAR_TIP = "%s%n%s: %s, %s to %s (%s)";
	static final String BAR_TIP_DETAIL = "%n%s";
	static final String ARROW_TIP = "%s%n%s at %s to %s at %s";
	static final String TIMELINE_HELP = "Wheel or +/- to zoom, drag or scroll to pan, 0 to fit; click an interval or"
			+ " message to open where it comes from";
	static final String MESSAGE = "message";
	static final String TIME_UNIT = "time in %s";
	static final String EMPTY_TIMELINE = "No schedule to show";

	private Messages() {
	}
}
