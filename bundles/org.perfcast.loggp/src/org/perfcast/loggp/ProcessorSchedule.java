package org.perfcast.loggp;

import java.util.List;

/**
 * What one processor does in a simulated step: its sends and receives in order, and when it is done.
 *
 * @param id     the processor's id
 * @param ops    its operations, in time order
 * @param finish the end of its last operation, 0 if it has none
 */
public record ProcessorSchedule(int id, List<Operation> ops, double finish) {

	public ProcessorSchedule {
		ops = ops instanceof OperationList ? ops : List.copyOf(ops);
	}
}
