package org.perfcast.cli.tests;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.perfcast.cli.Command;
import org.perfcast.cli.Console;
import org.perfcast.cli.PerfcastCli;

/**
 * Renders {@code docs/cli.md}, the command-line reference, from what the commands themselves print: the launcher's
 * usage (the {@code usage} function of the {@code perfcast} script), {@code perfcast help}, {@code perfcast run}'s
 * list of engines and their options, and every command's {@code --help}. {@link CliReferenceTest} fails when the
 * committed file differs, so the reference cannot drift from the help.
 */
final class CliReference {

	/** The page's path, relative to the repository's root. */
	static final String PAGE = "docs/cli.md";

	/** Where the test writes the page it rendered, relative to the repository's root. */
	static final String RENDERED = "tests/org.perfcast.cli.tests/target/cli.md";

	/** The command that regenerates the page. */
	static final String REGENERATE = "./mvnw -B -q -o verify -Dperfcast.ui.tests.skip=true -Dtest=CliReferenceTest "
			+ "-DfailIfNoTests=false -Dsurefire.failIfNoSpecifiedTests=false; cp " + RENDERED + " " + PAGE;

	private CliReference() {
	}

	/** The repository's root: the parent of the examples folder the build names. */
	static Path root() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).toAbsolutePath().normalize()
				.getParent();
	}

	/** The page as the commands' help renders it today. */
	static String render(Path root) throws IOException {
		PerfcastCli cli = PerfcastCli.withBuiltinCommands();
		StringBuilder page = new StringBuilder();
		page.append("# Command-line reference\n\n");
		page.append("<!-- Generated from the commands' help by CliReferenceTest (tests/org.perfcast.cli.tests): do not "
				+ "edit by hand.\n     After changing a command's help, regenerate it:\n     " + REGENERATE + " -->\n\n");
		page.append("Every `perfcast` command with the options its `--help` prints. `./perfcast` in a clone of the "
				+ "repository builds what changed and runs the command; an installed command-line distribution's "
				+ "`bin/perfcast` takes the same commands but the launcher's (`ide`, `test`, `build`). How to install and "
				+ "start Perfcast, and what a command costs to start: [install.md](install.md). Diagnostics, exit codes "
				+ "and `--set`: [formats.md](formats.md#conventions-of-every-command). What each command computes: the "
				+ "[user guide](README.md).\n\n");
		page.append("| command | what it does |\n| --- | --- |\n");
		page.append("| [`perfcast help`](#perfcast-help) | the launcher's commands and the list below |\n");
		page.append("| [`perfcast run` engines](#simulation-engines-and-their-options) | the engines of `perfcast run`, "
				+ "their files and options |\n");
		for (Command command : cli.commands()) {
			if (command.name().equals("help")) {
				continue;
			}
			page.append("| [`perfcast ").append(command.name()).append("`](#perfcast-").append(command.name())
					.append(") | ").append(command.summary().replace("|", "\\|")).append(" |\n");
		}
		page.append("\n## perfcast help\n\n```\n").append(launcherUsage(root)).append('\n')
				.append(run(cli, "help")).append("```\n");
		page.append("\n## Simulation engines and their options\n\n`perfcast run` without arguments:\n\n```\n")
				.append(run(cli, "run")).append("```\n");
		for (Command command : cli.commands()) {
			if (command.name().equals("help")) {
				continue;
			}
			page.append("\n## perfcast ").append(command.name()).append("\n\n").append(command.summary())
					.append("\n\n```\n").append(run(cli, command.name(), "--help")).append("```\n");
		}
		return page.toString();
	}

	/** The launcher's own usage, as {@code ./perfcast help} prints it before the commands' list. */
	static String launcherUsage(Path root) throws IOException {
		List<String> lines = Files.readAllLines(root.resolve("perfcast"), StandardCharsets.UTF_8);
		int function = lines.indexOf("usage() {");
		if (function < 0 || !lines.get(function + 1).strip().equals("cat <<'EOF'")) {
			throw new IllegalStateException("the perfcast script has no usage() { cat <<'EOF' ... EOF } any more");
		}
		List<String> usage = new ArrayList<>();
		for (int i = function + 2; !lines.get(i).equals("EOF"); i++) {
			usage.add(lines.get(i));
		}
		return String.join("\n", usage) + "\n";
	}

	/** What {@code perfcast ARGS} prints (stdout and stderr, which the help commands do not use). */
	private static String run(PerfcastCli cli, String... args) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		PrintStream stream = new PrintStream(out, true, StandardCharsets.UTF_8);
		cli.run(List.of(args), new Console(stream, stream));
		String text = out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
		if (text.contains("```")) {
			throw new IllegalStateException("perfcast " + String.join(" ", args) + " prints ```, which ends a block");
		}
		return text.endsWith("\n") ? text : text + "\n";
	}
}
