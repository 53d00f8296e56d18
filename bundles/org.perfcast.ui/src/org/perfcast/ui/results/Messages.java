package org.perfcast.ui.results;

/** UI text of the Results view. */
final class Messages {

	static final String COLUMN_STARTED = "Started";
	static final String COLUMN_ENGINE = "Engine";
	static final String COLUMN_MODEL = "Model";
	static final String COLUMN_STATUS = "Status";
	static final String COLUMN_POINTS = "Points";
	static final String COLUMN_DURATION = "Duration";
	static final String POINTS_OF = "%d of %d";
	static final String POINT = "point %d";
	static final String COLUMN_POINT = "Point";
	static final String COLUMN_POINT_STATUS = "Status";
	static final String COLUMN_VALUE_NAME = "Value";
	static final String COLUMN_BEFORE = "Before";
	static final String COLUMN_AFTER = "After";
	static final String COLUMN_CHANGE = "Change";

	static final String TAB_SUMMARY = "Summary";
	static final String TAB_CHARTS = "Charts";
	static final String TAB_TIMELINE = "Timeline";
	static final String TAB_COMPARE = "Compare";
	static final String TAB_SUMMARY_TIP = "Each point's parameter values and summary values";
	static final String TAB_CHARTS_TIP = "Summary values against the swept parameter, and the series of a point";
	static final String TAB_TIMELINE_TIP = "The schedules of a point: one row per processor; click an interval to open its model element or source line";
	static final String TAB_COMPARE_TIP = "The selected runs' values on one chart, and what changed between two runs";

	static final String POINT_LABEL = "Point:";
	static final String SCHEDULE_LABEL = "Schedule:";
	static final String EXACT_HERE = "Exact Intervals Here";
	static final String EXACT_HERE_TIP = "Run this point again keeping the exact intervals of the visible time range (the timelines elsewhere stay a summary)";
	static final String SUMMARY_NOTE = "A summary of %,d intervals: each bucket of %s shows the time spent in each state. Zoom in (wheel) and press Exact Intervals Here.";
	static final String EXACT_NOTE = "Exact intervals from %s to %s (not saved; the results file keeps the summary).";
	static final String EXACT_JOB = "Exact intervals of %s from %s to %s";
	static final String EXACT_NO_FILE = "Cannot find %s, the file this run simulated, in the workspace.";
	static final String EXACT_NO_ENGINE = "The engine %s is not installed.";
	static final String EXACT_FAILED = "Cannot compute the exact intervals";
	static final String LOG_X = "Log x";
	static final String LOG_Y = "Log y";
	static final String LOG_TIP = "Logarithmic axis (used while every value on it is positive)";
	static final String SWEEP_CHART_Y = "value";
	static final String NO_SWEEP = "Not swept: the chart shows each point's series below.";

	static final String NO_RUNS = "No runs yet. Run a model with Run As > Perfcast Simulation; each run is saved in its project's results folder.";
	static final String RUN_HEADER = "%s on %s: %s, %d points, %s";
	static final String COMPARE_HEADER = "%s → %s: %d values changed, %d unchanged%s";
	static final String COMPARE_UNMATCHED = "; only in one run: %s";
	static final String SELECT_TWO = "Select two or more runs (Ctrl+click) and press Compare.";
	static final String OVERLAY_LABEL = "Chart:";
	static final String NO_OVERLAY = "No value to chart: the runs do not sweep one and the same parameter.";
	static final String OVERLAY_HEADER = "%d runs on one chart%s";
	static final String NO_MATCHED_POINT = "; no point of one run has the parameter values of a point of the other, so no values are listed as changed";
	static final String OVERLAY_ONLY = "; pick two runs to list the values that changed";

	static final String REFRESH = "Refresh";
	static final String REFRESH_TIP = "Read the results folders again";
	static final String COMPARE = "Compare";
	static final String COMPARE_TIP = "Chart the selected runs' values together (such as the speedup of two engines) and list what changed between two runs (the older one first)";
	static final String EXPORT_CSV = "Export CSV…";
	static final String EXPORT_CSV_TIP = "Save the selected run's summary values (and series) as CSV";
	static final String EXPORT_JSON = "Export JSON…";
	static final String EXPORT_JSON_TIP = "Save the selected run as JSON";
	static final String EXPORT_HTML = "Export HTML Report…";
	static final String EXPORT_HTML_TIP = "Save the selected runs as a self-contained HTML report with SVG charts";
	static final String EXPORT_PERFETTO = "Export Perfetto Trace…";
	static final String EXPORT_PERFETTO_TIP = "Save the selected runs' schedules as a Perfetto trace (open it in ui.perfetto.dev)";
	static final String EXPORT_CHROME = "Export Chrome Trace JSON…";
	static final String EXPORT_CHROME_TIP = "Save the selected runs' schedules as Chrome Trace Event JSON (chrome://tracing)";
	static final String EXPORT_PARAVER = "Export Paraver Trace…";
	static final String EXPORT_PARAVER_TIP = "Save the selected runs' schedules as a Paraver trace (.prv with its .pcf and .row)";
	static final String DELETE = "Delete";
	static final String DELETE_TIP = "Delete the selected runs' results files";
	static final String DELETE_TITLE = "Delete Runs";
	static final String DELETE_QUESTION = "Delete %d run(s)? Their results files are deleted from the workspace:%n%s";
	static final String EXPORT_FAILED = "Cannot export to %s";
	static final String OPEN_FAILED = "Cannot open %s";
	static final String READ_PROBLEMS = "Some results files could not be read";
	static final String LOADING = "Reading Perfcast results";

	static final String TAB_WHATIF = "What-if";
	static final String TAB_WHATIF_TIP = "A recorded run's causal profile: what making each location faster gains (double-click a location to open its line)";
	static final String WHATIF_PROCESSORS = "Processors:";
	static final String WHATIF_LOCATIONS = "Locations:";
	static final String WHATIF_LOCATIONS_HINT = "the top ones, or FILE:LINE; FROM..TO; lock M; thread T";
	static final String WHATIF_REMOVE = "Remove locks:";
	static final String WHATIF_REMOVE_HINT = "M; ... (their critical sections no longer exclude each other)";
	static final String WHATIF_SPLIT = "Split locks:";
	static final String WHATIF_SPLIT_HINT = "M=K; ... (lock M split into K locks)";
	static final String WHATIF_FASTER = "Faster:";
	static final String WHATIF_FASTER_HINT = "LOCATION=S; ... (S of its time removed, 0 to 1)";
	static final String WHATIF_COMPUTE = "Compute";
	static final String WHATIF_CANCEL = "Cancel";
	static final String WHATIF_X = "location speed-up (%)";
	static final String WHATIF_Y = "program speed-up (x)";
	static final String WHATIF_COLUMN_RANK = "#";
	static final String WHATIF_COLUMN_LOCATION = "Location";
	static final String WHATIF_COLUMN_GAIN = "Gain at 50 %";
	static final String WHATIF_COLUMN_WORK = "Work";
	static final String WHATIF_COLUMN_SENTENCE = "What it gains";
	static final String WHATIF_SENTENCE = "make %s %d %% faster: %s on %d processors";
	static final String WHATIF_NOT_RECORDING = "What-if needs a run of a recorded program (a *.vtrace or *.vtraceb recording).";
	static final String WHATIF_READY = "Press Compute for the causal profile of %s: each location's curve and what halving its time gains.";
	static final String WHATIF_RUNNING = "Computing the causal profile of %s on %d processors...";
	static final String WHATIF_CANCELLED = "Cancelled.";
	static final String WHATIF_SUMMARY = "%s on %d processors runs %s%s; %d locations ranked by the gain when their time is halved (the chart shows the best %d).";
	static final String WHATIF_WITH_EDITS = " with the edits";
	static final String WHATIF_BAD_SPLIT = "Split locks wants M=K, a lock and a number of parts from 1 to %2$d, not '%1$s'";
	static final String WHATIF_BAD_FASTER = "Faster wants LOCATION=S, S the fraction of its time removed from 0 to 1, not '%s'";
	static final String WHATIF_ACTION = "What if this were faster?";
	static final String WHATIF_ACTION_TIP = "The causal profile of this location: what making it faster gains (in the What-if tab)";

	static final String WHATIF_RESOLUTION = "Compute the causal profile of %s in the Results view's What-if tab: what making it faster gains";

	private Messages() {
	}
}
