package org.perfcast.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** The events of one parallel region of an OpenMP recording, by role (see {@link TeamResize}). */
final class OmpRegion {
	private static final double[][] NO_PHASES = new double[0][];
	private static final int[][] NO_REPRESENTATIVES = new int[0][];
	private static final int[] NO_EVENTS = new int[0];

	final int number;
	final String primary;
	final List<Integer> forkPosts = new ArrayList<>();
	final List<Integer> forkTakes = new ArrayList<>();
	final TreeMap<Integer, Boolean> barriers = new TreeMap<>();
	// filled for regions to resize; empty before
	int last; // the last barrier
	List<String> members = List.of(); // recorded members, the primary first
	double[][] work = NO_PHASES; // [phase][member]
	int[][] representative = NO_REPRESENTATIVES; // [phase][member]: the event that ends the member's phase
	int[] forkTake = NO_EVENTS; // [member]: a worker's take of the fork
	int[] release = NO_EVENTS; // [barrier]: the primary's first release post
	double[][] shares = NO_PHASES; // [phase][new member]

	OmpRegion(int number, String primary) {
		this.number = number;
		this.primary = primary;
	}

	int team() {
		return forkPosts.size() + 1;
	}
}
