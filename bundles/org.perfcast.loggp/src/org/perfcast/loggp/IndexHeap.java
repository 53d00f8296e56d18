package org.perfcast.loggp;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A binary min-heap of indices ordered by a time per index, then by a tie key per index; both keys live in
 * arrays owned by the caller and must not change while the index is in the heap. O(log n) per insertion and
 * removal, no boxing.
 */
final class IndexHeap {

	private final double[] time;
	private final long @Nullable [] tie;
	private int[] heap;
	private int size;

	/**
	 * @param time the first key of each index
	 * @param tie  the second key of each index, or null to break ties by the index itself
	 */
	IndexHeap(double[] time, long @Nullable [] tie, int capacity) {
		this.time = time;
		this.tie = tie;
		this.heap = new int[Math.max(1, capacity)];
	}

	boolean isEmpty() {
		return size == 0;
	}

	int size() {
		return size;
	}

	/** The least index; the heap must not be empty. */
	int peek() {
		return heap[0];
	}

	void add(int index) {
		if (size == heap.length) {
			heap = Arrays.copyOf(heap, size * 2);
		}
		int i = size++;
		while (i > 0) {
			int parent = (i - 1) >>> 1;
			if (!less(index, heap[parent])) {
				break;
			}
			heap[i] = heap[parent];
			i = parent;
		}
		heap[i] = index;
	}

	/** Removes and returns the least index; the heap must not be empty. */
	int poll() {
		int top = heap[0];
		int last = heap[--size];
		int i = 0;
		while (true) {
			int child = 2 * i + 1;
			if (child >= size) {
				break;
			}
			if (child + 1 < size && less(heap[child + 1], heap[child])) {
				child++;
			}
			if (!less(heap[child], last)) {
				break;
			}
			heap[i] = heap[child];
			i = child;
		}
		heap[i] = last;
		return top;
	}

	private boolean less(int a, int b) {
		if (time[a] != time[b]) {
			return time[a] < time[b];
		}
		long[] t = tie;
		return t == null ? a < b : t[a] != t[b] ? t[a] < t[b] : a < b;
	}
}
