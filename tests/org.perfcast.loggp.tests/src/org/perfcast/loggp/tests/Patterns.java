package org.perfcast.loggp.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;

import org.perfcast.engine.EngineException;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.PatternParser;

/** Fixtures: patterns written inline and the example patterns. */
final class Patterns {

	private Patterns() {
	}

	/** The pattern of {@code lines} ("src dst bytes" each). */
	static CommunicationPattern of(String... lines) {
		try {
			return PatternParser.parse(String.join("\n", lines), "test.pattern", OptionalInt.empty()).pattern();
		} catch (EngineException e) {
			throw new IllegalStateException(e.getMessage(), e);
		}
	}

	/** The example pattern at {@code relative} under the examples (system property perfcast.examples). */
	static Path example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
	}

	/** The example pattern at {@code relative}, parsed. */
	static CommunicationPattern exampleParsed(String relative) throws IOException, EngineException {
		return PatternParser.parse(Files.readString(example(relative)), relative, OptionalInt.empty()).pattern();
	}
}
