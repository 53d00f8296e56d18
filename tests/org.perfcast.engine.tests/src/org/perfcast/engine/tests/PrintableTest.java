package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Printable;

/** Input quoted in messages: control characters, separators and bidirectional overrides as visible escapes. */
class PrintableTest {

	@Test
	void testControlCharactersBecomeEscapes() {
		assertEquals("'\\x1b[31mred\\x07'", Printable.quote("\u001b[31mred\u0007"));
		assertEquals("a\\x00b\\x7fc\\x85d\\x9b", Printable.escape("a\u0000b\u007fc\u0085d\u009b"));
		assertEquals("tab\\x09nl\\x0acr\\x0d", Printable.escape("tab\tnl\ncr\r"));
	}

	@Test
	void testBidiOverridesAndInvisibleCharactersBecomeEscapes() {
		assertEquals("'abc\\u202edcba\\u202c'", Printable.quote("abc\u202edcba\u202c"));
		assertEquals("\\u2066x\\u2069\\u200by\\u200f\\u2028\\u2029\\ufeff\\u061c", Printable.escape(
				"\u2066x\u2069\u200by\u200f\u2028\u2029\ufeff\u061c"));
		assertEquals("lone \\ud800 surrogate", Printable.escape("lone \ud800 surrogate"));
		assertEquals("tag \\U000e0041", Printable.escape("tag \udb40\udc41"));
	}

	@Test
	void testPrintableTextIsKept() {
		String text = "été ☕ 𝄞 \\x1b 'quoted' µs ünïcödé";
		assertSame(text, Printable.escape(text));
		assertEquals("line one\n\tline two\\x1b", Printable.message("line one\n\tline two\u001b"));
	}

	@Test
	void testLongFragmentsAreCut() {
		String quoted = Printable.quote("x".repeat(5000));
		assertEquals(Printable.MAX_QUOTED + 3, quoted.length());
		assertTrue(quoted.endsWith("x…'"), quoted);
	}

	@Test
	void testDiagnosticsKeepEscapesWhateverTheirMessage() {
		Diagnostic d = Diagnostic.error("x", "unknown event \u001b]0;title\u0007 here\u202e",
				Location.at("a\u001b.vtrace", 3, 1));
		assertEquals("a\\x1b.vtrace:3:1: error: unknown event \\x1b]0;title\\x07 here\\u202e", d.toString());
		assertEquals("gauss.program:2: error: Step \\x1b: bad", Diagnostic.error("c", "bad",
				new Location.ElementLocation("gauss.program", "//@steps.0", "Step \u001b", 2)).toString());
	}
}
