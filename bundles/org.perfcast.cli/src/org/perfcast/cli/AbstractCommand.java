package org.perfcast.cli;

import java.util.Objects;

/** Base of commands: holds the name, summary and usage that {@code perfcast help} shows. */
public abstract class AbstractCommand implements Command {

	private final String name;
	private final String summary;
	private final String usage;

	/**
	 * @param name    the word that selects the command
	 * @param summary one line for the command list
	 * @param usage   synopsis and options, starting with "usage: perfcast NAME"
	 */
	protected AbstractCommand(String name, String summary, String usage) {
		this.name = Objects.requireNonNull(name, "name");
		this.summary = Objects.requireNonNull(summary, "summary");
		this.usage = Objects.requireNonNull(usage, "usage");
	}

	@Override
	public final String name() {
		return name;
	}

	@Override
	public final String summary() {
		return summary;
	}

	@Override
	public final String usage() {
		return usage;
	}
}
