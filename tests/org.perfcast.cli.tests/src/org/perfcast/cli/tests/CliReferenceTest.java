package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.perfcast.cli.Command;
import org.perfcast.cli.PerfcastCli;

/** docs/cli.md is what the commands' help says, word for word ({@link CliReference}). */
class CliReferenceTest {

	@Test
	void theCommittedReferenceIsTheHelp() throws IOException {
		Path root = CliReference.root();
		String rendered = CliReference.render(root);
		Path out = root.resolve(CliReference.RENDERED);
		Files.createDirectories(out.getParent());
		Files.writeString(out, rendered, StandardCharsets.UTF_8);
		Path page = root.resolve(CliReference.PAGE);
		String committed = Files.exists(page) ? Files.readString(page, StandardCharsets.UTF_8) : "";
		assertEquals(rendered, committed, CliReference.PAGE + " differs from what the commands' help prints; "
				+ "regenerate it (the test wrote the new page to " + CliReference.RENDERED + "):\n  "
				+ CliReference.REGENERATE + "\n");
	}

	@Test
	void theReferenceHasEveryCommandsOptions() throws IOException {
		String rendered = CliReference.render(CliReference.root());
		for (Command command : PerfcastCli.withBuiltinCommands().commands()) {
			assertTrue(rendered.contains("\n## perfcast " + command.name() + "\n"), command.name());
			if (!command.name().equals("help")) { // its section is the list of commands
				assertTrue(rendered.contains(command.usage()), command.name() + "'s usage");
			}
		}
		assertTrue(rendered.contains("ide [--workspace DIR] [--screenshot FILE]"), "the launcher's usage");
	}
}
