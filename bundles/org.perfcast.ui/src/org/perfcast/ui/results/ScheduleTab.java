package org.perfcast.ui.results;

import java.util.List;

import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.ui.IWorkbenchPartSite;
import org.eclipse.ui.PartInitException;
import org.perfcast.model.results.Interval;
import org.perfcast.model.results.MessageArrow;
import org.perfcast.model.results.RunPoint;
import org.perfcast.model.results.Schedule;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.model.results.Timeline;
import org.perfcast.engine.Numbers;
import org.perfcast.trace.TraceEngine;
import org.perfcast.ui.charts.TimeWindow;
import org.perfcast.ui.charts.TimelineChart;
import org.perfcast.ui.charts.TimelineData;
import org.perfcast.ui.charts.TimelineHit;

/**
 * The Timeline tab: a schedule of a point of the shown run as a timeline, the point chosen among those that
 * have schedules and the schedule among the point's. Clicking an interval, or a message arrow (the interval it
 * leaves), opens its model element or source line.
 */
public final class ScheduleTab extends ResultsTab {

	private final IWorkbenchPartSite site;
	private final Combo pointChoice;
	private final Combo scheduleChoice;
	private final TimelineChart timeline;
	private final Label note;
	private final Button exactHere;
	private List<RunPoint> points = List.of();
	private RunEntry entry;

	ScheduleTab(CTabFolder folder, IWorkbenchPartSite site) {
		super(folder, Messages.TAB_TIMELINE, Messages.TAB_TIMELINE_TIP);
		this.site = site;
		Composite box = new Composite(folder, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(4).applyTo(box);
		new Label(box, SWT.NONE).setText(Messages.POINT_LABEL);
		pointChoice = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(pointChoice);
		pointChoice.addListener(SWT.Selection, e -> showPoint());
		new Label(box, SWT.NONE).setText(Messages.SCHEDULE_LABEL);
		scheduleChoice = new Combo(box, SWT.READ_ONLY);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(scheduleChoice);
		scheduleChoice.addListener(SWT.Selection, e -> showChosenSchedule());
		note = new Label(box, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).span(3, 1).applyTo(note);
		exactHere = new Button(box, SWT.PUSH);
		exactHere.setText(Messages.EXACT_HERE);
		exactHere.setToolTipText(Messages.EXACT_HERE_TIP);
		exactHere.addListener(SWT.Selection, e -> exactHere());
		GridDataFactory.swtDefaults().applyTo(exactHere);
		timeline = new TimelineChart(box, SWT.BORDER);
		GridDataFactory.fillDefaults().grab(true, true).span(4, 1).applyTo(timeline);
		timeline.addClickListener(this::openSource);
		setControl(box);
		showNote(null);
	}

	/** Says whether {@code point}'s timelines are a summary, and offers to make the visible range exact. */
	private void showNote(RunPoint point) {
		boolean summarised = ExactWindowJob.summarised(point);
		note.setText(summarised ? String.format(Messages.SUMMARY_NOTE, (long) ExactWindowJob.value(point,
				TraceEngine.TIMELINE_INTERVALS), Numbers.format(ExactWindowJob.value(point, TraceEngine.TIMELINE_BUCKET))
				+ unit(point)) : "");
		exactHere.setEnabled(summarised);
		for (Control c : new Control[] { note, exactHere }) {
			((GridData) c.getLayoutData()).exclude = !summarised;
			c.setVisible(summarised);
		}
		note.getParent().layout(true);
	}

	private static String unit(RunPoint point) {
		return point.getSchedules().isEmpty() || point.getSchedules().get(0).getTimeUnit() == null
				|| point.getSchedules().get(0).getTimeUnit().isEmpty() ? "" : " " + point.getSchedules().get(0)
						.getTimeUnit();
	}

	/** Runs the shown point again for the exact intervals of the visible range, and shows them there. */
	private void exactHere() {
		int index = pointChoice.getSelectionIndex();
		if (entry == null || index < 0) {
			return;
		}
		RunPoint point = points.get(index);
		TimeWindow window = timeline.getWindow();
		exactHere.setEnabled(false);
		Display display = timeline.getDisplay();
		ExactWindowJob job = new ExactWindowJob(entry, point, Math.max(0, scheduleChoice.getSelectionIndex()),
				window.start(), window.end(), schedule -> display
				.asyncExec(() -> {
					if (timeline.isDisposed() || pointChoice.getSelectionIndex() != index) {
						return;
					}
					showSchedule(schedule);
					timeline.setWindow(window);
					note.setText(String.format(Messages.EXACT_NOTE, Numbers.format(window.start()), Numbers.format(
							window.end()) + unit(point)));
				}));
		job.addJobChangeListener(IJobChangeListener.onDone(e -> display.asyncExec(() -> {
			if (!exactHere.isDisposed()) {
				exactHere.setEnabled(ExactWindowJob.summarised(point));
			}
		})));
		job.schedule();
	}

	/** The note above the timeline: what a summary is, or which window is exact. */
	public Label getNote() {
		return note;
	}

	/** The button that makes the visible range exact. */
	public Button getExactHere() {
		return exactHere;
	}

	/** Offers the points of {@code shown} that have schedules, and shows the first one's first schedule. */
	void show(RunEntry shown) {
		entry = shown;
		points = shown == null ? List.of()
				: shown.run().getPoints().stream().filter(p -> !p.getSchedules().isEmpty()).toList();
		pointChoice.setItems(points.stream().map(RunCharts::pointLabel).toArray(String[]::new));
		pointChoice.select(0);
		showPoint();
	}

	private void showPoint() {
		int index = pointChoice.getSelectionIndex();
		RunPoint point = index < 0 ? null : points.get(index);
		scheduleChoice.setItems(point == null ? new String[0]
				: point.getSchedules().stream().map(Schedule::getName).toArray(String[]::new));
		scheduleChoice.select(0);
		showChosenSchedule();
		showNote(point);
	}

	private void showChosenSchedule() {
		int point = pointChoice.getSelectionIndex();
		int index = scheduleChoice.getSelectionIndex();
		showSchedule(point < 0 || index < 0 ? null : points.get(point).getSchedules().get(index));
	}

	/** Shows {@code schedule} on the timeline, or an empty timeline if it is {@code null}. */
	private void showSchedule(Schedule schedule) {
		timeline.setData(schedule == null ? TimelineData.EMPTY : RunCharts.timeline(schedule));
	}

	private void openSource(TimelineHit hit) {
		SourceLocation source = switch (hit.data()) {
		case Interval interval -> interval.getSource();
		case MessageArrow message -> sendingSource(message);
		case null, default -> null;
		};
		if (source == null) {
			return;
		}
		try {
			SourceOpener.open(site.getPage(), source, entry == null ? null : SourceOpener.file(entry.model()));
		} catch (PartInitException e) {
			ErrorDialog.openError(site.getShell(), null, String.format(Messages.OPEN_FAILED, source.getFile()),
					e.getStatus());
		}
	}

	/** The source of the interval during which {@code message} leaves its sender, if it has one. */
	private static SourceLocation sendingSource(MessageArrow message) {
		Schedule schedule = (Schedule) message.eContainer();
		Timeline sender = schedule.getTimelines().get(message.getFrom());
		return sender.getIntervals().stream().filter(i -> i.getSource() != null
				&& i.getStart() <= message.getSendTime() && message.getSendTime() <= i.getEnd())
				.map(Interval::getSource).findFirst().orElse(null);
	}

	/** The choice of point, labelled by its parameter values. */
	public Combo getPointChoice() {
		return pointChoice;
	}

	/** The timeline of the chosen schedule. */
	public TimelineChart getChart() {
		return timeline;
	}
}
