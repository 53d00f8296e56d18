package org.perfcast.trace;

import java.util.Arrays;

/**
 * One thread of a {@link Recording} as the paper's list: operations in program order, each preceded by the work
 * (processor time) the thread did since its previous operation. Kept in flat arrays so that traces of many
 * millions of events fit in memory; a list streamed from a trace drops the operations the simulation has passed
 * (see {@link #release(int)}), so that only a window of it is held.
 */
public final class ThreadProgram {

	private static final EventKind[] KINDS = EventKind.values();

	private int size;
	/** The index of the first operation held; operations before it were released. */
	private int base;
	/** Operations before this one may be dropped. */
	private int released;
	private byte[] kind = new byte[16];
	private double[] work = new double[16];
	private int[] arg = new int[16];
	private int[] event = new int[16];
	private int[] activation = new int[16];
	private int[] peer = new int[16];
	private long[] line = new long[16];
	private String[] at;
	private double[] offProcessor;

	/** How many operations. */
	public int size() {
		return size;
	}

	/** The kind of operation {@code i}. */
	public EventKind kind(int i) {
		return KINDS[kind[i - base]];
	}

	/** The work done before operation {@code i}. */
	public double work(int i) {
		return work[i - base];
	}

	/** How long an {@code io} or {@code sleep} keeps the thread off its processor; else 0. */
	public double offProcessor(int i) {
		return offProcessor == null ? 0 : offProcessor[i - base];
	}

	/** The other thread of a create, activate or join, or the mutex of a lock, rlock or unlock (an index). */
	public int arg(int i) {
		return arg[i - base];
	}

	/** The event of a wait or activate (an index). */
	public int event(int i) {
		return event[i - base];
	}

	/**
	 * For an activate, its activation's number; for a wait, the number of the activation that satisfied it in the
	 * recording; else -1.
	 */
	public int activation(int i) {
		return activation[i - base];
	}

	/**
	 * For a wait or take, the thread whose activation or signal satisfied it in the recording; else -1.
	 */
	public int peer(int i) {
		return peer[i - base];
	}

	/** The trace line of operation {@code i}. */
	public long line(int i) {
		return line[i - base];
	}

	/** The source location of operation {@code i}, or null. */
	public String at(int i) {
		return at == null ? null : at[i - base];
	}

	/** The total work of the thread. */
	public double totalWork() {
		double sum = 0;
		for (int i = 0; i < size - base; i++) {
			sum += work[i];
		}
		return sum;
	}

	int add(EventKind k, double w, int a, int e, long l, String source) {
		int j = size - base;
		if (j == kind.length) {
			int drop = released - base;
			if (drop >= j / 2) {
				shift(drop);
				j -= drop;
			} else {
				grow(j * 2);
			}
		}
		kind[j] = (byte) k.ordinal();
		work[j] = w;
		arg[j] = a;
		event[j] = e;
		activation[j] = -1;
		peer[j] = -1;
		line[j] = l;
		if (source != null) {
			if (at == null) {
				at = new String[kind.length];
			}
			at[j] = source;
		} else if (at != null) {
			at[j] = null;
		}
		if (offProcessor != null) {
			offProcessor[j] = 0;
		}
		return size++;
	}

	private void grow(int n) {
		kind = Arrays.copyOf(kind, n);
		work = Arrays.copyOf(work, n);
		arg = Arrays.copyOf(arg, n);
		event = Arrays.copyOf(event, n);
		activation = Arrays.copyOf(activation, n);
		peer = Arrays.copyOf(peer, n);
		line = Arrays.copyOf(line, n);
		if (at != null) {
			at = Arrays.copyOf(at, n);
		}
		if (offProcessor != null) {
			offProcessor = Arrays.copyOf(offProcessor, n);
		}
	}

	/** Drops the first {@code drop} operations held. */
	private void shift(int drop) {
		int live = size - base - drop;
		System.arraycopy(kind, drop, kind, 0, live);
		System.arraycopy(work, drop, work, 0, live);
		System.arraycopy(arg, drop, arg, 0, live);
		System.arraycopy(event, drop, event, 0, live);
		System.arraycopy(activation, drop, activation, 0, live);
		System.arraycopy(peer, drop, peer, 0, live);
		System.arraycopy(line, drop, line, 0, live);
		if (at != null) {
			System.arraycopy(at, drop, at, 0, live);
			Arrays.fill(at, live, live + drop, null);
		}
		if (offProcessor != null) {
			System.arraycopy(offProcessor, drop, offProcessor, 0, live);
		}
		base += drop;
	}

	/**
	 * Lets the operations before {@code i} go: a list streamed from a trace drops them when it next needs room.
	 * Their indices stay valid for the operations after them.
	 */
	void release(int i) {
		released = Math.max(released, Math.min(i, size));
	}

	void setOffProcessor(int i, double d) {
		if (offProcessor == null) {
			offProcessor = new double[kind.length];
		}
		offProcessor[i - base] = d;
	}

	void setActivation(int i, int a) {
		activation[i - base] = a;
	}

	/** Operation {@code i}, a wait or take, accepted activation {@code a} of thread {@code by}. */
	void accepted(int i, int a, int by) {
		activation[i - base] = a;
		peer[i - base] = by;
	}

	/**
	 * Drops the last operation (a blocking one that never completed, in a recording cut short).
	 *
	 * @return the work done before it
	 */
	double removeLast() {
		return size > base ? work[--size - base] : 0;
	}

	void addWork(int i, double w) {
		work[i - base] += w;
	}
}
