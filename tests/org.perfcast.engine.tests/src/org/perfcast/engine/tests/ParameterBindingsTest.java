package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.perfcast.engine.ParameterBindings;

class ParameterBindingsTest {

	@Test
	void testParseKeepsOrderAndLastAssignmentWins() {
		ParameterBindings b = ParameterBindings.parse(List.of("N=60", "P=6", "t_l=0.2", "N=600"));
		assertEquals(List.of("N", "P", "t_l"), List.copyOf(b.names()));
		assertEquals(600, b.value("N"));
		assertEquals(0.2, b.value("t_l"));
		assertEquals("N=600, P=6, t_l=0.2", b.toString());
	}

	@ParameterizedTest
	@ValueSource(strings = { "N", "=3", "2N=3", "N-1=3", "N=", "N=abc", "N=NaN", "N=Infinity", "N=1e999", "N=1..2" })
	void testParseRejectsMalformedAssignments(String assignment) {
		IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
				() -> ParameterBindings.parse(List.of(assignment)));
		assertFalse(e.getMessage().isBlank());
	}

	@Test
	void testMessagesNameTheProblem() {
		assertEquals("'N' is not NAME=VALUE",
				assertThrows(IllegalArgumentException.class, () -> ParameterBindings.parse(List.of("N"))).getMessage());
		assertEquals("value of P: 'six' is not a number",
				assertThrows(IllegalArgumentException.class, () -> ParameterBindings.parse(List.of("P=six"))).getMessage());
		assertEquals("parameter Q is not bound",
				assertThrows(IllegalArgumentException.class, () -> ParameterBindings.EMPTY.value("Q")).getMessage());
	}

	@Test
	void testValuesMustBeFinite() {
		Map<String, Double> values = new LinkedHashMap<>();
		values.put("N", Double.NaN);
		assertThrows(IllegalArgumentException.class, () -> ParameterBindings.of(values));
		assertThrows(IllegalArgumentException.class, () -> ParameterBindings.EMPTY.with("P", Double.POSITIVE_INFINITY));
	}

	@Test
	void testWithAndOverriddenByAreImmutable() {
		ParameterBindings defaults = ParameterBindings.of(Map.of("N", 60));
		ParameterBindings more = defaults.with("P", 6);
		assertFalse(defaults.isBound("P"));
		assertTrue(more.isBound("P"));
		ParameterBindings overridden = more.overriddenBy(ParameterBindings.parse(List.of("N=120", "b=4")));
		assertEquals(120, overridden.value("N"));
		assertEquals(6, overridden.value("P"));
		assertEquals(4, overridden.value("b"));
		assertEquals(60, more.value("N"));
		assertEquals(overridden, ParameterBindings.parse(List.of("N=120", "P=6", "b=4")));
		assertThrows(UnsupportedOperationException.class, () -> overridden.asMap().put("X", 1.0));
	}

	@Test
	void testGetOfUnboundIsEmpty() {
		assertTrue(ParameterBindings.EMPTY.get("N").isEmpty());
		assertEquals(60, ParameterBindings.parse(List.of("N=60")).get("N").getAsDouble());
	}
}
