package org.perfcast.trace;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One thread of a {@link Recording} as the paper's list: operations in program order, each preceded by the work
 * (processor time) the thread did since its previous operation. Kept in flat arrays so that traces of many
 * millions of events fit in memory; a list streamed from a trace drops the operations the simulation has passed
 * (see {@link #release(int)}), so that only a window of it is held, and may move the middle of that window to a
 * {@link Spill} file while the simulation does not need it.
 */
public final class ThreadProgram {

	private static final EventKind[] KINDS = EventKind.values();
	/** The most operations one piece of a spill holds, at most this many times the operations kept. */
	private static final int PIECE = 1 << 16;
	private static final int PIECE_PER_KEPT = 4;

	private int size;
	/** The index of the first operation held; operations before it were released. */
	private int base;
	/** Operations before this one may be dropped. */
	private int released;
	/** The operation the simulation reads (at or after {@link #released}): a spill starts after it. */
	private int reading;
	private byte[] kind = new byte[16];
	private double[] work = new double[16];
	private int[] arg = new int[16];
	private int[] event = new int[16];
	private int[] activation = new int[16];
	private int[] peer = new int[16];
	private long[] line = new long[16];
	private String @Nullable [] at;
	private double @Nullable [] offProcessor;
	/** Operations from {@code holeStart} to {@code holeEnd} (excluded) are in the spill file, not in the arrays. */
	private int holeStart = Integer.MAX_VALUE;
	private int holeEnd = Integer.MAX_VALUE;
	/** The spilled pieces in order: {first operation, count, offset in the file, bytes}. */
	private @Nullable ArrayDeque<long[]> spilled;

	/** Where operation {@code i} is in the arrays. */
	private int slot(int i) {
		return i < holeStart ? i - base : i - base - (holeEnd - holeStart);
	}

	/** How many operations the arrays hold. */
	int held() {
		return size - base - (holeStart == Integer.MAX_VALUE ? 0 : holeEnd - holeStart);
	}

	/** How many operations. */
	public int size() {
		return size;
	}

	/** The kind of operation {@code i}. */
	public EventKind kind(int i) {
		return KINDS[kind[slot(i)]];
	}

	/** The work done before operation {@code i}. */
	public double work(int i) {
		return work[slot(i)];
	}

	/** How long an {@code io} or {@code sleep} keeps the thread off its processor; else 0. */
	public double offProcessor(int i) {
		return offProcessor == null ? 0 : offProcessor[slot(i)];
	}

	/** The other thread of a create, activate or join, or the mutex of a lock, rlock or unlock (an index). */
	public int arg(int i) {
		return arg[slot(i)];
	}

	/** The event of a wait or activate (an index). */
	public int event(int i) {
		return event[slot(i)];
	}

	/**
	 * For an activate, its activation's number; for a wait, the number of the activation that satisfied it in the
	 * recording; else -1.
	 */
	public int activation(int i) {
		return activation[slot(i)];
	}

	/**
	 * For a wait or take, the thread whose activation or signal satisfied it in the recording; else -1.
	 */
	public int peer(int i) {
		return peer[slot(i)];
	}

	/** For an activate, the operation of its target that accepted it in the recording; else -1. */
	public int acceptor(int i) {
		return peer[slot(i)]; // an activate has no peer thread: its target is its argument
	}

	/** The trace line of operation {@code i}. */
	public long line(int i) {
		return line[slot(i)];
	}

	/** The source location of operation {@code i}, or null. */
	public @Nullable String at(int i) {
		return at == null ? null : at[slot(i)];
	}

	/** The total work of the thread. */
	public double totalWork() {
		double sum = 0;
		for (int i = 0; i < held(); i++) {
			sum += work[i];
		}
		return sum;
	}

	/**
	 * A copy of this whole list (nothing released or spilled) for a what-if to change ({@link WhatIf}): its own work
	 * and, if {@code mutexes}, its own arguments; the rest is shared (neither list may grow).
	 */
	ThreadProgram copy(boolean mutexes) {
		if (base != 0 || holeStart != Integer.MAX_VALUE) {
			throw new IllegalStateException("only a whole list can be copied");
		}
		ThreadProgram c = new ThreadProgram();
		c.size = size;
		c.kind = kind;
		c.work = Arrays.copyOf(work, work.length);
		c.arg = mutexes ? Arrays.copyOf(arg, arg.length) : arg;
		c.event = event;
		c.activation = activation;
		c.peer = peer;
		c.line = line;
		c.at = at;
		c.offProcessor = offProcessor;
		return c;
	}

	/** Sets the work done before operation {@code i} (a what-if). */
	void setWork(int i, double w) {
		work[slot(i)] = w;
	}

	/** Sets the mutex of lock, rlock or unlock {@code i} (a what-if). */
	void setMutex(int i, int m) {
		arg[slot(i)] = m;
	}

	int add(EventKind k, double w, int a, int e, long l, @Nullable String source) {
		int j = room(1);
		kind[j] = (byte) k.ordinal();
		work[j] = w;
		arg[j] = a;
		event[j] = e;
		activation[j] = -1;
		peer[j] = -1;
		line[j] = l;
		if (source != null) {
			String[] sources = at;
			if (sources == null) {
				sources = new String[kind.length];
				at = sources;
			}
			sources[j] = source;
		} else if (at != null) {
			at[j] = null;
		}
		if (offProcessor != null) {
			offProcessor[j] = 0;
		}
		return size++;
	}

	/**
	 * Appends the operations of {@code more}, a list of its own made apart (by a replay running ahead): its
	 * operations follow this list's last.
	 */
	void append(ThreadProgram more) {
		int n = more.size;
		int j = room(n);
		System.arraycopy(more.kind, 0, kind, j, n);
		System.arraycopy(more.work, 0, work, j, n);
		System.arraycopy(more.arg, 0, arg, j, n);
		System.arraycopy(more.event, 0, event, j, n);
		System.arraycopy(more.activation, 0, activation, j, n);
		System.arraycopy(more.peer, 0, peer, j, n);
		System.arraycopy(more.line, 0, line, j, n);
		String[] sources = more.at;
		if (sources != null) {
			String[] mine = at;
			if (mine == null) {
				mine = new String[kind.length];
				at = mine;
			}
			System.arraycopy(sources, 0, mine, j, n);
		} else if (at != null) {
			Arrays.fill(at, j, j + n, null);
		}
		double[] off = more.offProcessor;
		if (off != null) {
			double[] mine = offProcessor;
			if (mine == null) {
				mine = new double[kind.length];
				offProcessor = mine;
			}
			System.arraycopy(off, 0, mine, j, n);
		} else if (offProcessor != null) {
			Arrays.fill(offProcessor, j, j + n, 0);
		}
		size += n;
	}

	/**
	 * Makes room in the arrays for {@code n} more operations: drops the released ones when they are at least half of
	 * those held, else doubles the arrays (or more).
	 *
	 * @return the slot of the first new operation
	 */
	private int room(int n) {
		int j = held();
		if (j + n > kind.length) {
			int drop = droppable();
			if (drop > 0 && drop >= j / 2) {
				shift(drop);
				j -= drop;
			}
			if (j + n > kind.length) {
				grow(Math.max(2 * kind.length, j + n));
			}
		}
		return j;
	}

	/** How many operations at the head of the arrays were released and are not before a spilled piece. */
	private int droppable() {
		return Math.min(released, holeStart) - base;
	}

	/** Empties a list made apart, to fill it again. */
	void clear() {
		if (at != null) {
			Arrays.fill(at, 0, held(), null);
		}
		size = 0;
		base = 0;
		released = 0;
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
		int live = held() - drop;
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

	/** The simulation reads operation {@code i} now and the ones after it next: they stay in the arrays. */
	void reading(int i) {
		reading = i;
	}

	/**
	 * Moves the operations after the first {@code keep} not yet released nor being read, up to the last (which the
	 * replay may still complete), to {@code file}.
	 *
	 * @return how many operations left the arrays
	 */
	int spill(Spill file, int keep) {
		int moved = 0;
		for (int piece = spillPiece(file, keep); piece > 0; piece = spillPiece(file, keep)) {
			moved += piece;
		}
		return moved;
	}

	/**
	 * Moves the next piece of what {@link #spill} moves to {@code file}: at most {@link #PIECE} operations, so that
	 * its bytes are a short-lived buffer of a few megabytes, and at most {@link #PIECE_PER_KEPT} times {@code keep},
	 * so that a list with little room in memory brings back little at a time.
	 *
	 * @return how many operations left the arrays
	 */
	private int spillPiece(Spill file, int keep) {
		int from = holeStart != Integer.MAX_VALUE ? holeEnd : Math.max(Math.max(released, reading), base) + keep;
		int to = Math.min(size - 1, from + Math.min(PIECE, PIECE_PER_KEPT * keep));
		if (from < reading) {
			// a hole before where the simulation reads (Client-Server ran a later list first) grows up to there only
			to = Math.min(to, reading);
		}
		if (to - from < keep) {
			return 0;
		}
		byte[] data = pack(slot(from), to - from);
		long offset = file.write(data);
		ArrayDeque<long[]> pieces = spilled;
		if (pieces == null) {
			pieces = new ArrayDeque<>();
			spilled = pieces;
		}
		pieces.add(new long[] { from, to - from, offset, data.length });
		int j = slot(from);
		int k = slot(to);
		int live = held() - k;
		System.arraycopy(kind, k, kind, j, live);
		System.arraycopy(work, k, work, j, live);
		System.arraycopy(arg, k, arg, j, live);
		System.arraycopy(event, k, event, j, live);
		System.arraycopy(activation, k, activation, j, live);
		System.arraycopy(peer, k, peer, j, live);
		System.arraycopy(line, k, line, j, live);
		if (at != null) {
			System.arraycopy(at, k, at, j, live);
			Arrays.fill(at, j + live, k + live, null);
		}
		if (offProcessor != null) {
			System.arraycopy(offProcessor, k, offProcessor, j, live);
		}
		if (holeStart == Integer.MAX_VALUE) {
			holeStart = from;
		}
		holeEnd = to;
		return to - from;
	}

	/** The {@code n} operations from array slot {@code j} as bytes, column by column. */
	private byte[] pack(int j, int n) {
		List<String> sources = new ArrayList<>();
		int textBytes = 0;
		String[] located = at;
		for (int k = j; located != null && k < j + n; k++) {
			String source = located[k];
			if (source != null) {
				sources.add(source);
				textBytes += 4 + 3 * source.length();
			}
		}
		ByteBuffer b = ByteBuffer.allocate(n * (1 + 8 + 4 * 4 + 8 + 8 + 1) + textBytes);
		b.put(kind, j, n);
		b.asDoubleBuffer().put(work, j, n);
		b.position(b.position() + 8 * n);
		b.asIntBuffer().put(arg, j, n).put(event, j, n).put(activation, j, n).put(peer, j, n);
		b.position(b.position() + 16 * n);
		b.asLongBuffer().put(line, j, n);
		b.position(b.position() + 8 * n);
		if (offProcessor != null) {
			b.asDoubleBuffer().put(offProcessor, j, n);
		}
		b.position(b.position() + 8 * n);
		for (int k = j; k < j + n; k++) {
			b.put((byte) (at != null && at[k] != null ? 1 : 0));
		}
		for (String source : sources) {
			byte[] text = source.getBytes(StandardCharsets.UTF_8);
			b.putInt(text.length).put(text);
		}
		return Arrays.copyOf(b.array(), b.position());
	}

	/** Puts the {@code n} operations {@link #pack} made of {@code data} in array slots from {@code j}. */
	private void unpack(byte[] data, int j, int n) {
		ByteBuffer b = ByteBuffer.wrap(data);
		b.get(kind, j, n);
		b.asDoubleBuffer().get(work, j, n);
		b.position(b.position() + 8 * n);
		b.asIntBuffer().get(arg, j, n).get(event, j, n).get(activation, j, n).get(peer, j, n);
		b.position(b.position() + 16 * n);
		b.asLongBuffer().get(line, j, n);
		b.position(b.position() + 8 * n);
		double[] off = new double[n];
		b.asDoubleBuffer().get(off);
		b.position(b.position() + 8 * n);
		for (int k = 0; k < n; k++) {
			if (off[k] != 0 && offProcessor == null) {
				offProcessor = new double[kind.length];
			}
		}
		if (offProcessor != null) {
			System.arraycopy(off, 0, offProcessor, j, n);
		}
		byte[] located = new byte[n];
		b.get(located);
		for (int k = 0; k < n; k++) {
			if (located[k] != 0) {
				byte[] text = new byte[b.getInt()];
				b.get(text);
				String[] sources = at;
				if (sources == null) {
					sources = new String[kind.length];
					at = sources;
				}
				sources[j + k] = new String(text, StandardCharsets.UTF_8);
			} else if (at != null) {
				at[j + k] = null;
			}
		}
	}

	/** The first operation after {@code i}, which is held, that is in the spill file; else the size. */
	int heldUntil(int i) {
		return holeStart > i && holeStart < size ? holeStart : size;
	}

	/** How many operations the arrays have room for. */
	int capacity() {
		return kind.length;
	}

	/**
	 * Drops the released operations and gives back the room the list does not use (it keeps twice what it holds).
	 *
	 * @return how many operations' room was given back
	 */
	int trim() {
		int drop = droppable();
		if (drop > 0) {
			shift(drop);
		}
		int n = Math.max(16, 2 * held());
		if (kind.length <= n) {
			return 0;
		}
		int freed = kind.length - n;
		grow(n);
		return freed;
	}

	/** Whether operation {@code i} is in the spill file. */
	boolean spilled(int i) {
		return i >= holeStart && i < holeEnd;
	}

	/** Brings the first spilled piece back from {@code file}; returns how many operations came back. */
	int unspill(Spill file) {
		ArrayDeque<long[]> pieces = spilled;
		if (pieces == null) {
			throw new IllegalStateException("nothing is spilled");
		}
		long[] piece = pieces.poll();
		int count = (int) piece[1];
		int drop = droppable();
		if (drop > 0) {
			shift(drop);
		}
		int held = held();
		if (held + count > kind.length) {
			grow(Math.max(held + count, 2 * kind.length));
		}
		int j = holeStart - base;
		int live = held - j;
		System.arraycopy(kind, j, kind, j + count, live);
		System.arraycopy(work, j, work, j + count, live);
		System.arraycopy(arg, j, arg, j + count, live);
		System.arraycopy(event, j, event, j + count, live);
		System.arraycopy(activation, j, activation, j + count, live);
		System.arraycopy(peer, j, peer, j + count, live);
		System.arraycopy(line, j, line, j + count, live);
		if (at != null) {
			System.arraycopy(at, j, at, j + count, live);
		}
		if (offProcessor != null) {
			System.arraycopy(offProcessor, j, offProcessor, j + count, live);
		}
		unpack(file.read(piece[2], (int) piece[3]), j, count);
		holeStart += count;
		if (holeStart == holeEnd) {
			holeStart = Integer.MAX_VALUE;
			holeEnd = Integer.MAX_VALUE;
		}
		return count;
	}

	/** Forgets every operation but the last (which the replay may still complete or drop). */
	void discard() {
		if (size == base) {
			return;
		}
		int last = slot(size - 1);
		kind[0] = kind[last];
		work[0] = work[last];
		arg[0] = arg[last];
		event[0] = event[last];
		activation[0] = activation[last];
		peer[0] = peer[last];
		line[0] = line[last];
		if (at != null) {
			Arrays.fill(at, null);
		}
		if (offProcessor != null) {
			offProcessor[0] = offProcessor[last];
		}
		base = size - 1;
		released = base;
		holeStart = Integer.MAX_VALUE;
		holeEnd = Integer.MAX_VALUE;
		spilled = null;
	}

	void setOffProcessor(int i, double d) {
		double[] off = offProcessor;
		if (off == null) {
			off = new double[kind.length];
			offProcessor = off;
		}
		off[slot(i)] = d;
	}

	void setActivation(int i, int a) {
		activation[slot(i)] = a;
	}

	/** Operation {@code i}, a wait or take, accepted activation {@code a} of thread {@code by}. */
	void accepted(int i, int a, int by) {
		activation[slot(i)] = a;
		peer[slot(i)] = by;
	}

	/** Operation {@code i}, an activate, was accepted by operation {@code by} of its target. */
	void acceptedBy(int i, int by) {
		peer[slot(i)] = by;
	}

	/**
	 * Drops the last operation (a blocking one that never completed, in a recording cut short).
	 *
	 * @return the work done before it
	 */
	double removeLast() {
		return size > base ? work[slot(--size)] : 0;
	}
}
