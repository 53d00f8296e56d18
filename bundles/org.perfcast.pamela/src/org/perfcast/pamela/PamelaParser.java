package org.perfcast.pamela;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.common.util.URI;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.ExpressionParser;
import org.perfcast.engine.expr.Lexer;
import org.perfcast.engine.expr.Token;
import org.perfcast.engine.expr.TokenCursor;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.resource.ModelFiles;

/**
 * Parses the text of a {@code *.pamela} file. Statements: {@code param NAME = expr}, {@code resource NAME[expr]}
 * or {@code resource NAME}, {@code budget T < expr}, and definitions {@code NAME = ...} or
 * {@code NAME(a, b) = ...}, whose right side is a process when it starts with {@code delay}, {@code use},
 * {@code seq}, {@code par} or calls another definition, and an expression otherwise. Expressions are the
 * engine's expression language, parsed from the same tokens, so every error has the file's line and column.
 * <p>
 * {@code import "other.pamela"} adds the declarations of another PAMELA file, and {@code machine "x.machine"}
 * those of a machine model: its parameters, and its links as the resource array {@code l}
 * ({@link MachineLinks}). Names are relative to the importing file. The file's own declarations win over
 * imported ones, and the first import of a name wins over later ones; an import cycle is an error.
 * Strings are quoted file names and appear only after {@code import} and {@code machine}.
 */
public final class PamelaParser {

	/** How deeply seq, par and loops may nest: far more than a model needs, little enough for every analysis. */
	public static final int MAX_PROCESS_NESTING = 100;

	private int processNesting;

	/** The largest file an import may read. */
	public static final long MAX_IMPORT_BYTES = 16L << 20;

	private static final Set<String> CONSTRUCTS = Set.of("delay", "use", "seq", "par");

	private final TokenCursor tokens;
	private final Deque<StringLiterals.Literal> strings;
	private final @Nullable Path file;
	private final Deque<Path> importing;
	private final Map<String, String> origins = new LinkedHashMap<>();
	private final Map<String, Expression> parameters = new LinkedHashMap<>();
	private final Map<String, PamelaModel.Resource> resources = new LinkedHashMap<>();
	private final Map<String, Expression> definitions = new LinkedHashMap<>();
	private final Map<String, PamelaModel.Process> processes = new LinkedHashMap<>();
	private final List<PamelaModel.Budget> budgets = new ArrayList<>();
	private final Set<Path> sources = new LinkedHashSet<>();

	private PamelaParser(String text, @Nullable Path file, Deque<Path> importing) {
		StringLiterals literals = StringLiterals.of(text);
		this.tokens = new TokenCursor(new Lexer(literals.masked()));
		this.strings = new ArrayDeque<>(literals.literals());
		this.file = file;
		this.importing = importing;
	}

	/**
	 * Parses {@code text}, which may not import other files.
	 *
	 * @throws ExpressionException of kind SYNTAX with the position of the first error
	 */
	public static PamelaModel parse(String text) {
		return parse(text, null);
	}

	/**
	 * Parses {@code text}, the contents of {@code file} (null if it has no file; then it may not import).
	 *
	 * @throws ExpressionException with the position of the first error; an error in an imported file is
	 *                             reported at the import, with the imported file's line and column in the
	 *                             message
	 */
	public static PamelaModel parse(String text, @Nullable Path file) {
		PamelaParser parser = parser(text, file, new ArrayDeque<>());
		if (!parser.processes.containsKey("main")) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "the model has no 'main' process");
		}
		return parser.model();
	}

	private static PamelaParser parser(String text, @Nullable Path file, Deque<Path> importing) {
		PamelaParser parser = new PamelaParser(text, file, importing);
		while (!parser.tokens.at(Token.Kind.END)) {
			parser.statement();
		}
		parser.aliasesOfProcesses();
		return parser;
	}

	private PamelaModel model() {
		return new PamelaModel(parameters, resources, definitions, processes, budgets, origins, List.copyOf(sources));
	}

	private void statement() {
		Token name = tokens.expect(Token.Kind.IDENTIFIER, "a declaration");
		switch (name.text()) {
		case "param" -> {
			Token parameter = tokens.expect(Token.Kind.IDENTIFIER, "a parameter name");
			tokens.expect(Token.Kind.ASSIGN, "'='");
			own(parameter.text());
			declare(parameter, parameters.put(parameter.text(), ExpressionParser.parse(tokens)) != null);
		}
		case "resource" -> {
			Token resource = tokens.expect(Token.Kind.IDENTIFIER, "a resource name");
			Expression size = null;
			if (tokens.accept(Token.Kind.LEFT_BRACKET)) {
				size = ExpressionParser.parse(tokens);
				tokens.expect(Token.Kind.RIGHT_BRACKET, "']'");
			}
			own(resource.text());
			declare(resource, resources.put(resource.text(),
					new PamelaModel.Resource(resource.text(), size, resource.position(), null)) != null);
		}
		case "import", "machine" -> {
			if (strings.isEmpty() || strings.peek().position().offset() > tokens.peek().offset()) {
				definition(name);
			} else {
				StringLiterals.Literal literal = strings.pop();
				if (name.text().equals("import")) {
					importPamela(literal);
				} else {
					importMachine(literal);
				}
			}
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

	/** This text's file, absolute and normalised; a text without a file cannot name another by {@code literal}. */
	private Path ownFile(StringLiterals.Literal literal) {
		Path own = file;
		if (own == null) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX,
					"cannot import \"" + literal.value() + "\": this text has no file location", literal.position());
		}
		return own.toAbsolutePath().normalize();
	}

	private Path resolve(StringLiterals.Literal literal) {
		Path parent = ownFile(literal).getParent();
		Path resolved = (parent == null ? Path.of(literal.value()) : parent.resolve(literal.value())).normalize();
		sources.add(resolved);
		return resolved;
	}

	private void importPamela(StringLiterals.Literal literal) {
		Path own = ownFile(literal);
		Path imported = resolve(literal);
		if (importing.contains(imported) || imported.equals(own)) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "import cycle: \"" + literal.value()
					+ "\" imports this file again", literal.position());
		}
		String text;
		try {
			if (Files.exists(imported) && !Files.isRegularFile(imported)) {
				throw new ExpressionException(ExpressionException.Kind.SYNTAX, "cannot import \"" + literal.value()
						+ "\": not a file", literal.position());
			}
			if (Files.size(imported) > MAX_IMPORT_BYTES) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "cannot import \"" + literal.value()
						+ "\": larger than " + MAX_IMPORT_BYTES / (1 << 20) + " MiB (the limit)", literal.position());
			}
			text = Files.readString(imported);
		} catch (IOException e) {
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "cannot read \"" + literal.value() + "\"",
					literal.position());
		}
		importing.push(own);
		PamelaParser other;
		try {
			other = parser(text, imported, importing);
		} catch (ExpressionException e) {
			throw new ExpressionException(e.kind(), "in " + literal.value() + ":" + e.line() + ":" + e.column() + ": "
					+ e.getMessage(), literal.position());
		} finally {
			importing.pop();
		}
		sources.addAll(other.sources);
		String origin = literal.value();
		other.parameters.forEach((n, v) -> adopt(parameters, n, v, other.origins.getOrDefault(n, origin)));
		other.resources.forEach((n, v) -> adopt(resources, n, v, other.origins.getOrDefault(n, origin)));
		other.definitions.forEach((n, v) -> adopt(definitions, n, v, other.origins.getOrDefault(n, origin)));
		other.processes.forEach((n, v) -> adopt(processes, n, v, other.origins.getOrDefault(n, origin)));
	}

	private void importMachine(StringLiterals.Literal literal) {
		Path path = resolve(literal);
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(path.toAbsolutePath().toString()), literal.value());
		if (!loaded.ok() || !(loaded.root() instanceof Machine machine)) {
			String why = loaded.diagnostics().isEmpty() ? "it is not a machine model"
					: loaded.diagnostics().get(0).message();
			throw new ExpressionException(ExpressionException.Kind.SYNTAX, "cannot load the machine \"" + literal.value()
					+ "\": " + why, literal.position());
		}
		for (Parameter parameter : machine.getParameters()) {
			String text = parameter.getDefaultValue();
			if (parameter.getName() == null || text == null || text.isBlank()) {
				continue;
			}
			Expression value;
			try {
				value = Expression.parse(text);
			} catch (ExpressionException e) {
				throw new ExpressionException(e.kind(), "in " + literal.value() + ": parameter " + parameter.getName()
						+ ": " + e.getMessage(), literal.position());
			}
			adopt(parameters, parameter.getName(), value, literal.value());
		}
		adopt(resources, "l", new PamelaModel.Resource("l", null, literal.position(),
				new MachineLinks(machine, literal.value())), literal.value());
	}

	/** Adds an imported declaration unless the name is declared already (own declarations come later and win). */
	private <T> void adopt(Map<String, T> declarations, String name, T value, String origin) {
		if (!parameters.containsKey(name) && !resources.containsKey(name) && !definitions.containsKey(name)
				&& !processes.containsKey(name)) {
			declarations.put(name, value);
			origins.put(name, origin);
		}
	}

	/** Makes room for the file's own declaration of {@code name}, dropping an imported one. */
	private void own(String name) {
		if (origins.remove(name) != null) {
			parameters.remove(name);
			resources.remove(name);
			definitions.remove(name);
			processes.remove(name);
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
		own(name.text());
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
		if (++processNesting > MAX_PROCESS_NESTING) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "processes are nested too deeply (more "
					+ "than " + MAX_PROCESS_NESTING + " levels of seq, par and loops)", first.position());
		}
		try {
			return processBody(first);
		} finally {
			processNesting--;
		}
	}

	private ProcessExpression processBody(Token first) {
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
