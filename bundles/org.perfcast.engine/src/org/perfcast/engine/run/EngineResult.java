package org.perfcast.engine.run;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Severity;

/**
 * What an engine computed for one point: summary values, series, tables and schedules, in the engine's
 * order, plus information and warnings about the result. Immutable. Errors are not results: an engine that
 * cannot produce one throws {@link org.perfcast.engine.EngineException}.
 *
 * @param summary     named numbers, e.g. T
 * @param series      curves
 * @param tables      tables
 * @param schedules   per-processor timelines
 * @param diagnostics information and warnings, never errors
 */
public record EngineResult(List<SummaryValue> summary, List<Series> series, List<Table> tables,
		List<Schedule> schedules, List<Diagnostic> diagnostics) {

	/** @throws IllegalArgumentException if a diagnostic is an error */
	public EngineResult {
		summary = List.copyOf(summary);
		series = List.copyOf(series);
		tables = List.copyOf(tables);
		schedules = List.copyOf(schedules);
		diagnostics = List.copyOf(diagnostics);
		for (Diagnostic d : diagnostics) {
			if (d.severity() == Severity.ERROR) {
				throw new IllegalArgumentException("a result carries no errors; throw an EngineException: " + d);
			}
		}
	}

	/** A builder of a result, for engines that assemble one piece by piece. */
	public static Builder builder() {
		return new Builder();
	}

	/** Collects the parts of an {@link EngineResult}; not thread-safe. */
	public static final class Builder {
		private final List<SummaryValue> summary = new ArrayList<>();
		private final List<Series> series = new ArrayList<>();
		private final List<Table> tables = new ArrayList<>();
		private final List<Schedule> schedules = new ArrayList<>();
		private final List<Diagnostic> diagnostics = new ArrayList<>();

		private Builder() {
		}

		/** Adds a summary value. */
		public Builder summary(String name, double value, String unit) {
			summary.add(new SummaryValue(name, value, unit));
			return this;
		}

		/** Adds a series. */
		public Builder series(Series s) {
			series.add(s);
			return this;
		}

		/** Adds a table. */
		public Builder table(Table t) {
			tables.add(t);
			return this;
		}

		/** Adds a schedule. */
		public Builder schedule(Schedule s) {
			schedules.add(s);
			return this;
		}

		/** Adds an information or a warning. */
		public Builder diagnostic(Diagnostic d) {
			diagnostics.add(d);
			return this;
		}

		/** The result. */
		public EngineResult build() {
			return new EngineResult(summary, series, tables, schedules, diagnostics);
		}
	}
}
