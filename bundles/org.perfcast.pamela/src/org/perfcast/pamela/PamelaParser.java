package org.perfcast.pamela;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.ExpressionParser;
import org.perfcast.engine.expr.Lexer;
import org.perfcast.engine.expr.Token;
import org.perfcast.engine.expr.TokenCursor;

/**
 * Parses the text of a {@code *.pamela} file. Statements: {@code param NAME = expr}, {@code resource NAME[expr]}
 * or {@code resource NAME}, {@code budget T < expr}, and definitions {@code NAME = ...} or
 * {@code NAME(a, b) = ...}, whose right side is a process when it starts with {@code delay}, {@code use},
 * {@code seq}, {@code par} or calls another definition, and an expression otherwise. Expressions are the
 * engine's expression language, parsed from the same tokens, so every error has the file's line and column.
 */
public final class PamelaParser {

	private static final Set<String> CONSTRUCTS = Set.of("delay", "use", "seq", "par");

	private final TokenCursor tokens;
	private final Map<String, Expression> parameters = new LinkedHashMap<>();
	private final Map<String, PamelaModel.Resource> resources = new LinkedHashMap<>();
	private final Map<String, Expression> definitions = new LinkedHashMap<>();
	private final Map<String, PamelaModel.Process> processes = new LinkedHashMap<>();
	private final List<PamelaModel.Budget> budgets = new ArrayList<>();

	private PamelaParser(String text) {
		this.tokens = new TokenCursor(new Lexer(text));
	}

	/**
	 * Parses {@code text}.
	 *
	 * @throws ExpressionException of kind SYNTAX with the position of the first error
	 */
	public static PamelaModel parse(String text) {
		PamelaParser parser = new PamelaParser(text);
		while (!parser.tokens.at(Token.Kind.END)) {
			parser.statement();
		}
		parser.aliasesOfProcesses();
		if (!parser.processes.containsKey("main")) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "the model has no 'main' process");
		}
		return new PamelaModel(parser.parameters, parser.resources, parser.definitions, parser.processes,
				parser.budgets);
	}

	private void statement() {
		Token name = tokens.expect(Token.Kind.IDENTIFIER, "a declaration");
		switch (name.text()) {
		case "param" -> {
			Token parameter = tokens.expect(Token.Kind.IDENTIFIER, "a parameter name");
			tokens.expect(Token.Kind.ASSIGN, "'='");
			declare(parameter, parameters.put(parameter.text(), ExpressionParser.parse(tokens)) != null);
		}
		case "resource" -> {
			Token resource = tokens.expect(Token.Kind.IDENTIFIER, "a resource name");
			Expression size = null;
			if (tokens.accept(Token.Kind.LEFT_BRACKET)) {
				size = ExpressionParser.parse(tokens);
				tokens.expect(Token.Kind.RIGHT_BRACKET, "']'");
			}
			declare(resource, resources.put(resource.text(),
					new PamelaModel.Resource(resource.text(), size, resource.position())) != null);
		}
		case "budget" -> {
			Token t = tokens.expect(Token.Kind.IDENTIFIER, "'T'");
			if (!t.text().equals("T")) {
				throw TokenCursor.error("expected 'T' but found " + t.describe(), t);
			}
			tokens.expect(Token.Kind.LESS, "'<'");
			budgets.add(new PamelaModel.Budget(ExpressionParser.parse(tokens), name.position()));
		}
		default -> definition(name);
		}
		tokens.accept(Token.Kind.SEMICOLON);
	}

	/**
	 * Turns definitions that just name a process ({@code g = f}, or {@code main = f} before f's definition)
	 * into processes that call it: only now are all the process names known.
	 */
	private void aliasesOfProcesses() {
		boolean changed = true;
		while (changed) {
			changed = false;
			for (var it = definitions.entrySet().iterator(); it.hasNext();) {
				var definition = it.next();
				if (definition.getValue() instanceof Expression.Variable v && processes.containsKey(v.name())) {
					it.remove();
					processes.put(definition.getKey(), new PamelaModel.Process(definition.getKey(), List.of(),
							new ProcessExpression.Call(v.name(), List.of(), v.position()), v.position()));
					changed = true;
				}
			}
		}
	}

	private void declare(Token name, boolean twice) {
		if (twice) {
			throw TokenCursor.error("'" + name.text() + "' is declared twice", name);
		}
	}

	private void definition(Token name) {
		List<String> formals = new ArrayList<>();
		if (tokens.accept(Token.Kind.LEFT_PAREN)) {
			do {
				formals.add(tokens.expect(Token.Kind.IDENTIFIER, "a parameter name").text());
			} while (tokens.accept(Token.Kind.COMMA));
			tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
		}
		tokens.expect(Token.Kind.ASSIGN, "'='");
		boolean known = processes.containsKey(name.text()) || definitions.containsKey(name.text());
		if (known) {
			throw TokenCursor.error("'" + name.text() + "' is defined twice", name);
		}
		if (formals.isEmpty() && !startsProcess()) {
			definitions.put(name.text(), ExpressionParser.parse(tokens));
		} else {
			processes.put(name.text(), new PamelaModel.Process(name.text(), formals, process(), name.position()));
		}
	}

	/** Whether the next tokens start a process rather than an expression. */
	private boolean startsProcess() {
		Token first = tokens.peek();
		if (!first.is(Token.Kind.IDENTIFIER)) {
			return false;
		}
		boolean call = tokens.peek(1).is(Token.Kind.LEFT_PAREN);
		return CONSTRUCTS.contains(first.text()) || call && Builtin.lookup(first.text()).isEmpty();
	}

	private ProcessExpression process() {
		Token first = tokens.expect(Token.Kind.IDENTIFIER, "a process");
		switch (first.text()) {
		case "delay" -> {
			tokens.expect(Token.Kind.LEFT_PAREN, "'('");
			Expression time = ExpressionParser.parse(tokens);
			tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
			return new ProcessExpression.Delay(time, first.position());
		}
		case "use" -> {
			tokens.expect(Token.Kind.LEFT_PAREN, "'('");
			String resource = tokens.expect(Token.Kind.IDENTIFIER, "a resource").text();
			Expression index = null;
			if (tokens.accept(Token.Kind.LEFT_BRACKET)) {
				index = ExpressionParser.parse(tokens);
				tokens.expect(Token.Kind.RIGHT_BRACKET, "']'");
			}
			tokens.expect(Token.Kind.COMMA, "','");
			Expression time = ExpressionParser.parse(tokens);
			tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
			return new ProcessExpression.Use(resource, index, time, first.position());
		}
		case "seq", "par" -> {
			boolean parallel = first.text().equals("par");
			if (tokens.accept(Token.Kind.LEFT_BRACE)) {
				List<ProcessExpression> parts = new ArrayList<>();
				while (!tokens.accept(Token.Kind.RIGHT_BRACE)) {
					parts.add(process());
					if (!tokens.accept(Token.Kind.SEMICOLON) && !tokens.at(Token.Kind.RIGHT_BRACE)) {
						throw TokenCursor.error("expected ';' or '}' but found " + tokens.peek().describe(), tokens.peek());
					}
				}
				return new ProcessExpression.Block(parallel, parts, first.position());
			}
			tokens.expect(Token.Kind.LEFT_PAREN, "'(' or '{'");
			String index = tokens.expect(Token.Kind.IDENTIFIER, "a loop index").text();
			tokens.expect(Token.Kind.ASSIGN, "'='");
			Expression from = ExpressionParser.parse(tokens);
			tokens.expect(Token.Kind.RANGE, "'..'");
			Expression to = ExpressionParser.parse(tokens);
			tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
			return new ProcessExpression.Loop(parallel, index, from, to, process(), first.position());
		}
		default -> {
			List<Expression> arguments = new ArrayList<>();
			if (tokens.accept(Token.Kind.LEFT_PAREN)) {
				do {
					arguments.add(ExpressionParser.parse(tokens));
				} while (tokens.accept(Token.Kind.COMMA));
				tokens.expect(Token.Kind.RIGHT_PAREN, "')'");
			}
			return new ProcessExpression.Call(first.text(), arguments, first.position());
		}
		}
	}
}
