package org.perfcast.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every link of the README, the user guide (docs/) and the examples' pages resolves: a relative link names a file
 * or folder of the repository, and its {@code #anchor} a heading of that page (as GitHub makes anchors of headings);
 * on a page that links its citations (a definition such as {@code [Jonkers 1994]: ../README.md#references}), every
 * citation has its definition; and the README stays a short page.
 */
class DocLinksTest {

	private static final Pattern INLINE = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]*)(?:\\s+\"[^\"]*\")?\\)");
	private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}\\[([^\\]]+)\\]:\\s*(\\S+)\\s*(\"[^\"]*\")?\\s*$");
	private static final Pattern CITATION = Pattern.compile("\\[([A-Z][A-Za-z]+ (?:19|20)\\d\\d)\\](?![(:\\[])");
	private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

	private final Map<Path, Set<String>> anchors = new HashMap<>();

	@Test
	void everyLinkResolves() throws IOException {
		Path root = CliReference.root();
		List<String> broken = new ArrayList<>();
		List<Path> pages = pages(root);
		assertTrue(pages.size() > 10, "pages found: " + pages);
		for (Path page : pages) {
			check(root, page, broken);
		}
		assertEquals(List.of(), broken, "broken links (PAGE:LINE: LINK: why)");
	}

	@Test
	void theReadmeIsShort() throws IOException {
		long lines = Files.readAllLines(CliReference.root().resolve("README.md"), StandardCharsets.UTF_8).size();
		assertTrue(lines <= 250, "README.md has " + lines + " lines; the user guide in docs/ takes the details");
	}

	@Test
	void brokenLinksAreFound(@TempDir Path root) throws IOException {
		Files.createDirectories(root.resolve("docs"));
		Files.writeString(root.resolve("docs/a.md"), String.join("\n", "# A page", "", "## Some `code` here", "",
				"[fine](#some-code-here), [fine](b.md#b), [web](https://example.org/x#y), `[code](nowhere.md)`",
				"[gone](missing.md), [no anchor](b.md#nothing), [Jonkers 1994] and [Rugina 1998]", "```",
				"[in a block](ignored.md)", "```", "", "[Jonkers 1994]: ../README.md#references"));
		Files.writeString(root.resolve("docs/b.md"), "# B\n");
		Files.writeString(root.resolve("README.md"), "# R\n\n## References\n");
		List<String> broken = new ArrayList<>();
		check(root, root.resolve("docs/a.md"), broken);
		assertEquals(List.of("docs/a.md:6: [Rugina 1998]: no link definition", "docs/a.md:6: missing.md: no such file",
				"docs/a.md:6: b.md#nothing: no heading makes the anchor #nothing"), broken);
	}

	@Test
	void anchorsAreGitHubs() {
		assertEquals("thread-traces-vtrace-vtraceb", slug("Thread traces (`*.vtrace`, `*.vtraceb`)"));
		assertEquals("what-if-which-code-to-make-faster-first", slug("What-if: which code to make faster first"));
		assertEquals("perfcast-loggp-step", slug("perfcast loggp-step"));
		assertEquals("glamis-and-mean-value-analysis", slug("[Glamis](x.md) and mean value analysis"));
	}

	/** The README, every Markdown file of docs/ and of examples/ (not build output). */
	private static List<Path> pages(Path root) throws IOException {
		List<Path> pages = new ArrayList<>();
		pages.add(root.resolve("README.md"));
		for (String folder : List.of("docs", "examples")) {
			try (Stream<Path> files = Files.walk(root.resolve(folder))) {
				files.filter(f -> f.toString().endsWith(".md"))
						.filter(f -> !f.toString().contains("/target/") && !f.toString().contains("/node_modules/"))
						.sorted().forEach(pages::add);
			}
		}
		return pages;
	}

	private void check(Path root, Path page, List<String> broken) throws IOException {
		List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
		String name = root.relativize(page).toString();
		Set<String> defined = new LinkedHashSet<>();
		boolean fence = false;
		for (String line : lines) {
			if (line.startsWith("```")) {
				fence = !fence;
			} else if (!fence) {
				Matcher definition = DEFINITION.matcher(line);
				if (definition.find()) {
					defined.add(definition.group(1).toLowerCase(Locale.ROOT));
				}
			}
		}
		fence = false;
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (line.startsWith("```")) {
				fence = !fence;
				continue;
			}
			if (fence) {
				continue;
			}
			String text = line.replaceAll("`[^`]*`", "``");
			Matcher definition = DEFINITION.matcher(line);
			List<String> targets = new ArrayList<>();
			if (definition.find()) {
				targets.add(definition.group(2));
			} else {
				Matcher link = INLINE.matcher(text);
				while (link.find()) {
					targets.add(link.group(2));
				}
				Matcher citation = CITATION.matcher(text);
				while (citation.find()) {
					if (!defined.isEmpty() && !defined.contains(citation.group(1).toLowerCase(Locale.ROOT))) {
						broken.add(name + ":" + (i + 1) + ": [" + citation.group(1) + "]: no link definition");
					}
				}
			}
			for (String target : targets) {
				String why = resolve(root, page, target);
				if (why != null) {
					broken.add(name + ":" + (i + 1) + ": " + target + ": " + why);
				}
			}
		}
	}

	/** Why {@code target}, linked from {@code page}, does not resolve; null when it does. */
	private String resolve(Path root, Path page, String target) throws IOException {
		if (target.matches("(?i)(https?|mailto):.*")) {
			return null;
		}
		if (target.isEmpty()) {
			return "empty link";
		}
		int hash = target.indexOf('#');
		String file = hash < 0 ? target : target.substring(0, hash);
		Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
		if (!linked.startsWith(root)) {
			return "outside the repository";
		}
		if (!Files.exists(linked)) {
			return "no such file";
		}
		if (hash >= 0) {
			if (!linked.toString().endsWith(".md")) {
				return "an anchor into a file that is not Markdown";
			}
			String anchor = target.substring(hash + 1);
			if (!anchors(linked).contains(anchor)) {
				return "no heading makes the anchor #" + anchor;
			}
		}
		return null;
	}

	private Set<String> anchors(Path page) throws IOException {
		Set<String> known = anchors.get(page);
		if (known != null) {
			return known;
		}
		known = new LinkedHashSet<>();
		Map<String, Integer> seen = new HashMap<>();
		boolean fence = false;
		for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
			if (line.startsWith("```")) {
				fence = !fence;
				continue;
			}
			Matcher heading = HEADING.matcher(line);
			if (!fence && heading.matches()) {
				String slug = slug(heading.group(2));
				int n = seen.merge(slug, 1, Integer::sum) - 1;
				known.add(n == 0 ? slug : slug + "-" + n);
			}
		}
		anchors.put(page, known);
		return known;
	}

	/** The anchor GitHub makes of a heading: its text lower-cased, without punctuation, spaces as hyphens. */
	static String slug(String heading) {
		String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
		StringBuilder slug = new StringBuilder();
		text.codePoints().forEach(c -> {
			if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
				slug.appendCodePoint(c);
			} else if (c == ' ') {
				slug.append('-');
			}
		});
		return slug.toString();
	}
}
