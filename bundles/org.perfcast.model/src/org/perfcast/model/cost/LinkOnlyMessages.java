package org.perfcast.model.cost;

import java.util.Optional;

import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.program.Program;

/**
 * The assumption of the engines that charge a message only for the links it crosses (PAMELA's translation of a
 * program, the mapping engine's general model, the Glamis model derived from a program): size × the cost per
 * item on each link of its route, with no LogGP overhead, gap or latency per message. On a machine that states
 * LogGP parameters the LogGP simulation charges those, so the engines differ by them; this says so.
 */
public final class LinkOnlyMessages {

	/** The diagnostic code of the warning. */
	public static final String CODE = "assumption.linkOnlyMessages";

	private LinkOnlyMessages() {
	}

	/** The warning for {@code program}, when its machine states LogGP parameters that such an engine ignores. */
	public static Optional<String> warning(Program program) {
		Machine machine = program.getMachine();
		if (machine == null || machine.eIsProxy() || machine.getCommunication() == null) {
			return Optional.empty();
		}
		Communication c = machine.getCommunication();
		boolean stated = !c.getLogGPTable().isEmpty() || set(c.getLatency()) || set(c.getOverhead()) || set(c.getGap());
		if (!stated) {
			return Optional.empty();
		}
		String values = c.getLogGPTable().isEmpty() ? " (" + String.join(", ", java.util.stream.Stream.of(
				set(c.getLatency()) ? "L = " + c.getLatency() : null, set(c.getOverhead()) ? "o = " + c.getOverhead() : null,
				set(c.getGap()) ? "g = " + c.getGap() : null).filter(java.util.Objects::nonNull).toList()) + ")" : "";
		return Optional.of("messages cost only their size times the cost per item on each link of their route: the"
				+ " machine's LogGP latency, overhead and gap per message" + values + " are not charged, so this"
				+ " predicts less communication than the LogGP simulation (perfcast loggp)");
	}

	private static boolean set(String text) {
		return text != null && !text.isBlank();
	}
}
