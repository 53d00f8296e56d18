/**
 * Reusable chart widgets, free of the results model: {@link org.perfcast.ui.charts.XyChart} (lines and
 * scatter on SWTChart, log axes, legend, nearest-point tooltips) and {@link org.perfcast.ui.charts.TimelineChart}
 * (a Gantt chart of rows of intervals with message arrows, zoom, pan, hover details and click listeners). Callers
 * convert their data to the small records of this package.
 */
package org.perfcast.ui.charts;
