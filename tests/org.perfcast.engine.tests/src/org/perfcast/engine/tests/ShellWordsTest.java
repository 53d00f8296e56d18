package org.perfcast.engine.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.engine.ShellWords;

/** A quoted command line read by sh and bash gives back the very words, and runs nothing inside them. */
class ShellWordsTest {

	@TempDir
	Path dir;

	@Test
	void plainWordsStayAsTheyAre() {
		assertEquals("perfcast run --resubmit results/a-b_c.results --slurm --time 1:30:00 --remote-dir /scratch/me/%x",
				ShellWords.join(List.of("perfcast", "run", "--resubmit", "results/a-b_c.results", "--slurm", "--time",
						"1:30:00", "--remote-dir", "/scratch/me/%x")));
	}

	@Test
	void otherWordsAreSingleQuoted() {
		assertEquals("''", ShellWords.quote(""));
		assertEquals("'a b'", ShellWords.quote("a b"));
		assertEquals("'it'\\''s'", ShellWords.quote("it's"));
		assertEquals("'$(touch x)'", ShellWords.quote("$(touch x)"));
		assertEquals("'~/x'", ShellWords.quote("~/x"));
		assertEquals("'=ls'", ShellWords.quote("=ls"), "zsh expands =word");
		assertEquals("--set=a", ShellWords.quote("--set=a"));
	}

	@Test
	void shAndBashReadBackTheWordsAndRunNothing() throws Exception {
		Path pwned = dir.resolve("pwned");
		List<String> words = List.of("plain", "", "two words", "it's", "$(touch " + pwned + ")", "`touch " + pwned + "`",
				"$HOME", "*", "~", "~root", "a\nb", "'", "\\", "!!", "{a,b}", "=ls", "%a", "x=$(touch " + pwned + ")",
				"-- --", "\"$(touch " + pwned + ")\"", "\t", "#comment");
		for (String shell : List.of("sh", "bash")) {
			List<String> command = new ArrayList<>(List.of(shell, "-c", "printf '%s\\0' " + ShellWords.join(words)));
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			assertEquals(0, process.waitFor(), out);
			assertEquals(words, List.of(out.split("\0", -1)).subList(0, words.size()), shell);
			assertFalse(Files.exists(pwned), shell + " ran a command inside a quoted word");
		}
	}
}
