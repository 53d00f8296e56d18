package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.cluster.ClusterSettings;
import org.perfcast.cluster.ClusterSweep;

/** Settings' checks and choices, and the point lists that tasks are given. */
class ClusterSettingsTest {

	@Test
	void testPointsPerTaskKeepTheArrayWithinAThousandTasks() {
		ClusterSettings settings = ClusterSettings.local();
		assertEquals(1, settings.pointsPerTask(20));
		assertEquals(1, settings.pointsPerTask(1000));
		assertEquals(2, settings.pointsPerTask(1001));
		assertEquals(10, settings.pointsPerTask(10_000));
		assertEquals(7, settings.with("", "", 7).pointsPerTask(10_000));
	}

	@Test
	void testBadSettingsAreRefusedWithTheReason() {
		assertEquals("time limit '5 minutes' is not one of SLURM's forms: MINUTES, MINUTES:SECONDS, HOURS:MINUTES:SECONDS, DAYS-HOURS[:MINUTES[:SECONDS]]",
				assertThrows(IllegalArgumentException.class, () -> ClusterSettings.local().with("", "5 minutes", 0)).getMessage());
		assertEquals("submitting through ssh needs the remote folder for the jobs' files", assertThrows(
				IllegalArgumentException.class, () -> new ClusterSettings("login", "", "", "", "", "", 0)).getMessage());
		assertEquals("'-oProxyCommand=x' is not a host name", assertThrows(IllegalArgumentException.class,
				() -> new ClusterSettings("-oProxyCommand=x", "", "/tmp", "", "", "", 0)).getMessage());
		assertEquals("the remote folder '-x' begins with '-', as an option does; give an absolute path",
				assertThrows(IllegalArgumentException.class, () -> new ClusterSettings("login", "", "-x", "", "", "", 0))
						.getMessage());
		assertEquals("the distribution folder '/opt/a?b' holds a control character; give a name without one", assertThrows(IllegalArgumentException.class,
						() -> new ClusterSettings("", "", "", "", "", "/opt/a\nb", 0)).getMessage());
		ClusterSettings.local().with("debug", "1-12:00:00", 0);
	}

	@Test
	void testTheSettingsGiveBackTheirCommandLineOptions() {
		assertEquals(List.of("--ssh", "me@login", "--remote-dir", "/scratch/me/jobs $(x)", "--distribution", "/opt/p",
				"--partition", "debug", "--time", "10", "--points-per-task", "4"),
				new ClusterSettings("login", "me", "/scratch/me/jobs $(x)", "debug", "10", "/opt/p", 4).options());
		assertEquals(List.of(), ClusterSettings.local().options());
	}

	@Test
	void testTheNodesRunTheDistributionsStartScript() {
		assertEquals("perfcast", ClusterSettings.local().perfcastCommand());
		assertEquals("/opt/perfcast-cli/bin/perfcast",
				new ClusterSettings("", "", "", "", "", "/opt/perfcast-cli/", 0).perfcastCommand());
		assertEquals("me@login", new ClusterSettings("login", "me", "/scratch", "", "", "", 0).sshTarget().orElseThrow());
	}

	@Test
	void testPointListsReadRangesAndSinglePoints() {
		assertEquals(List.of(0, 1, 2, 3, 4, 7, 9, 10), ClusterSweep.parseSpec("0..4,7,9..10"));
		assertEquals("'4..2' is not a point index or a range A..B of them",
				assertThrows(IllegalArgumentException.class, () -> ClusterSweep.parseSpec("4..2")).getMessage());
		assertEquals("'x' is not a point index or a range A..B of them",
				assertThrows(IllegalArgumentException.class, () -> ClusterSweep.parseSpec("1,x")).getMessage());
	}
}
