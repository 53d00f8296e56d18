package org.perfcast.trace.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes recordings of OpenMP programs in the order and form of the recorder ({@code ompt.c}) on one processor: the
 * primary thread {@code main} creates the workers {@code T1}.., posts each region's fork, workers take it, compute
 * and post each barrier, the primary takes the barrier and posts its release, which the workers take when they
 * next run (the last one of a region just before the next region's fork); every event carries {@code cpu=}.
 */
final class OmpTraces {

	/**
	 * A parallel region.
	 *
	 * @param work      per phase (fork to barrier 0, barrier K to K + 1), each member's computation, the primary first;
	 *                  the length of each array is the team
	 * @param overhead  CPU time each synchronisation event costs its thread (0 for none)
	 * @param at        the region's source line, e.g. "kernel.c:41"
	 */
	record Region(double[][] work, double overhead, String at) {
	}

	private final StringBuilder text = new StringBuilder("@recorded pthreads\n@unit s\n");
	private final List<Double> cpu = new ArrayList<>();
	private final List<Integer> pendingRelease = new ArrayList<>(); // per worker: the last region's release, or 0
	private final List<Integer> pendingBarrier = new ArrayList<>();
	private double time;

	private OmpTraces() {
	}

	/** A program of {@code workers} + 1 threads: serial work {@code serial[r]} before region r, the last after all. */
	static String program(int workers, double[] serial, List<Region> regions) {
		OmpTraces t = new OmpTraces();
		for (int i = 0; i <= workers; i++) {
			t.cpu.add(0.0);
			t.pendingRelease.add(0);
			t.pendingBarrier.add(0);
		}
		for (int w = 1; w <= workers; w++) {
			t.event(0, w == 1 ? serial[0] : 0, "create T" + w, null);
		}
		for (int r = 0; r < regions.size(); r++) {
			Region region = regions.get(r);
			t.region(r + 1, region, r == 0 && workers > 0 ? 0 : serial[r]);
		}
		for (int w = workers; w >= 1; w--) {
			t.event(w, 0, "exit", null);
		}
		t.event(0, serial[regions.size()], "exit", null);
		return t.text.append("@end\n").toString();
	}

	private void region(int number, Region region, double serial) {
		int n = region.work()[0].length;
		double o = region.overhead();
		for (int c = 1; c < n; c++) {
			event(0, c == 1 ? serial : o, "post omp.fork." + number, region.at());
		}
		for (int k = 0; k < region.work().length; k++) {
			double[] work = region.work()[k];
			for (int w = 1; w < n; w++) {
				if (k == 0) {
					if (pendingRelease.get(w) > 0) {
						event(w, o, "take omp.release." + pendingRelease.get(w) + "." + pendingBarrier.get(w), null);
					}
					event(w, o, "take omp.fork." + number, region.at());
				} else {
					event(w, o, "take omp.release." + number + "." + (k - 1), null);
				}
				event(w, work[w], "post omp.barrier." + number + "." + k, null);
			}
			for (int c = 1; c < n; c++) {
				event(0, c == 1 ? work[0] : o, "take omp.barrier." + number + "." + k, region.at());
			}
			for (int c = 1; c < n; c++) {
				event(0, o, "post omp.release." + number + "." + k, region.at());
			}
		}
		for (int w = 1; w < n; w++) {
			pendingRelease.set(w, number);
			pendingBarrier.set(w, region.work().length - 1);
		}
	}

	private void event(int thread, double work, String what, String at) {
		time += work;
		cpu.set(thread, cpu.get(thread) + work);
		text.append(String.format(Locale.ROOT, "%.9f %s %s cpu=%.9f%s%n", time, thread == 0 ? "main" : "T" + thread,
				what, cpu.get(thread), at == null ? "" : " at=" + at));
	}
}
