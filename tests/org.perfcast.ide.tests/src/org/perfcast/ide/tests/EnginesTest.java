package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Collectors;

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
}
