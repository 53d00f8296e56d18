package org.perfcast.pamela;

import java.util.List;

/**
 * The critical path of a program's PAMELA translation: the steps run in sequence and each is a {@code par} over
 * the processes, so T_cplx is the sum over the steps of the longest process, and the path runs through that
 * process's computation and sends. Elements are named by URI fragment in the program's file.
 *
 * @param steps every step instance in order, with its longest process
 */
public record CriticalPath(List<StepOnPath> steps) {

	public CriticalPath {
		steps = List.copyOf(steps);
	}

	/**
	 * A step instance on the path.
	 *
	 * @param step    the step's URI fragment
	 * @param label   the instance (the step's name, with the values of its indices when repeated)
	 * @param process the process that takes longest (the lowest of equals)
	 * @param time    its computation and sends, the step's share of T_cplx
	 * @param sends   its messages in the order it sends them
	 */
	public record StepOnPath(String step, String label, long process, double time, List<Send> sends) {

		public StepOnPath {
			sends = List.copyOf(sends);
		}
	}

	/**
	 * A message sent on the path.
	 *
	 * @param message the message element's URI fragment
	 * @param from    the sending process
	 * @param to      the receiving process
	 * @param time    the time it uses links for: size × hop time, over every link of its route
	 */
	public record Send(String message, long from, long to, double time) {
	}

	/** T_cplx: the sum of the steps' times. */
	public double length() {
		return steps.stream().mapToDouble(StepOnPath::time).sum();
	}
}
