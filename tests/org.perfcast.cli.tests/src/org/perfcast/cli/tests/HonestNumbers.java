package org.perfcast.cli.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the numbers a person would read raw in a text: seven or more digits before the point, or more than four
 * significant digits. Numbers that are names rather than measurements are not read: those after {@code =} (a
 * parameter's value), inside words, paths, dates, times and versions ({@code 20261129-085034}, {@code 08:50},
 * {@code 0.1.0}).
 */
final class HonestNumbers {

	/** A number standing alone: not after a letter, digit, =, /, :, -, . or _, not before one of them or a digit. */
	private static final Pattern NUMBER = Pattern.compile("(?<![\\w=/:.@#-])-?\\d+(?:\\.\\d+)?(?![\\w/:=-]|\\.\\w)");

	private HonestNumbers() {
	}

	/** The raw numbers of {@code text}, each with a little of its context. */
	static List<String> offenders(String text) {
		List<String> found = new ArrayList<>();
		Matcher m = NUMBER.matcher(text);
		while (m.find()) {
			String number = m.group().replace("-", "");
			int point = number.indexOf('.');
			String whole = point < 0 ? number : number.substring(0, point);
			String digits = (point < 0 ? number : whole + number.substring(point + 1)).replaceFirst("^0+", "");
			if (point < 0) {
				digits = digits.replaceFirst("0+$", "");
			}
			if (whole.replaceFirst("^0+", "").length() >= 7 || digits.length() > 4) {
				found.add(m.group() + " in \"" + text.substring(Math.max(0, m.start() - 40), Math.min(text.length(),
						m.end() + 20)).replace('\n', ' ') + "\"");
			}
		}
		return found;
	}

	/** What a page shows: its text without styles, scripts and tags (tooltips, SVG titles, included). */
	static String visibleText(String html) {
		return html.replaceAll("(?s)<style.*?</style>", " ").replaceAll("(?s)<script.*?</script>", " ")
				.replaceAll("(?s)<[^>]*>", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
				.replace("&quot;", "\"").replace("&#39;", "'");
	}
}
