package org.perfcast.glamis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.tests.fixtures.Monitors;
import org.perfcast.glamis.MeanValueAnalysis;
import org.perfcast.glamis.MultiClassMva;
import org.perfcast.glamis.MvaSolution;
import org.perfcast.glamis.Station;

/** MVA against brute force, the operational laws, asymptotic bounds and replication, on generated networks. */
class MeanValueAnalysisTest {

	private static List<Station> randomNetwork(Random random) {
		List<Station> stations = new ArrayList<>();
		int k = 1 + random.nextInt(4);
		for (int i = 0; i < k; i++) {
			stations.add(Station.queue("q" + i, 0.1 + random.nextDouble() * 3));
		}
		if (random.nextBoolean()) {
			stations.add(Station.delay("z", random.nextDouble() * 5));
		}
		return stations;
	}

	/** Gordon–Newell: the product form summed over every state with N customers. */
	private static double[] bruteForce(List<Station> stations, int customers) {
		double[] g = new double[customers + 1];
		double[][] queue = new double[customers + 1][stations.size()];
		for (int n = 0; n <= customers; n++) {
			double[] q = new double[stations.size()];
			g[n] = sum(stations, 0, n, new int[stations.size()], q);
			for (int k = 0; k < q.length; k++) {
				queue[n][k] = q[k] / g[n];
			}
		}
		double[] result = new double[1 + stations.size()];
		result[0] = g[customers - 1] / g[customers];
		System.arraycopy(queue[customers], 0, result, 1, stations.size());
		return result;
	}

	private static double sum(List<Station> stations, int k, int left, int[] state, double[] q) {
		if (k == stations.size() - 1) {
			state[k] = left;
			double weight = 1;
			for (int i = 0; i < stations.size(); i++) {
				Station s = stations.get(i);
				double f = Math.pow(s.demand(), state[i]);
				if (s.kind() == Station.Kind.DELAY) {
					for (int j = 2; j <= state[i]; j++) {
						f /= j;
					}
				}
				weight *= f;
			}
			for (int i = 0; i < q.length; i++) {
				q[i] += state[i] * weight;
			}
			return weight;
		}
		double total = 0;
		for (int n = 0; n <= left; n++) {
			state[k] = n;
			total += sum(stations, k + 1, left - n, state, q);
		}
		return total;
	}

	@Test
	void testExactMvaEqualsTheProductFormOnSmallNetworks() {
		Random random = new Random(1);
		for (int trial = 0; trial < 200; trial++) {
			List<Station> stations = randomNetwork(random);
			int customers = 1 + random.nextInt(7);
			MvaSolution mva = MeanValueAnalysis.exact(stations, customers, EngineMonitor.NULL);
			double[] brute = bruteForce(stations, customers);
			assertEquals(brute[0], mva.throughput(), 1e-9 * brute[0], "X, trial " + trial);
			for (int k = 0; k < stations.size(); k++) {
				assertEquals(brute[k + 1], mva.stations().get(k).queueLength(), 1e-9 * (1 + brute[k + 1]),
						"Q of " + stations.get(k).name() + ", trial " + trial);
			}
		}
	}

	@Test
	void testOperationalLawsAndAsymptoticBounds() {
		Random random = new Random(2);
		for (int trial = 0; trial < 300; trial++) {
			List<Station> stations = randomNetwork(random);
			int customers = 1 + random.nextInt(40);
			for (MvaSolution s : List.of(MeanValueAnalysis.exact(stations, customers, EngineMonitor.NULL),
					MeanValueAnalysis.schweitzer(stations, customers, 1e-12, 1_000_000, EngineMonitor.NULL))) {
				double population = 0;
				double demand = 0;
				double maxDemand = 0;
				for (MvaSolution.Result r : s.stations()) {
					assertEquals(s.throughput() * r.residence(), r.queueLength(), 1e-9 * (1 + r.queueLength()), "Little");
					assertEquals(s.throughput() * r.station().demand(), r.utilisation(), 1e-12, "utilisation law");
					if (r.station().kind() == Station.Kind.QUEUE) {
						assertTrue(r.utilisation() <= 1 + 1e-9, "U <= 1");
						demand += r.station().demand();
						maxDemand = Math.max(maxDemand, r.station().demand());
					}
					population += r.station().multiplicity() * r.queueLength();
				}
				assertEquals(customers, population, 1e-6 * customers, "customers conserved, " + s.solver());
				double z = s.delayDemand();
				assertTrue(s.throughput() <= Math.min(customers / (demand + z), 1 / maxDemand) * (1 + 1e-9),
						"upper bound, " + s.solver());
				assertTrue(s.throughput() >= customers / (customers * demand + z) * (1 - 1e-9), "lower bound, " + s.solver());
				assertEquals(customers / s.throughput(), s.cycleTime(), 1e-9 * s.cycleTime());
			}
		}
	}

	@Test
	void testBlockOfIdenticalCentresEqualsTheCentresWrittenOut() {
		for (int m : new int[] { 1, 2, 5 }) {
			List<Station> written = new ArrayList<>();
			written.add(Station.delay("z", 3));
			for (int i = 0; i < m; i++) {
				written.add(Station.queue("l" + i, 0.7));
			}
			List<Station> block = List.of(Station.delay("z", 3), Station.block("l", m, 0.7));
			for (int n = 1; n <= 12; n++) {
				MvaSolution a = MeanValueAnalysis.exact(written, n, EngineMonitor.NULL);
				MvaSolution b = MeanValueAnalysis.exact(block, n, EngineMonitor.NULL);
				assertEquals(a.throughput(), b.throughput(), 1e-12 * a.throughput());
				assertEquals(a.stations().get(1).queueLength(), b.station("l").queueLength(), 1e-12);
				MvaSolution c = MeanValueAnalysis.schweitzer(written, n, 1e-13, 1_000_000, EngineMonitor.NULL);
				MvaSolution d = MeanValueAnalysis.schweitzer(block, n, 1e-13, 1_000_000, EngineMonitor.NULL);
				assertEquals(c.throughput(), d.throughput(), 1e-9 * c.throughput());
			}
		}
		// the block's cost does not depend on m
		MvaSolution huge = MeanValueAnalysis.exact(List.of(Station.block("l", 1_000_000, 1e-6)), 1000, EngineMonitor.NULL);
		assertEquals(1000 / (1 + 999e-6), huge.throughput(), 1e-6);
	}

	@Test
	void testSchweitzerApproachesExactForManyCustomers() {
		List<Station> stations = List.of(Station.queue("a", 1), Station.queue("b", 0.5), Station.delay("z", 10));
		MvaSolution exact = MeanValueAnalysis.exact(stations, 200, EngineMonitor.NULL);
		MvaSolution approximate = MeanValueAnalysis.schweitzer(stations, 200, 1e-12, 1_000_000, EngineMonitor.NULL);
		assertEquals(exact.throughput(), approximate.throughput(), 1e-3 * exact.throughput());
		assertTrue(approximate.iterations() > 1 && approximate.residual() <= 1e-12);
	}

	@Test
	void testMultiClassAgreesWithSingleClass() {
		List<Station> stations = List.of(Station.queue("a", 0), Station.block("b", 3, 0), Station.delay("z", 0));
		double[] demands = { 1.5, 0.4, 2 };
		MultiClassMva.Solution one = MultiClassMva.exact(stations, new double[][] { demands }, new long[] { 7 },
				EngineMonitor.NULL);
		List<Station> single = List.of(Station.queue("a", 1.5), Station.block("b", 3, 0.4), Station.delay("z", 2));
		MvaSolution reference = MeanValueAnalysis.exact(single, 7, EngineMonitor.NULL);
		assertEquals(reference.throughput(), one.throughput()[0], 1e-12);
		assertEquals(reference.station("b").queueLength(), one.queueLength()[1], 1e-12);
		// two classes with equal demands behave as one class of all their customers
		MultiClassMva.Solution two = MultiClassMva.exact(stations, new double[][] { demands, demands },
				new long[] { 3, 4 }, EngineMonitor.NULL);
		assertEquals(reference.throughput(), two.throughput()[0] + two.throughput()[1], 1e-12);
		assertEquals(3.0 / 7, two.throughput()[0] / reference.throughput(), 1e-12);
		assertEquals(reference.station("a").utilisation(), two.utilisation()[0], 1e-12);
	}

	@Test
	void testBadInputIsRefusedClearly() {
		List<Station> stations = List.of(Station.queue("a", 1));
		assertEquals("a closed network needs at least one customer, was 0", assertThrows(IllegalArgumentException.class,
				() -> MeanValueAnalysis.exact(stations, 0, EngineMonitor.NULL)).getMessage());
		assertTrue(assertThrows(IllegalArgumentException.class,
				() -> MeanValueAnalysis.exact(List.of(Station.queue("a", 0)), 3, EngineMonitor.NULL)).getMessage()
				.startsWith("every demand is zero"));
		assertEquals("a: the demand must be finite and not negative, was -1.0",
				assertThrows(IllegalArgumentException.class, () -> Station.queue("a", -1)).getMessage());
		assertEquals("a: the demand must be finite and not negative, was NaN",
				assertThrows(IllegalArgumentException.class, () -> Station.queue("a", Double.NaN)).getMessage());
		assertTrue(assertThrows(IllegalArgumentException.class, () -> MeanValueAnalysis.schweitzer(
				List.of(Station.queue("a", 1), Station.queue("b", 2)), 50, 1e-15, 2, EngineMonitor.NULL)).getMessage()
				.startsWith("Bard-Schweitzer did not converge in 2 iterations"));
		assertTrue(assertThrows(IllegalArgumentException.class, () -> MultiClassMva.exact(stations,
				new double[][] { { 1 }, { 1 } }, new long[] { 100_000, 100_000 }, EngineMonitor.NULL)).getMessage()
				.contains("exceed"));
		assertThrows(CancelledException.class, () -> MeanValueAnalysis.exact(stations, 10_000, Monitors.CANCELLED));
	}
}
