package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Processes;
import org.perfcast.engine.tests.fixtures.Monitors;

/** Running programs to their end: a time limit and a cancel end the program and every process it started. */
class ProcessesTest {

	/** A shell that starts two sleeping children and waits for them; the pids of the children are its output. */
	private static ProcessBuilder family() {
		return new ProcessBuilder("sh", "-c", "sleep 300 & echo $!; sleep 300 & echo $!; wait");
	}

	private static void assertEnded(List<Long> pids) throws InterruptedException {
		for (long pid : pids) {
			for (int i = 0; i < 50 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) {
				Thread.sleep(100);
			}
			assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "process " + pid + " ended");
		}
	}

	@Test
	void aTimeLimitEndsTheProgramAndTheProcessesItStarted() throws Exception {
		Process shell = family().redirectErrorStream(true).start();
		Thread.sleep(300);
		List<Long> children = shell.descendants().map(ProcessHandle::pid).toList();
		assertEquals(2, children.size(), "two sleeping children: " + children);
		Processes.TimeoutException e = assertThrows(Processes.TimeoutException.class, () -> Processes.await(shell,
				Duration.ofMillis(500), null, "the family"));
		assertTrue(e.getMessage().startsWith("the family did not end within 0.5 s"), e.getMessage());
		assertFalse(shell.isAlive());
		assertEnded(children);
	}

	@Test
	void aCancelEndsThemToo() throws Exception {
		AtomicBoolean cancelled = new AtomicBoolean();
		EngineMonitor monitor = Monitors.cancelledWhen(cancelled::get);
		Process shell = family().start();
		Thread.sleep(300);
		List<Long> children = shell.descendants().map(ProcessHandle::pid).toList();
		Thread.ofPlatform().start(() -> {
			try {
				Thread.sleep(300);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
			cancelled.set(true);
		});
		assertThrows(CancelledException.class, () -> Processes.await(shell, null, monitor, "the family"));
		assertFalse(shell.isAlive());
		assertEnded(children);
	}

	@Test
	void outputIsReadWhileTheProgramRuns() throws Exception {
		// 4 MB: far more than a pipe holds, so a reader that waits for the end first would stall the program
		Processes.Finished f = Processes.run(new ProcessBuilder("sh", "-c", "head -c 4000000 /dev/zero | tr '\\0' x; "
				+ "echo; echo done >&2; exit 3"), Duration.ofSeconds(60), EngineMonitor.NULL, "writer");
		assertEquals(3, f.status());
		assertEquals(4_000_000 + "\ndone\n".length(), f.output().length());
		assertTrue(f.output().endsWith("done\n"));
	}

	@Test
	void limitsAreSecondsFromZero() {
		assertEquals(Duration.ofMillis(1500), Processes.limit("1.5"));
		assertEquals(Duration.ZERO, Processes.limit("0"));
		assertThrows(IllegalArgumentException.class, () -> Processes.limit("-1"));
		assertThrows(IllegalArgumentException.class, () -> Processes.limit("NaN"));
		assertThrows(IllegalArgumentException.class, () -> Processes.limit("soon"));
	}
}
