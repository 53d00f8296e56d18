package org.perfcast.trace;

import java.util.Arrays;

/**
 * One thread of a {@link Recording} as the paper's list: operations in program order, each preceded by the work
 * (processor time) the thread did since its previous operation. Kept in flat arrays so that traces of many
 * millions of events fit in memory.
 */
public final class ThreadProgram {

	private static final EventKind[] KINDS = EventKind.values();

	private int size;
	private byte[] kind = new byte[16];
	private double[] work = new double[16];
	private int[] arg = new int[16];
	private int[] event = new int[16];
	private int[] activation = new int[16];
	private long[] line = new long[16];
	private String[] at;
	private double[] offProcessor;

	/** How many operations. */
	public int size() {
		return size;
	}

	/** The kind of operation {@code i}. */
	public EventKind kind(int i) {
		return KINDS[kind[i]];
	}

	/** The work done before operation {@code i}. */
	public double work(int i) {
		return work[i];
	}

	/** How long an {@code io} or {@code sleep} keeps the thread off its processor; else 0. */
	public double offProcessor(int i) {
		return offProcessor == null ? 0 : offProcessor[i];
	}

	/** The other thread of a create, activate or join, or the mutex of a lock, rlock or unlock (an index). */
	public int arg(int i) {
		return arg[i];
	}

	/** The event of a wait or activate (an index). */
	public int event(int i) {
		return event[i];
	}

	/**
	 * For an activate, its activation's number; for a wait, the number of the activation that satisfied it in the
	 * recording; else -1.
	 */
	public int activation(int i) {
		return activation[i];
	}

	/** The trace line of operation {@code i}. */
	public long line(int i) {
		return line[i];
	}

	/** The source location of operation {@code i}, or null. */
	public String at(int i) {
		return at == null ? null : at[i];
	}

	/** The total work of the thread. */
	public double totalWork() {
		double sum = 0;
		for (int i = 0; i < size; i++) {
			sum += work[i];
		}
		return sum;
	}

	int add(EventKind k, double w, int a, int e, long l, String source) {
		if (size == kind.length) {
			int n = size * 2;
			kind = Arrays.copyOf(kind, n);
			work = Arrays.copyOf(work, n);
			arg = Arrays.copyOf(arg, n);
			event = Arrays.copyOf(event, n);
			activation = Arrays.copyOf(activation, n);
			line = Arrays.copyOf(line, n);
			if (at != null) {
				at = Arrays.copyOf(at, n);
			}
			if (offProcessor != null) {
				offProcessor = Arrays.copyOf(offProcessor, n);
			}
		}
		kind[size] = (byte) k.ordinal();
		work[size] = w;
		arg[size] = a;
		event[size] = e;
		activation[size] = -1;
		line[size] = l;
		if (source != null) {
			if (at == null) {
				at = new String[kind.length];
			}
			at[size] = source;
		}
		return size++;
	}

	void setOffProcessor(int i, double d) {
		if (offProcessor == null) {
			offProcessor = new double[kind.length];
		}
		offProcessor[i] = d;
	}

	void setActivation(int i, int a) {
		activation[i] = a;
	}

	/**
	 * Drops the last operation (a blocking one that never completed, in a recording cut short).
	 *
	 * @return the work done before it
	 */
	double removeLast() {
		return size > 0 ? work[--size] : 0;
	}

	void addWork(int i, double w) {
		work[i] += w;
	}
}
