package org.perfcast.loggp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineException;
import org.perfcast.loggp.Message;
import org.perfcast.loggp.PatternParser;

class PatternParserTest {

	private static List<String> errors(String text, OptionalInt P) {
		EngineException e = assertThrows(EngineException.class, () -> PatternParser.parse(text, "p.pattern", P));
		return e.diagnostics().stream().map(Diagnostic::toString).toList();
	}

	@Test
	void testMessagesInFileOrderWithCommentsAndBlankLines() throws EngineException {
		PatternParser.Parsed parsed = PatternParser.parse("# a step\n\n2 5 100  # first\n  5 2 7\n2 9 1\n", "p.pattern",
				OptionalInt.empty());
		assertEquals(List.of(new Message(2, 5, 100, 3), new Message(5, 2, 7, 4), new Message(2, 9, 1, 5)),
				parsed.pattern().messages());
		assertEquals(List.of(2, 5, 9), parsed.pattern().processors());
		assertEquals(List.of(), parsed.warnings());
	}

	@Test
	void testGivenPKeepsIdleProcessors() throws EngineException {
		assertEquals(List.of(0, 1, 2, 3), PatternParser.parse("1 2 8", "p.pattern", OptionalInt.of(4)).pattern()
				.processors());
	}

	@Test
	void testMalformedLinesPointAtTheField() {
		assertEquals(List.of(
				"p.pattern:1:4: error: expected 'src dst bytes', found 2 fields",
				"p.pattern:2:7: error: the size must be a whole number of bytes, not 'NaN'",
				"p.pattern:3:5: error: the size must not be negative, was -4 bytes",
				"p.pattern:4:1: error: the source processor must be a whole number, not 'x'",
				"p.pattern:5:5: error: the size 2000000000000 is absurd: a message has at most 2^40 bytes",
				"p.pattern:6:5: error: a message has at least 1 byte, was 0",
				"p.pattern:7:7: error: expected 'src dst bytes', found 4 fields",
				"p.pattern:8:3: error: the destination processor must not be negative, was -1",
				"p.pattern:9:5: error: the size must be a whole number of bytes, not '1.5'"),
				errors("0 1\n0 1   NaN\n0 1 -4\nx 1 4\n0 1 2000000000000\n0 1 0\n0 1 2 3\n0 -1 3\n0 1 1.5",
						OptionalInt.empty()));
	}

	@Test
	void testProcessorsOutOfRange() {
		assertEquals(List.of("p.pattern:2:3: error: the destination processor 4 is out of range 0..3 (P = 4)"),
				errors("0 1 8\n0 4 8", OptionalInt.of(4)));
		assertEquals(List.of("p.pattern:1:1: error: the source processor 99999999999 is out of range (at most 2147483646)"),
				errors("99999999999 1 8", OptionalInt.empty()));
	}

	@Test
	void testMessageToItselfCostsNothingWithAWarning() throws EngineException {
		PatternParser.Parsed parsed = PatternParser.parse("0 1 8\n3 3 8", "p.pattern", OptionalInt.empty());
		assertEquals(List.of(new Message(3, 3, 8, 2)), parsed.pattern().local());
		assertEquals(List.of(new Message(0, 1, 8, 1)), parsed.pattern().messages());
		assertEquals(List.of(0, 1, 3), parsed.pattern().processors());
		assertEquals(List.of("p.pattern:2:1: warning: a message from processor 3 to itself is a local memory transfer; it "
				+ "costs nothing and is not simulated"), parsed.warnings().stream().map(Diagnostic::toString).toList());
	}

	@Test
	void testEmptyPatternIsAnError() {
		assertEquals(List.of("p.pattern: error: the pattern has no messages; write one per line: src dst bytes"),
				errors("# nothing\n", OptionalInt.empty()));
	}
}
