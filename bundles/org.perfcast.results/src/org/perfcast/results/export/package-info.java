/**
 * Exports of runs for people and other tools: CSV ({@link org.perfcast.results.export.CsvExport}),
 * JSON with stable keys ({@link org.perfcast.results.export.JsonExport}) and a self-contained HTML
 * report with SVG line charts and Gantt charts of schedules
 * ({@link org.perfcast.results.export.HtmlReport}); schedules as trace files for other viewers: Perfetto
 * ({@link org.perfcast.results.export.PerfettoExport}), Chrome's Trace Event JSON
 * ({@link org.perfcast.results.export.ChromeTraceExport}) and Paraver
 * ({@link org.perfcast.results.export.ParaverExport}).
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.results.export;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
