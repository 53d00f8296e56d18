package org.perfcast.loggp.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;

import org.perfcast.engine.EngineException;
import org.perfcast.loggp.CommunicationPattern;
import org.perfcast.loggp.Message;
import org.perfcast.loggp.PatternParser;

/** Fixtures: patterns written inline, the example patterns, seeded random patterns. */
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

	/** {@code messages} random messages between {@code P} processors, 1 to {@code maxBytes} bytes, no local ones. */
	static CommunicationPattern random(long seed, int P, int messages, int maxBytes) {
		SplittableRandom random = new SplittableRandom(seed);
		List<Message> list = new ArrayList<>(messages);
		for (int i = 0; i < messages; i++) {
			int from = random.nextInt(P);
			int to = (from + 1 + random.nextInt(P - 1)) % P;
			list.add(new Message(from, to, 1 + random.nextInt(maxBytes)));
		}
		return CommunicationPattern.of(list, P);
	}
}
