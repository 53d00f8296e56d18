package org.perfcast.engine.tests.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.run.OptionSpec;
import org.perfcast.engine.run.OptionValues;

class OptionSpecTest {

	private static final List<OptionSpec> SPECS = List.of(OptionSpec.integer("events", 1000, "maximum events"),
			OptionSpec.real("alpha", 0.5, "weight"), OptionSpec.bool("trace", false, "record a trace"),
			OptionSpec.choice("solver", "exact", "MVA solver", List.of("exact", "approximate")),
			OptionSpec.text("label", "", "a label"));

	@Test
	void testParseEachKind() {
		assertEquals(12L, SPECS.get(0).parse(" 12 "));
		assertEquals(2.5e-6, SPECS.get(1).parse("2.5e-6"));
		assertEquals(Boolean.TRUE, SPECS.get(2).parse("TRUE"));
		assertEquals("approximate", SPECS.get(3).parse("approximate"));
		assertEquals(" any text ", SPECS.get(4).parse(" any text "));
	}

	@Test
	void testInvalidValues() {
		assertEquals("option events needs a whole number, not '1.5'",
				assertThrows(IllegalArgumentException.class, () -> SPECS.get(0).parse("1.5")).getMessage());
		assertEquals("option alpha needs a number: 'NaN' is not a number",
				assertThrows(IllegalArgumentException.class, () -> SPECS.get(1).parse("NaN")).getMessage());
		assertEquals("option trace needs true or false, not 'yes'",
				assertThrows(IllegalArgumentException.class, () -> SPECS.get(2).parse("yes")).getMessage());
		assertEquals("option solver needs one of exact, approximate, not 'fast'",
				assertThrows(IllegalArgumentException.class, () -> SPECS.get(3).parse("fast")).getMessage());
	}

	@Test
	void testInvalidSpecs() {
		assertThrows(IllegalArgumentException.class, () -> OptionSpec.choice("c", "x", "h", List.of()));
		assertThrows(IllegalArgumentException.class, () -> OptionSpec.choice("c", "x", "h", List.of("y")));
		assertThrows(IllegalArgumentException.class, () -> OptionSpec.integer("1x", 1, "h"));
		assertThrows(IllegalArgumentException.class,
				() -> new OptionSpec("n", OptionSpec.Kind.INTEGER, "many", "h", List.of()));
	}

	@Test
	void testValuesFillDefaultsInSpecOrder() {
		OptionValues values = OptionValues.parse(SPECS, List.of("solver=approximate", "events=5", "events=7"));
		assertEquals(7, values.integer("events"));
		assertEquals(0.5, values.real("alpha"));
		assertEquals(false, values.bool("trace"));
		assertEquals("approximate", values.text("solver"));
		assertEquals("events=7, alpha=0.5, trace=false, solver=approximate, label=", values.toString());
		assertEquals(values, OptionValues.of(SPECS, values.texts()));
	}

	@Test
	void testUnknownOrMalformedOptions() {
		assertEquals("unknown option 'evnts'; known: events, alpha, trace, solver, label", assertThrows(
				IllegalArgumentException.class, () -> OptionValues.of(SPECS, Map.of("evnts", "1"))).getMessage());
		assertEquals("unknown option 'x'; the engine takes no options",
				assertThrows(IllegalArgumentException.class, () -> OptionValues.parse(List.of(), List.of("x=1")))
						.getMessage());
		assertEquals("'events' is not NAME=VALUE",
				assertThrows(IllegalArgumentException.class, () -> OptionValues.parse(SPECS, List.of("events")))
						.getMessage());
	}
}
