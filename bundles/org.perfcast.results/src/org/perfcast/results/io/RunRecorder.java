package org.perfcast.results.io;

import java.util.Date;
import java.util.Map;

import org.eclipse.emf.common.util.EList;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.PointOutcome;
import org.perfcast.engine.run.PointStatus;
import org.perfcast.engine.run.RunOutcome;
import org.perfcast.engine.run.Sweep;
import org.perfcast.model.results.Binding;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.IntervalKind;
import org.perfcast.model.results.Message;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.OptionValue;
import org.perfcast.model.results.ResultsFactory;
import org.perfcast.model.results.Run;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.RunStatus;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.Series;
import org.perfcast.model.results.Severity;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.SummaryValue;
import org.perfcast.model.results.Table;
import org.perfcast.model.results.TableRow;
import org.perfcast.model.results.Timeline;

/** Records a finished run of the engine SPI as a results model {@link Run}, ready to be saved. */
public final class RunRecorder {

	private static final ResultsFactory FACTORY = ResultsFactory.eINSTANCE;

	private RunRecorder() {
	}

	/** The results model of {@code outcome}: inputs, bindings, sweeps, options, status and every point. */
	public static Run record(RunOutcome outcome) {
		Run run = FACTORY.createRun();
		run.setEngineId(outcome.engineId());
		run.setEngineName(outcome.engineName());
		run.setEngineVersion(outcome.engineVersion());
		run.getInputFiles().add(outcome.request().displayName());
		bind(run.getBindings(), outcome.request().bindings().asMap());
		outcome.request().grid().sweeps().stream().map(Sweep::text).forEach(run.getSweeps()::add);
		outcome.request().options().texts().forEach((name, value) -> {
			OptionValue option = FACTORY.createOptionValue();
			option.setName(name);
			option.setValue(value);
			run.getOptions().add(option);
		});
		run.setStartTime(Date.from(outcome.start()));
		run.setWallTime(outcome.wallTime().toNanos() / 1e9);
		run.setStatus(RunStatus.getByName(outcome.status().name()));
		run.setPointCount(outcome.request().grid().size());
		outcome.points().forEach(p -> run.getPoints().add(point(p)));
		return run;
	}

	/** The location a diagnostic or interval points at, as stored in results. */
	public static SourceLocation location(Location location) {
		SourceLocation source = FACTORY.createSourceLocation();
		source.setFile(location.file());
		switch (location) {
		case Location.TextLocation t -> {
			source.setLine(t.line());
			source.setColumn(t.column());
		}
		case Location.ElementLocation e -> {
			source.setLine(e.line());
			source.setUriFragment(e.uriFragment());
			source.setLabel(e.label());
		}
		case Location.FileLocation f -> {
			// the file alone
		}
		}
		return source;
	}

	private static RunPoint point(PointOutcome outcome) {
		RunPoint point = FACTORY.createRunPoint();
		point.setIndex(outcome.index());
		bind(point.getBindings(), outcome.bindings().asMap());
		point.setWallTime(outcome.wallTime().toNanos() / 1e9);
		switch (outcome.status()) {
		case PointStatus.Completed c -> {
			point.setStatus(RunStatus.COMPLETED);
			record(point, c.result());
		}
		case PointStatus.Failed f -> {
			point.setStatus(RunStatus.FAILED);
			f.diagnostics().forEach(d -> point.getMessages().add(message(d)));
		}
		case PointStatus.Cancelled c -> point.setStatus(RunStatus.CANCELLED);
		}
		return point;
	}

	private static void record(RunPoint point, EngineResult result) {
		for (org.perfcast.engine.run.SummaryValue v : result.summary()) {
			SummaryValue value = FACTORY.createSummaryValue();
			value.setName(v.name());
			value.setValue(v.value());
			value.setUnit(v.unit());
			point.getValues().add(value);
		}
		for (org.perfcast.engine.run.Series s : result.series()) {
			Series series = FACTORY.createSeries();
			series.setName(s.name());
			series.setXLabel(s.xLabel());
			series.setYLabel(s.yLabel());
			s.points().forEach(p -> {
				series.getX().add(p.x());
				series.getY().add(p.y());
			});
			point.getSeries().add(series);
		}
		for (org.perfcast.engine.run.Table t : result.tables()) {
			Table table = FACTORY.createTable();
			table.setName(t.name());
			table.getColumns().addAll(t.columns());
			t.rows().forEach(cells -> {
				TableRow row = FACTORY.createTableRow();
				row.getCells().addAll(cells);
				table.getRows().add(row);
			});
			point.getTables().add(table);
		}
		result.schedules().forEach(s -> point.getSchedules().add(schedule(s)));
		result.diagnostics().forEach(d -> point.getMessages().add(message(d)));
	}

	/** The results model of an engine's schedule {@code s}. */
	public static Schedule schedule(org.perfcast.engine.run.Schedule s) {
		Schedule schedule = FACTORY.createSchedule();
		schedule.setName(s.name());
		schedule.setTimeUnit(s.timeUnit());
		for (org.perfcast.engine.run.Schedule.Timeline t : s.timelines()) {
			Timeline timeline = FACTORY.createTimeline();
			timeline.setLabel(t.label());
			for (org.perfcast.engine.run.Schedule.Interval i : t.intervals()) {
				Interval interval = FACTORY.createInterval();
				interval.setKind(IntervalKind.getByName(i.kind().name()));
				interval.setStart(i.start());
				interval.setEnd(i.end());
				interval.setLabel(i.label());
				i.source().ifPresent(l -> interval.setSource(location(l)));
				timeline.getIntervals().add(interval);
			}
			schedule.getTimelines().add(timeline);
		}
		for (org.perfcast.engine.run.Schedule.Message m : s.messages()) {
			MessageArrow arrow = FACTORY.createMessageArrow();
			arrow.setFrom(m.from());
			arrow.setSendTime(m.sendTime());
			arrow.setTo(m.to());
			arrow.setReceiveTime(m.receiveTime());
			arrow.setLabel(m.label());
			schedule.getMessages().add(arrow);
		}
		return schedule;
	}

	private static Message message(Diagnostic d) {
		Message message = FACTORY.createMessage();
		message.setSeverity(Severity.getByName(d.severity().name()));
		message.setCode(d.code());
		message.setText(d.message());
		message.setLocation(location(d.location()));
		return message;
	}

	private static void bind(EList<Binding> bindings, Map<String, Double> values) {
		values.forEach((name, value) -> {
			Binding binding = FACTORY.createBinding();
			binding.setName(name);
			binding.setValue(value);
			bindings.add(binding);
		});
	}
}
