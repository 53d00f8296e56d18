package org.perfcast.mapping;

import java.util.Objects;

import org.perfcast.engine.expr.Rational;

/**
 * The four parts of the general execution model for one processor, and their sum
 * T_i = SEQ_i + CL_i + SD_i − OL_i.
 *
 * @param processor the processor, numbered from 0 (the paper's processor i is processor i − 1 here)
 * @param SEQ       local, sequential computation
 * @param CL        communication: receiving, sending and passing through data
 * @param SD        synchronization delay: waiting for data to be received or sent
 * @param OL        the part of CL overlapped with computation, at most CL
 */
public record ProcessorTime(int processor, Rational SEQ, Rational CL, Rational SD, Rational OL) {

	/**
	 * @throws IllegalArgumentException if a part is negative or the overlap exceeds the communication
	 */
	public ProcessorTime {
		check("SEQ", SEQ);
		check("CL", CL);
		check("SD", SD);
		check("OL", OL);
		if (OL.compareTo(CL) > 0) {
			throw new IllegalArgumentException("processor " + processor + ": overlap OL = " + OL
					+ " exceeds the communication CL = " + CL);
		}
	}

	/** T_i = SEQ_i + CL_i + SD_i − OL_i. */
	public Rational T() {
		return SEQ.add(CL).add(SD).subtract(OL);
	}

	private static void check(String part, Rational value) {
		Objects.requireNonNull(value, part);
		if (value.signum() < 0) {
			throw new IllegalArgumentException(part + " must not be negative, was " + value);
		}
	}
}
