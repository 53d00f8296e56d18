package org.perfcast.engine;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Command lines as a POSIX shell reads them back word for word: for the lines Perfcast prints for a user to paste
 * and for the commands it sends to a shell on another machine (ssh). A word of only safe characters stays as it is;
 * any other is put in single quotes, an embedded {@code '} written {@code '\''}. Nothing in a quoted word is
 * expanded: no {@code $(...)}, {@code `...`}, {@code $VAR}, globs, {@code ~} or history.
 */
public final class ShellWords {

	/** Characters no POSIX shell (nor bash or zsh) treats specially inside a word. */
	private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+:,./-][A-Za-z0-9_@%+=:,./-]*");

	private ShellWords() {
	}

	/** {@code word} as one shell word: as it is when plain, else in single quotes; {@code ''} when empty. */
	public static String quote(String word) {
		if (PLAIN.matcher(word).matches()) {
			return word;
		}
		return "'" + word.replace("'", "'\\''") + "'";
	}

	/** {@code words} as one command line, each {@link #quote quoted}, separated by spaces. */
	public static String join(List<String> words) {
		StringBuilder line = new StringBuilder();
		for (String word : words) {
			line.append(line.isEmpty() ? "" : " ").append(quote(word));
		}
		return line.toString();
	}
}
