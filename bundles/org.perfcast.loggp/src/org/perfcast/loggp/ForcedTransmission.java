package org.perfcast.loggp;

/**
 * A send that the {@link OverestimationSimulation} forced on a processor still waiting for messages, to break a
 * cycle of processors each waiting for another (the paper's section 4.2).
 *
 * @param from    the sender's id
 * @param to      the destination's id
 * @param bytes   the message's length
 * @param start   when the forced send started
 * @param message the message's position in {@link CommunicationPattern#messages()}
 */
public record ForcedTransmission(int from, int to, long bytes, double start, int message) {
}
