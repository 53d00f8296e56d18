package org.perfcast.model.validation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.perfcast.model.program.Task;

/** Finds cycles in the dependencies of a program's tasks (depth-first search, in task order). */
final class TaskCycles {

	private enum Mark {
		ON_PATH, DONE
	}

	private TaskCycles() {
	}

	/**
	 * Every task on a dependency cycle, with the cycle written as "a -> b -> a" starting at that task; tasks
	 * outside the given list (other programs) are ignored.
	 */
	static Map<Task, String> find(List<Task> tasks) {
		Map<Task, Mark> marks = new IdentityHashMap<>();
		Map<Task, String> cycles = new LinkedHashMap<>();
		for (Task start : tasks) {
			if (marks.containsKey(start)) {
				continue;
			}
			// iterative DFS: a stack of (task, index of the next dependency to visit)
			Deque<Task> path = new ArrayDeque<>();
			Deque<int[]> next = new ArrayDeque<>();
			path.push(start);
			next.push(new int[] { 0 });
			marks.put(start, Mark.ON_PATH);
			while (!path.isEmpty()) {
				Task task = path.peek();
				int[] index = next.peek();
				if (index[0] < task.getDependsOn().size()) {
					Task dependency = task.getDependsOn().get(index[0]++);
					if (!tasks.contains(dependency)) {
						continue;
					}
					Mark mark = marks.get(dependency);
					if (mark == null) {
						marks.put(dependency, Mark.ON_PATH);
						path.push(dependency);
						next.push(new int[] { 0 });
					} else if (mark == Mark.ON_PATH) {
						record(cycleOf(path, dependency), cycles);
					}
				} else {
					marks.put(task, Mark.DONE);
					path.pop();
					next.pop();
				}
			}
		}
		return cycles;
	}

	/** The cycle closed by an edge to {@code back}, which is on the path: back -> ... -> top. */
	private static List<Task> cycleOf(Deque<Task> path, Task back) {
		List<Task> cycle = new ArrayList<>();
		for (var it = path.descendingIterator(); it.hasNext();) {
			Task task = it.next();
			if (task == back || !cycle.isEmpty()) {
				cycle.add(task);
			}
		}
		return cycle;
	}

	private static void record(List<Task> cycle, Map<Task, String> cycles) {
		for (int i = 0; i < cycle.size(); i++) {
			List<Task> rotated = new ArrayList<>(cycle.subList(i, cycle.size()));
			rotated.addAll(cycle.subList(0, i));
			rotated.add(cycle.get(i));
			cycles.putIfAbsent(cycle.get(i), rotated.stream().map(PerfcastValidator::nameOf).collect(Collectors.joining(" -> ")));
		}
	}
}
