package org.perfcast.record.agent;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * What the recording's self-check needs besides the events: a thread's run-queue delay (the kernel's run_delay, read
 * from {@code /proc/thread-self/schedstat}), and at the end the JVM's CPU time since the recording began (its own
 * threads' included) and the time other programs had the one processor it is pinned to ({@code /proc/stat}). Linux
 * only; elsewhere every value is -1 and the trace simply lacks them. Java 11's API only.
 */
final class ProcessClocks {

	/** The run-queue delay is read at an event after this long off the processor. */
	static final long RUN_DELAY_GAP_NANOS = 100_000;

	private static final Path SCHEDSTAT = Paths.get("/proc/thread-self/schedstat");
	private static boolean noSchedstat;
	/** The one processor the JVM may run on, or -1. */
	private static int pinnedCpu = -1;
	/** How long that processor had been busy when the recording began (ns), or -1. */
	private static long busyStart = -1;
	/** The JVM's CPU time when the recording began (ns), or -1. */
	private static long processStart = -1;

	private ProcessClocks() {
	}

	/** Notes the clocks as the recording begins. */
	static void begin() {
		pinnedCpu = onlyCpu();
		busyStart = busyNanos(pinnedCpu);
		processStart = processCpu();
	}

	/**
	 * The running thread's time so far runnable but not running, in ns; -1 where Linux does not tell (or for a virtual
	 * thread, whose carrier's it would be).
	 */
	static long runDelay() {
		if (noSchedstat || Thread.currentThread().getClass().getName().equals("java.lang.VirtualThread")) {
			return -1;
		}
		try {
			String text = new String(Files.readAllBytes(SCHEDSTAT), StandardCharsets.US_ASCII);
			int first = text.indexOf(' ');
			int second = text.indexOf(' ', first + 1);
			return Long.parseLong(text.substring(first + 1, second < 0 ? text.strip().length() : second).strip());
		} catch (IOException | RuntimeException e) {
			noSchedstat = true;
			return -1;
		}
	}

	/**
	 * Since the recording began: the JVM's CPU time and the time others had its processor, in ns (each -1 when
	 * unknown; the second also when the JVM is not pinned to one processor).
	 */
	static long[] sinceBegin() {
		long now = processCpu();
		long used = now >= 0 && processStart >= 0 ? now - processStart : -1;
		long busy = used >= 0 && busyStart >= 0 ? busyNanos(pinnedCpu) : -1;
		return new long[] { used, busy < 0 ? -1 : Math.max(0, busy - busyStart - used) };
	}

	/** The one processor this process may run on ({@code Cpus_allowed_list} of its status), or -1. */
	private static int onlyCpu() {
		try {
			for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
				if (line.startsWith("Cpus_allowed_list:")) {
					String cpus = line.substring(line.indexOf(':') + 1).strip();
					return cpus.matches("[0-9]+") ? Integer.parseInt(cpus) : -1;
				}
			}
		} catch (IOException | RuntimeException e) {
			// not Linux
		}
		return -1;
	}

	/**
	 * How long processor {@code cpu} has been busy (user, system, interrupts, stolen), in ns from /proc/stat's ticks;
	 * -1 if unknown.
	 */
	private static long busyNanos(int cpu) {
		if (cpu < 0) {
			return -1;
		}
		try {
			for (String line : Files.readAllLines(Paths.get("/proc/stat"))) {
				if (line.startsWith("cpu" + cpu + " ")) {
					String[] f = line.strip().split("\\s+");
					long ticks = 0;
					for (int i : new int[] { 1, 2, 3, 6, 7, 8 }) { // user nice system irq softirq steal
						ticks += Long.parseLong(f[i]);
					}
					return ticks * 10_000_000L; // USER_HZ is 100 on Linux
				}
			}
		} catch (IOException | RuntimeException e) {
			// not Linux
		}
		return -1;
	}

	/** The JVM's CPU time (all its threads'), in nanoseconds, or -1 if it cannot tell. */
	private static long processCpu() {
		java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
		return os instanceof com.sun.management.OperatingSystemMXBean
				? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime()
				: -1;
	}
}
