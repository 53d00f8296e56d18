package org.perfcast.loggp;

import java.util.List;
import java.util.Objects;

/**
 * A simulated communication step.
 *
 * @param algorithm           the algorithm that produced it
 * @param T                   the step time: the latest finish of a processor
 * @param processors          every processor of the pattern, in id order
 * @param forcedTransmissions the sends forced to break cycles, in order (only the overestimation forces any)
 * @param localMessages       the messages from a processor to itself, which cost nothing
 */
public record StepResult(Algorithm algorithm, double T, List<ProcessorSchedule> processors,
		List<ForcedTransmission> forcedTransmissions, int localMessages) {

	public StepResult {
		Objects.requireNonNull(algorithm, "algorithm");
		processors = List.copyOf(processors);
		forcedTransmissions = List.copyOf(forcedTransmissions);
	}

	/** The ids of the processors that finish at T, ascending. */
	public List<Integer> last() {
		return processors.stream().filter(p -> p.finish() == T && !p.ops().isEmpty()).map(ProcessorSchedule::id).toList();
	}

	/** The schedule of processor {@code id}. */
	public ProcessorSchedule processor(int id) {
		return processors.stream().filter(p -> p.id() == id).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("no processor " + id));
	}
}
