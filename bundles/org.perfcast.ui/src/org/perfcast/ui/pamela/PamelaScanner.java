package org.perfcast.ui.pamela;

import java.util.List;

import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.SingleLineRule;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WhitespaceRule;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;

/** Colours PAMELA text: keywords, process constructs, comments, numbers and file names. */
final class PamelaScanner extends RuleBasedScanner {

	/** Declarations and operators of the language. */
	static final List<String> KEYWORDS = List.of("param", "resource", "import", "machine", "budget", "main", "mod",
			"and", "or", "not");
	/** Process constructs and built-in functions. */
	static final List<String> CONSTRUCTS = List.of("delay", "use", "seq", "par", "floor", "ceil", "min", "max",
			"log2", "sqrt", "abs");

	PamelaScanner(Display display) {
		IToken keyword = token(display, new RGB(127, 0, 85), SWT.BOLD);
		IToken construct = token(display, new RGB(0, 80, 160), SWT.BOLD);
		IToken comment = token(display, new RGB(63, 127, 95), SWT.ITALIC);
		IToken number = token(display, new RGB(125, 70, 0), SWT.NORMAL);
		IToken string = token(display, new RGB(42, 0, 255), SWT.NORMAL);
		WordRule words = new WordRule(new Identifier(), Token.UNDEFINED);
		KEYWORDS.forEach(k -> words.addWord(k, keyword));
		CONSTRUCTS.forEach(c -> words.addWord(c, construct));
		setRules(new IRule[] { new EndOfLineRule("#", comment), new SingleLineRule("\"", "\"", string, '\\'), words,
				new NumberRule(number), new WhitespaceRule(Character::isWhitespace) });
	}

	private static IToken token(Display display, RGB colour, int style) {
		return new Token(new TextAttribute(new org.eclipse.swt.graphics.Color(display, colour), null, style));
	}

	/** PAMELA names: letters, digits and '_', not starting with a digit. */
	private static final class Identifier implements IWordDetector {
		@Override
		public boolean isWordStart(char c) {
			return Character.isLetter(c) || c == '_';
		}

		@Override
		public boolean isWordPart(char c) {
			return Character.isLetterOrDigit(c) || c == '_';
		}
	}
}
