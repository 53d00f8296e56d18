package org.perfcast.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.Numbers;

/**
 * What a team resize knows of the recording: its events by thread, each one's CPU time since its thread's previous
 * event and its {@link Fate} in the new trace, the regions, and the teams old and new.
 */
final class ResizeState {
	final Trace trace;
	final String file;
	final List<TraceEvent> events;
	final int threads;
	final String main;
	final Map<String, List<Integer>> byThread = new LinkedHashMap<>();
	final int[] position; // an event's place in its thread's list
	final double[] delta; // the thread's CPU time before the event
	final Fate[] fate;
	final OmpRegion[] foldRegion;
	final int[] foldMember;
	final int[] foldPhase;
	final Map<Integer, OmpRegion> regions = new LinkedHashMap<>();
	List<String> workers = List.of(); // the outermost teams' workers, in team order
	List<String> team = List.of(); // the new team, the primary first
	Set<String> inTeam = Set.of();

	ResizeState(Trace trace, int threads) throws TraceException {
		this.trace = trace;
		this.file = trace.file();
		this.events = trace.events();
		this.threads = threads;
		int size = events.size();
		this.position = new int[size];
		this.delta = new double[size];
		this.fate = new Fate[size];
		java.util.Arrays.fill(fate, Fate.COPY);
		this.foldRegion = new OmpRegion[size];
		this.foldMember = new int[size];
		this.foldPhase = new int[size];
		this.main = events.isEmpty() ? "" : events.get(0).thread(); // "": no thread, and no region
		Map<String, Double> clock = new HashMap<>();
		for (int i = 0; i < size; i++) {
			TraceEvent e = events.get(i);
			if (Double.isNaN(e.cpu())) {
				throw new TraceException(file, e.line(), "predicting another team size needs the threads' CPU "
						+ "clocks (cpu=), which this event lacks: record the program with perfcast record");
			}
			List<Integer> list = byThread.computeIfAbsent(e.thread(), t -> new ArrayList<>());
			position[i] = list.size();
			list.add(i);
			double before = clock.getOrDefault(e.thread(), 0.0);
			if (e.cpu() < before) {
				throw new TraceException(file, e.line(), "the CPU clock of " + e.thread() + " goes back from "
						+ Numbers.format(before) + " to " + Numbers.format(e.cpu()));
			}
			delta[i] = e.cpu() - before;
			clock.put(e.thread(), e.cpu());
		}
	}

	/** "region 3 (kernel.c:41)". */
	String region(OmpRegion r) {
		String at = events.get(r.forkPosts.get(0)).at();
		return "region " + r.number + (at == null ? "" : " (" + at + ")");
	}

	/** The event at place {@code p} of a thread's list {@code own}, inside region {@code r}. */
	int next(List<Integer> own, int p, OmpRegion r) throws TraceException {
		if (p >= own.size()) {
			throw new TraceException(file, events.get(own.get(own.size() - 1)).line(), region(r) + " is not "
					+ "complete: " + events.get(own.get(0)).thread() + "'s events end inside it");
		}
		return own.get(p);
	}

	/** Whether event {@code i} is a {@code kind} of {@code object}. */
	boolean is(int i, EventKind kind, String object) {
		TraceEvent e = events.get(i);
		return e.kind() == kind && object.equals(e.object());
	}

	/** Folds event {@code i}'s work into member {@code member}'s phase {@code phase} of region {@code r}. */
	void fold(int i, OmpRegion r, int member, int phase) {
		if (fate[i] != Fate.ANCHOR) {
			fate[i] = Fate.FOLD;
		}
		foldRegion[i] = r;
		foldMember[i] = member;
		foldPhase[i] = phase;
	}
}
