package org.perfcast.revprof;

/**
 * One timing of a characterisation run.
 *
 * @param function the MPI function, e.g. "MPI_Allreduce"
 * @param p        the processes in the group
 * @param d        the message size in bytes
 * @param time     the time in microseconds (the maximum over the ranks)
 * @param line     the CSV line it came from, 0 for generated data
 */
public record Measurement(String function, int p, long d, double time, long line) {
}
