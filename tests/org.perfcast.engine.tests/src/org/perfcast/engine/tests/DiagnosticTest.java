package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.Location;
import org.perfcast.engine.Severity;

class DiagnosticTest {

	@Test
	void testPrintsLikeACompiler() {
		assertEquals("matvec.pamela:12:5: error: undefined name 'K'",
				Diagnostic.error("pamela.undefinedName", "undefined name 'K'", Location.at("matvec.pamela", 12, 5))
						.toString());
		assertEquals("ring.machine: warning: link l[3] carries 80% of the traffic",
				Diagnostic.warning("x", "link l[3] carries 80% of the traffic", Location.of("ring.machine")).toString());
		assertEquals("T = 4320 cycles", Diagnostic.info("x", "T = 4320 cycles", Location.of("")).message());
	}

	@Test
	void testLocations() {
		assertEquals("a.pamela:3", new Location.TextLocation("a.pamela", 3, 0, 0).format());
		Location message = new Location.ElementLocation("gauss.program", "//@steps.0/@messages.4", "Message m4", 17);
		assertEquals("gauss.program:17", message.format());
		assertEquals("gauss.program:17: error: Message m4: size: -1 is negative",
				Diagnostic.error("c", "size: -1 is negative", message).toString());
		assertEquals("gauss.program: warning: Step 2: slow",
				Diagnostic.warning("c", "slow", new Location.ElementLocation("gauss.program", "//@steps.1", "Step 2", 0))
						.toString());
		assertThrows(IllegalArgumentException.class, () -> Location.at("a", 0, 1));
		assertThrows(IllegalArgumentException.class, () -> Location.at("a", 1, -1));
	}

	@Test
	void testEngineExceptionCarriesItsDiagnostics() {
		Diagnostic first = Diagnostic.error("c1", "first", Location.at("f", 1, 1));
		Diagnostic second = Diagnostic.error("c2", "second", Location.at("f", 2, 1));
		EngineException e = new EngineException(List.of(first, second));
		assertEquals("f:1:1: error: first", e.getMessage());
		assertEquals(List.of(first, second), e.diagnostics());
		assertThrows(IllegalArgumentException.class, () -> new EngineException(List.of()));
	}

	@Test
	void testSeverityOrderAndLabels() {
		assertEquals(List.of(Severity.INFO, Severity.WARNING, Severity.ERROR), List.of(Severity.values()));
		assertEquals("warning", Severity.WARNING.label());
		assertSame(Severity.ERROR, Diagnostic.error("c", "m", Location.of("f")).severity());
	}
}
