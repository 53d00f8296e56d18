package org.perfcast.trace.tests;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.perfcast.trace.EventKind;
import org.perfcast.trace.Trace;
import org.perfcast.trace.TraceEvent;
import org.perfcast.trace.TraceHeader;

/**
 * Recordings of random deadlock-free programs: a main thread M creates workers W1..Wk, hands each a "go"
 * activation, waits for k "done" activations and joins them all; workers compute, take locks around short
 * critical sections and report "done". The program is run on one processor in a seeded random interleaving and
 * recorded with CPU clocks, as a recorder would.
 */
final class RandomTraces {

	private record Op(EventKind kind, String target, String object, double work) {
	}

	private RandomTraces() {
	}

	static Trace generate(long seed) {
		Random random = new Random(seed);
		int k = 1 + random.nextInt(6);
		Map<String, List<Op>> programs = new LinkedHashMap<>();
		List<Op> main = new ArrayList<>();
		for (int i = 1; i <= k; i++) {
			main.add(new Op(EventKind.CREATE, "W" + i, null, work(random)));
		}
		for (int i = 1; i <= k; i++) {
			main.add(new Op(EventKind.ACTIVATE, "W" + i, "go", work(random)));
		}
		for (int i = 1; i <= k; i++) {
			main.add(new Op(EventKind.WAIT, null, "done", work(random)));
		}
		for (int i = 1; i <= k; i++) {
			main.add(new Op(EventKind.JOIN, "W" + i, null, work(random)));
		}
		main.add(new Op(EventKind.EXIT, null, null, work(random)));
		programs.put("M", main);
		for (int i = 1; i <= k; i++) {
			List<Op> worker = new ArrayList<>();
			worker.add(new Op(EventKind.WAIT, null, "go", work(random)));
			int rounds = random.nextInt(4);
			for (int r = 0; r < rounds; r++) {
				String lock = "L" + random.nextInt(2);
				worker.add(new Op(EventKind.LOCK, null, lock, work(random)));
				worker.add(new Op(EventKind.UNLOCK, null, lock, work(random)));
			}
			worker.add(new Op(EventKind.ACTIVATE, "M", "done", work(random)));
			worker.add(new Op(EventKind.EXIT, null, null, work(random)));
			programs.put("W" + i, worker);
		}
		List<String> priorities = new ArrayList<>(programs.keySet());
		java.util.Collections.shuffle(priorities, random);
		return new Trace("random-" + seed + ".vtrace", new TraceHeader(priorities, "s"), record(programs, priorities,
				random));
	}

	private static double work(Random random) {
		return random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(9);
	}

	/** Runs the programs on one processor, choosing at random which runnable thread goes next. */
	private static List<TraceEvent> record(Map<String, List<Op>> programs, List<String> priorities, Random random) {
		Map<String, Integer> pc = new HashMap<>();
		Map<String, Double> cpu = new HashMap<>();
		Map<String, String> blocked = new HashMap<>(); // thread -> what it waits in
		Map<String, String> waitingFor = new HashMap<>(); // thread -> event it waits for
		Map<String, List<String[]>> pending = new HashMap<>(); // target -> [activator, event]
		Map<String, String> owner = new HashMap<>();
		Map<String, List<String>> lockQueue = new HashMap<>();
		Map<String, List<String>> joiners = new HashMap<>();
		List<String> created = new ArrayList<>(List.of("M"));
		List<String> done = new ArrayList<>();
		List<TraceEvent> events = new ArrayList<>();
		double time = 0;
		long line = 0;
		while (true) {
			List<String> runnable = created.stream().filter(t -> !done.contains(t) && !blocked.containsKey(t)).toList();
			if (runnable.isEmpty()) {
				if (done.size() != programs.size()) {
					throw new IllegalStateException("the generated program deadlocked: " + blocked);
				}
				return events;
			}
			String t = runnable.get(random.nextInt(runnable.size()));
			Op op = programs.get(t).get(pc.merge(t, 1, Integer::sum) - 1);
			time += op.work();
			double clock = cpu.merge(t, op.work(), Double::sum);
			events.add(new TraceEvent(++line, time, t, op.kind(), op.target(), op.object(), clock, null));
			switch (op.kind()) {
			case CREATE -> created.add(op.target());
			case WAIT -> {
				List<String[]> list = pending.computeIfAbsent(t, x -> new ArrayList<>());
				String[] match = list.stream().filter(a -> a[1].equals(op.object())).findFirst().orElse(null);
				if (match != null) {
					list.remove(match);
					blocked.remove(match[0]);
				} else {
					blocked.put(t, "wait");
					waitingFor.put(t, op.object());
				}
			}
			case ACTIVATE -> {
				if ("wait".equals(blocked.get(op.target())) && op.object().equals(waitingFor.get(op.target()))) {
					blocked.remove(op.target());
					waitingFor.remove(op.target());
				} else {
					pending.computeIfAbsent(op.target(), x -> new ArrayList<>()).add(new String[] { t, op.object() });
					blocked.put(t, "activate");
				}
			}
			case LOCK -> {
				if (owner.containsKey(op.object())) {
					lockQueue.computeIfAbsent(op.object(), x -> new ArrayList<>()).add(t);
					blocked.put(t, "lock");
				} else {
					owner.put(op.object(), t);
				}
			}
			case UNLOCK -> {
				List<String> queue = lockQueue.getOrDefault(op.object(), new ArrayList<>());
				if (queue.isEmpty()) {
					owner.remove(op.object());
				} else {
					// as the replay does: the waiter of highest priority gets the mutex
					String next = queue.stream().min(java.util.Comparator.comparingInt(priorities::indexOf)).orElseThrow();
					queue.remove(next);
					owner.put(op.object(), next);
					blocked.remove(next);
				}
			}
			case JOIN -> {
				if (!done.contains(op.target())) {
					joiners.computeIfAbsent(op.target(), x -> new ArrayList<>()).add(t);
					blocked.put(t, "join");
				}
			}
			case EXIT -> {
				done.add(t);
				for (String j : joiners.getOrDefault(t, List.of())) {
					blocked.remove(j);
				}
			}
			}
		}
	}
}
