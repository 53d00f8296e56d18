package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.ContributorFactoryOSGi;
import org.eclipse.core.runtime.IContributor;
import org.eclipse.core.runtime.IExtension;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.RegistryFactory;
import org.junit.jupiter.api.Test;
import org.perfcast.engine.run.Engine;
import org.perfcast.ide.Engines;

/** The engines' metadata lives in their classes: every contribution says the same (and loading checks it). */
class EnginesTest {

	@Test
	void testEveryContributionSaysWhatItsEngineSays() throws Exception {
		assertFalse(Engines.all().isEmpty());
		for (Engines.Descriptor d : Engines.all()) {
			Engine engine = d.engine();
			assertEquals(engine.name(), d.name(), d.id());
			assertEquals(new TreeSet<>(engine.fileExtensions().stream().map(e -> e.toLowerCase(Locale.ROOT)).collect(
					Collectors.toSet())), new TreeSet<>(d.fileExtensions()), d.id() + ": the files it reads");
		}
		assertEquals(3, Engines.forExtension("program").stream().filter(d -> d.id().equals("glamis") || d.id().equals(
				"loggp") || d.id().equals("mapping")).count(), "Glamis reads programs in the IDE as on the command line");
	}

	/** A plug-in that contributes an engine, installed and then removed while the IDE runs: the engines follow. */
	@Test
	void testEnginesFollowPluginsThatComeAndGo() throws Exception {
		IExtensionRegistry registry = RegistryFactory.getRegistry();
		Object token = ((org.eclipse.core.internal.registry.ExtensionRegistry) registry).getTemporaryUserToken();
		int before = Engines.all().size();
		String xml = "<?xml version=\"1.0\"?><plugin><extension id=\"dynamic\" point=\"" + Engines.EXTENSION_POINT
				+ "\"><engine id=\"glamis\" name=\"Glamis queueing networks (MVA)\" fileExtensions=\"glamis, qn, program\" "
				+ "class=\"org.perfcast.glamis.GlamisEngine\"/></extension></plugin>";
		IContributor contributor = ContributorFactoryOSGi.createContributor(Platform.getBundle("org.perfcast.ide"));
		assertTrue(registry.addContribution(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), contributor,
				false, "a dynamic engine", null, token));
		IExtension added = registry.getExtension(Engines.EXTENSION_POINT, "org.perfcast.ide.dynamic");
		try {
			assertNotNull(added);
			// the registry tells its listeners on a thread of its own
			awaitEngines(before + 1);
			assertEquals(2, Engines.all().stream().filter(d -> d.id().equals("glamis")).count());
		} finally {
			registry.removeExtension(added, token);
		}
		awaitEngines(before);
	}

	/** Waits (at most 20 s) until {@link Engines#all()} has {@code count} engines. */
	private static void awaitEngines(int count) throws InterruptedException {
		long end = System.currentTimeMillis() + 20_000;
		while (Engines.all().size() != count && System.currentTimeMillis() < end) {
			Thread.sleep(10);
		}
		assertEquals(count, Engines.all().size(), "the engines after the registry changed");
	}
}
