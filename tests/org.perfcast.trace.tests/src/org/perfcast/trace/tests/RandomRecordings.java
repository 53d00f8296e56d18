package org.perfcast.trace.tests;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.perfcast.trace.EventKind;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceHeader;

/**
 * Recordings of random programs using every kind of event: a main thread M creates workers that exchange
 * activations with it and with each other, post and take signals, lock mutexes alone or as readers, sleep and do
 * I/O; M joins them. Each program is run on one processor in a seeded random interleaving with the replay's rules
 * (the highest-priority waiter gets a free mutex, readers share it, the oldest signal goes to the taker that
 * blocked first) and recorded with CPU clocks; an interleaving that gets stuck is drawn again.
 */
final class RandomRecordings {

	private record Op(EventKind kind, String target, String object, double work, double duration) {
	}

	private RandomRecordings() {
	}

	/** A recording from {@code seed}. */
	static Trace generate(long seed) {
		Random random = new Random(seed);
		for (int attempt = 0;; attempt++) {
			Map<String, List<Op>> programs = programs(random);
			List<String> priorities = new ArrayList<>(programs.keySet());
			Collections.shuffle(priorities, random);
			if (random.nextBoolean()) {
				priorities = priorities.subList(0, random.nextInt(priorities.size()));
			}
			List<TraceEvent> events = record(programs, priorities, random);
			if (events != null) {
				return new Trace("random-" + seed + ".vtrace", new TraceHeader(List.copyOf(priorities), "s"), events);
			}
			if (attempt > 1000) {
				throw new IllegalStateException("no interleaving of seed " + seed + " completes");
			}
		}
	}

	private static Map<String, List<Op>> programs(Random random) {
		int k = 1 + random.nextInt(5);
		Map<String, List<Op>> programs = new LinkedHashMap<>();
		List<Op> main = new ArrayList<>();
		List<List<Op>> workers = new ArrayList<>();
		for (int i = 1; i <= k; i++) {
			main.add(op(random, EventKind.CREATE, "W" + i, null));
			workers.add(new ArrayList<>());
		}
		int steps = random.nextInt(4 * k + 1);
		for (int s = 0; s < steps; s++) {
			int w = random.nextInt(k);
			List<Op> worker = workers.get(w);
			switch (random.nextInt(7)) {
			case 0 -> { // an activation of the worker by M
				String event = "e" + random.nextInt(2);
				main.add(op(random, EventKind.ACTIVATE, "W" + (w + 1), event));
				worker.add(op(random, EventKind.WAIT, null, event));
			}
			case 1 -> { // the worker reports to M
				String event = "e" + random.nextInt(2);
				worker.add(op(random, EventKind.ACTIVATE, "M", event));
				main.add(op(random, EventKind.WAIT, null, event));
			}
			case 2 -> { // a signal from one worker to another (or itself)
				String signal = "s" + random.nextInt(2);
				workers.get(random.nextInt(k)).add(op(random, EventKind.POST, null, signal));
				worker.add(op(random, EventKind.TAKE, null, signal));
			}
			case 3 -> {
				String mutex = "L" + random.nextInt(2);
				worker.add(op(random, random.nextBoolean() ? EventKind.LOCK : EventKind.RLOCK, null, mutex));
				worker.add(op(random, EventKind.UNLOCK, null, mutex));
			}
			case 4 -> worker.add(new Op(random.nextBoolean() ? EventKind.SLEEP : EventKind.IO, null, null,
					work(random), 1 + random.nextInt(5)));
			case 5 -> { // M signals a worker
				String signal = "m" + random.nextInt(2);
				main.add(op(random, EventKind.POST, null, signal));
				worker.add(op(random, EventKind.TAKE, null, signal));
			}
			default -> { // a thread blocked taking until M posts
				worker.add(op(random, EventKind.TAKE, null, "go"));
				main.add(op(random, EventKind.POST, null, "go"));
			}
			}
		}
		for (int i = 1; i <= k; i++) {
			main.add(op(random, EventKind.JOIN, "W" + i, null));
		}
		main.add(op(random, EventKind.EXIT, null, null));
		programs.put("M", main);
		for (int i = 1; i <= k; i++) {
			List<Op> worker = workers.get(i - 1);
			worker.add(op(random, EventKind.EXIT, null, null));
			programs.put("W" + i, worker);
		}
		return programs;
	}

	private static Op op(Random random, EventKind kind, String target, String object) {
		return new Op(kind, target, object, work(random), Double.NaN);
	}

	private static double work(Random random) {
		return random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(9);
	}

	/** Runs the programs on one processor in a random interleaving; null if it gets stuck. */
	private static List<TraceEvent> record(Map<String, List<Op>> programs, List<String> priorities, Random random) {
		Map<String, Integer> pc = new HashMap<>();
		Map<String, Double> cpu = new HashMap<>();
		Set<String> blocked = new HashSet<>();
		Map<String, String> waitingFor = new HashMap<>();
		Map<String, List<String[]>> pending = new HashMap<>(); // target -> [activator, event]
		Map<String, Integer> posted = new HashMap<>();
		Map<String, ArrayDeque<String>> takers = new HashMap<>();
		Map<String, String> owner = new HashMap<>();
		Map<String, List<String>> readers = new HashMap<>();
		Map<String, List<String[]>> lockQueue = new HashMap<>(); // mutex -> [thread, kind]
		Map<String, List<String>> joiners = new HashMap<>();
		List<String> created = new ArrayList<>(List.of("M"));
		Set<String> done = new HashSet<>();
		List<TraceEvent> events = new ArrayList<>();
		double time = 0;
		long line = 0;
		while (true) {
			List<String> runnable = created.stream().filter(t -> !done.contains(t) && !blocked.contains(t)).toList();
			if (runnable.isEmpty()) {
				return done.size() == programs.size() ? events : null;
			}
			String t = runnable.get(random.nextInt(runnable.size()));
			Op op = programs.get(t).get(pc.merge(t, 1, Integer::sum) - 1);
			time += op.work() + (op.kind().timed() ? op.duration() : 0);
			double clock = cpu.merge(t, op.work(), Double::sum);
			events.add(new TraceEvent(++line, time, t, op.kind(), op.target(), op.object(), clock, null,
					op.duration()));
			String object = op.object();
			switch (op.kind()) {
			case CREATE -> created.add(op.target());
			case WAIT -> {
				List<String[]> list = pending.computeIfAbsent(t, x -> new ArrayList<>());
				String[] match = list.stream().filter(a -> a[1].equals(object)).findFirst().orElse(null);
				if (match != null) {
					list.remove(match);
					blocked.remove(match[0]);
				} else {
					blocked.add(t);
					waitingFor.put(t, object);
				}
			}
			case ACTIVATE -> {
				if (object.equals(waitingFor.get(op.target()))) {
					blocked.remove(op.target());
					waitingFor.remove(op.target());
				} else {
					pending.computeIfAbsent(op.target(), x -> new ArrayList<>()).add(new String[] { t, object });
					blocked.add(t);
				}
			}
			case POST -> {
				ArrayDeque<String> queue = takers.get(object);
				if (queue != null && !queue.isEmpty()) {
					blocked.remove(queue.poll());
				} else {
					posted.merge(object, 1, Integer::sum);
				}
			}
			case TAKE -> {
				if (posted.getOrDefault(object, 0) > 0) {
					posted.merge(object, -1, Integer::sum);
				} else {
					takers.computeIfAbsent(object, x -> new ArrayDeque<>()).add(t);
					blocked.add(t);
				}
			}
			case LOCK, RLOCK -> {
				List<String> shared = readers.computeIfAbsent(object, x -> new ArrayList<>());
				if (!owner.containsKey(object) && (op.kind() == EventKind.RLOCK || shared.isEmpty())) {
					if (op.kind() == EventKind.RLOCK) {
						shared.add(t);
					} else {
						owner.put(object, t);
					}
				} else {
					lockQueue.computeIfAbsent(object, x -> new ArrayList<>()).add(new String[] { t,
							op.kind().keyword() });
					blocked.add(t);
				}
			}
			case UNLOCK -> {
				if (t.equals(owner.get(object))) {
					owner.remove(object);
				} else {
					readers.get(object).remove(t);
				}
				grant(object, owner, readers, lockQueue.getOrDefault(object, new ArrayList<>()), priorities, blocked);
			}
			case JOIN -> {
				if (!done.contains(op.target())) {
					joiners.computeIfAbsent(op.target(), x -> new ArrayList<>()).add(t);
					blocked.add(t);
				}
			}
			case EXIT -> {
				done.add(t);
				for (String j : joiners.getOrDefault(t, List.of())) {
					blocked.remove(j);
				}
			}
			case IO, SLEEP -> {
				// off the processor for its duration, which the clock of the others does not see
			}
			}
		}
	}

	/** As the replay: the waiter of highest priority (first among equals) if it locks alone, else every reader. */
	private static void grant(String mutex, Map<String, String> owner, Map<String, List<String>> readers,
			List<String[]> queue, List<String> priorities, Set<String> blocked) {
		if (owner.containsKey(mutex) || queue.isEmpty()) {
			return;
		}
		String[] next = queue.get(0);
		for (String[] w : queue) {
			if (rank(w[0], priorities) < rank(next[0], priorities)) {
				next = w;
			}
		}
		if (next[1].equals("lock")) {
			if (readers.get(mutex).isEmpty()) {
				queue.remove(next);
				owner.put(mutex, next[0]);
				blocked.remove(next[0]);
			}
			return;
		}
		for (String[] w : List.copyOf(queue)) {
			if (w[1].equals("rlock")) {
				queue.remove(w);
				readers.get(mutex).add(w[0]);
				blocked.remove(w[0]);
			}
		}
	}

	private static int rank(String thread, List<String> priorities) {
		int r = priorities.indexOf(thread);
		return r < 0 ? priorities.size() : r;
	}
}
