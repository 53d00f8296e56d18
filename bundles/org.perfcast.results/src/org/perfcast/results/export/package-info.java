/**
 * Exports of runs for people and other tools: CSV ({@link org.perfcast.results.export.CsvExport}),
 * JSON with stable keys ({@link org.perfcast.results.export.JsonExport}) and a self-contained HTML
 * report with SVG line charts and Gantt charts of schedules
 * ({@link org.perfcast.results.export.HtmlReport}).
 */
package org.perfcast.results.export;
