package org.perfcast.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.jdt.annotation.NonNullByDefault;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.Printable;

/**
 * Reads the text form of a trace, {@code *.vtrace}, one event at a time:
 *
 * <pre>
 * &#64;priority P1 &gt; P2 &gt; P3 &gt; P4
 * &#64;unit s
 * # time thread event args
 * 0 P1 create P2
 * 3 P1 wait X
 * 5 P2 activate P1 X cpu=0.002 at=Worker.java:31
 * 8 P2 exit
 * </pre>
 *
 * Events are {@code create T}, {@code wait E}, {@code activate T E}, {@code exit}, {@code lock M},
 * {@code rlock M}, {@code unlock M}, {@code join T}, {@code post S}, {@code take S}, {@code io D} and
 * {@code sleep D} (the thread was off its processor for D before the event); {@code #} starts a comment. Times are non-negative and never decrease.
 * The directives come before the first event, except {@code @end} and {@code @name}; {@code @visible-processors N}
 * says how many processors the recorded program saw ({@link TraceHeader#visibleProcessors()}). A recorder names
 * itself with {@code @recorded NAME} and ends a finished recording with {@code @end}, so that a trace it did not
 * finish (the program crashed) is read up to its last whole line and reported as {@link #truncated()}; {@code @end
 * cpu=S others=O} gives the CPU time of the whole process, threads the trace does not have included, and the time
 * other programs had its processor. An event's {@code rq=S} is the thread's time so far runnable but not running
 * (see {@link SelfCheck}).
 * {@code @name THREAD TEXT}, anywhere, gives a thread the name TEXT (the rest of the line, {@code #} included, escaped
 * as {@link ThreadNames#escape(String)} says) for display; a later one renames it. The names are in {@link #names()}
 * as they are read.
 */
public final class TraceReader implements TraceSource {

	private final BufferedReader in;
	private final String file;
	private final TraceHeader header;
	private long line;
	private double lastTime;
	private @Nullable String pending;
	private boolean ended;
	private boolean truncated;
	private double processCpu = Double.NaN;
	private double othersCpu = Double.NaN;
	private long events;
	/** Whether a recorder wrote the trace ({@code @recorded}). */
	private boolean recorded;
	private final ThreadNames names = new ThreadNames();

	/**
	 * A reader of {@code text}, named {@code file} in messages; reads the header at once.
	 *
	 * @throws TraceException at a malformed directive
	 */
	public TraceReader(Reader text, String file) throws TraceException, IOException {
		this.in = new BufferedReader(new LineLimit(text), 1 << 16);
		this.file = file;
		this.header = readHeader();
	}

	/** Reads a whole trace held in a string. */
	public static Trace read(String text, String file) throws TraceException {
		try (TraceReader reader = new TraceReader(new StringReader(text), file)) {
			return Trace.of(reader);
		} catch (IOException e) {
			throw new TraceException(file, 0, e.getMessage());
		}
	}

	@Override
	public String file() {
		return file;
	}

	@Override
	public TraceHeader header() {
		return header;
	}

	@Override
	public ThreadNames names() {
		return names;
	}

	/** Whether {@code text} is an {@code @name} directive, which is read before comments are stripped. */
	private static boolean isName(String text) {
		String t = text.stripLeading();
		return t.startsWith("@name") && (t.length() == 5 || Character.isWhitespace(t.charAt(5)));
	}

	/**
	 * Reads {@code @name THREAD TEXT}: TEXT is the rest of the line after one blank. A recorder's last line, cut where
	 * the program died, ends the trace before it as a cut event does.
	 */
	private void name(String text) throws TraceException, IOException {
		try {
			readName(text);
		} catch (TraceException e) {
			if (recorded && !ended && readLine() == null) {
				truncated = true;
				return;
			}
			throw e;
		}
	}

	private void readName(String text) throws TraceException {
		String rest = text.stripLeading().substring(5).stripLeading();
		int blank = 0;
		while (blank < rest.length() && !Character.isWhitespace(rest.charAt(blank))) {
			blank++;
		}
		String thread = rest.substring(0, blank);
		String given = blank < rest.length() ? rest.substring(blank + 1) : "";
		if (thread.isEmpty() || given.isEmpty() || thread.startsWith("#")) {
			throw new TraceException(file, line, "@name wants a thread and its name, e.g. @name T2 worker 1");
		}
		try {
			names.name(thread, ThreadNames.unescape(given), events);
		} catch (IllegalArgumentException e) {
			throw new TraceException(file, line, "@name " + thread + ": " + e.getMessage());
		}
	}

	private TraceHeader readHeader() throws TraceException, IOException {
		List<String> priorities = List.of();
		String unit = "";
		String recorder = "";
		int visible = 0;
		String text;
		while ((text = readLine()) != null) {
			line++;
			if (isName(text)) {
				name(text);
				continue;
			}
			String body = strip(text);
			if (body.isEmpty()) {
				continue;
			}
			if (!body.startsWith("@")) {
				pending = body;
				break;
			}
			String[] words = body.split("\\s+", 2);
			String rest = words.length > 1 ? words[1].strip() : "";
			switch (words[0]) {
			case "@priority" -> {
				Set<String> names = new LinkedHashSet<>();
				for (String name : rest.split(">")) {
					String n = name.strip();
					if (n.isEmpty() || n.contains(" ")) {
						throw new TraceException(file, line, "@priority wants thread names separated by '>', e.g. "
								+ "@priority P1 > P2; got " + Printable.quote(rest));
					}
					if (!names.add(n)) {
						throw new TraceException(file, line, "@priority names " + n + " twice");
					}
					if (names.size() > TraceHeader.MAX_PRIORITIES) {
						throw new TraceException(file, line, "@priority names more than " + TraceHeader.MAX_PRIORITIES
								+ " threads");
					}
				}
				priorities = List.copyOf(names);
			}
			case "@unit" -> {
				if (rest.isEmpty() || rest.contains(" ")) {
					throw new TraceException(file, line, "@unit wants one word, e.g. @unit s");
				}
				unit = rest;
			}
			case "@recorded" -> {
				recorder = rest.isEmpty() ? "recorder" : rest;
				recorded = true;
			}
			case "@visible-processors" -> visible = visibleProcessors(rest);
			case "@end" -> end(rest);
			default -> throw new TraceException(file, line, "unknown directive " + words[0]
					+ " (known: @priority, @unit, @recorded, @visible-processors, @name, @end)");
			}
		}
		return new TraceHeader(priorities, unit, recorder, visible);
	}

	/** The count of {@code @visible-processors N}: a whole number from 1 to 4096. */
	private int visibleProcessors(String rest) throws TraceException {
		if (rest.matches("[0-9]{1,4}")) {
			int n = Integer.parseInt(rest);
			if (n >= 1 && n <= 4096) {
				return n;
			}
		}
		throw new TraceException(file, line, "@visible-processors wants the number of processors the program saw, 1 "
				+ "to 4096, e.g. @visible-processors 8; got " + Printable.quote(rest));
	}

	private static String strip(String text) {
		int hash = text.indexOf('#');
		return (hash >= 0 ? text.substring(0, hash) : text).strip();
	}

	@Override
	public @Nullable TraceEvent next() throws TraceException, IOException {
		String body = pending;
		pending = null;
		while (body == null) {
			String text = readLine();
			if (text == null) {
				truncated = !header.recorder().isEmpty() && !ended;
				return null;
			}
			line++;
			if (isName(text) && !ended) {
				name(text);
				continue;
			}
			body = strip(text);
			if (body.isEmpty()) {
				body = null;
			} else if (ended) {
				throw new TraceException(file, line, "nothing may follow @end");
			} else if (body.equals("@end") || body.startsWith("@end ")) {
				end(body.substring(4).strip());
				body = null;
			} else if (body.startsWith("@")) {
				throw new TraceException(file, line, "directives such as " + body.split("\\s+")[0]
						+ " come before the first event");
			}
		}
		try {
			TraceEvent event = parse(body);
			events++;
			return event;
		} catch (TraceException e) {
			// a recorder's last line may be cut where the program died: the trace ends before it
			if (!header.recorder().isEmpty() && !ended && readLine() == null) {
				truncated = true;
				return null;
			}
			throw e;
		}
	}

	@Override
	public boolean truncated() {
		return truncated;
	}

	@Override
	public double processCpu() {
		return processCpu;
	}

	@Override
	public double othersCpu() {
		return othersCpu;
	}

	/**
	 * {@code @end [cpu=SECONDS] [others=SECONDS]}: the recording is finished; the process's CPU time, all its threads',
	 * and the time other programs had the recording's processor.
	 */
	private void end(String rest) throws TraceException {
		ended = true;
		for (String word : rest.isEmpty() ? new String[0] : rest.split("\\s+")) {
			if (word.startsWith("cpu=")) {
				processCpu = number(word.substring(4), "cpu");
			} else if (word.startsWith("others=")) {
				othersCpu = number(word.substring(7), "others");
			} else {
				throw new TraceException(file, line, "@end takes only cpu=SECONDS (the process's CPU time) and "
						+ "others=SECONDS (other programs' on its processor), got " + Printable.quote(word));
			}
		}
	}

	/** The words of {@code body} (stripped), as {@code body.split("\\s+")} without a pattern per line. */
	private static String[] words(String body) {
		List<String> words = new ArrayList<>(6);
		int n = body.length();
		int i = 0;
		while (i < n) {
			int start = i;
			while (i < n && !blank(body.charAt(i))) {
				i++;
			}
			words.add(body.substring(start, i));
			while (i < n && blank(body.charAt(i))) {
				i++;
			}
		}
		return words.toArray(String[]::new);
	}

	/** What {@code \\s} matches. */
	private static boolean blank(char c) {
		return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
	}

	private TraceEvent parse(String body) throws TraceException {
		String[] words = words(body);
		if (words.length < 3) {
			throw new TraceException(file, line, "expected 'time thread event [arguments]', got " + Printable.quote(body));
		}
		double time = number(words[0], "time");
		if (time < lastTime) {
			throw new TraceException(file, line, "time " + words[0] + " is before the previous event's "
					+ org.perfcast.engine.Numbers.format(lastTime) + ": events are listed in time order");
		}
		lastTime = time;
		EventKind kind = EventKind.of(words[2]);
		if (kind == null) {
			throw new TraceException(file, line, "unknown event " + Printable.quote(words[2])
					+ " (known: create, wait, activate, exit, lock, rlock, unlock, join, post, take, io, sleep)");
		}
		List<String> args = new ArrayList<>(2);
		double cpu = Double.NaN;
		double runQueue = Double.NaN;
		String at = null;
		for (int i = 3; i < words.length; i++) {
			if (words[i].startsWith("cpu=")) {
				cpu = number(words[i].substring(4), "cpu");
			} else if (words[i].startsWith("rq=")) {
				runQueue = number(words[i].substring(3), "rq");
			} else if (words[i].startsWith("at=")) {
				at = words[i].substring(3);
				if (at.isEmpty()) {
					throw new TraceException(file, line, "at= wants a source location, e.g. at=Worker.java:31");
				}
			} else if (cpu == cpu || runQueue == runQueue || at != null) {
				throw new TraceException(file, line, "arguments come before cpu=, rq= and at=");
			} else {
				args.add(words[i]);
			}
		}
		if (args.size() != kind.arguments()) {
			String usage = switch (kind) {
			case CREATE -> "create THREAD";
			case WAIT -> "wait EVENT";
			case ACTIVATE -> "activate THREAD EVENT";
			case EXIT -> "exit";
			case LOCK -> "lock MUTEX";
			case UNLOCK -> "unlock MUTEX";
			case JOIN -> "join THREAD";
			case POST -> "post SIGNAL";
			case TAKE -> "take SIGNAL";
			case IO -> "io DURATION";
			case SLEEP -> "sleep DURATION";
			case RLOCK -> "rlock RWLOCK";
			};
			throw new TraceException(file, line, "'" + kind.keyword() + "' takes " + kind.arguments() + " argument"
					+ (kind.arguments() == 1 ? "" : "s") + " (" + usage + "), got " + args.size());
		}
		String target = switch (kind) {
		case CREATE, ACTIVATE, JOIN -> args.get(0);
		default -> null;
		};
		String object = switch (kind) {
		case WAIT, LOCK, RLOCK, UNLOCK, POST, TAKE -> args.get(0);
		case ACTIVATE -> args.get(1);
		default -> null;
		};
		double duration = kind.timed() ? number(args.get(0), kind.keyword() + " duration") : Double.NaN;
		return new TraceEvent(line, time, words[1], kind, target, object, cpu, at, duration, runQueue);
	}

	private double number(String text, String what) throws TraceException {
		double value;
		try {
			value = Double.parseDouble(text);
		} catch (NumberFormatException e) {
			throw new TraceException(file, line, what + " " + Printable.quote(text) + " is not a number");
		}
		if (!Double.isFinite(value) || value < 0) {
			throw new TraceException(file, line, what + " must be a finite number >= 0, was " + text);
		}
		return value;
	}

	@Override
	public void close() throws IOException {
		in.close();
	}

	/** The next line, or null at the end; a line beyond {@link #MAX_LINE} is an error at its line. */
	private @Nullable String readLine() throws IOException, TraceException {
		try {
			return in.readLine();
		} catch (LineTooLong e) {
			throw new TraceException(file, line + 1, e.getMessage());
		}
	}

	/** The longest line a trace may have; a longer one (a device such as /dev/zero, a binary file) is an error. */
	public static final int MAX_LINE = 1 << 20;

	/** Fails a read once a line grows beyond {@link #MAX_LINE} characters, before it is held in memory. */
	private static final class LineLimit extends java.io.FilterReader {
		private long sinceNewline;

		LineLimit(Reader in) {
			super(in);
		}

		@Override
		public int read() throws IOException {
			int c = super.read();
			count(c == '\n' ? -1 : 1);
			return c;
		}

		@Override
		@NonNullByDefault({}) // as FilterReader's
		public int read(char[] buffer, int offset, int length) throws IOException {
			int n = super.read(buffer, offset, length);
			for (int i = offset; i < offset + Math.max(n, 0); i++) {
				count(buffer[i] == '\n' ? -1 : 1);
			}
			return n;
		}

		private void count(int c) throws IOException {
			sinceNewline = c < 0 ? 0 : sinceNewline + 1;
			if (sinceNewline > MAX_LINE) {
				throw new LineTooLong();
			}
		}
	}

	/** A line beyond {@link #MAX_LINE}: reported as a trace error. */
	private static final class LineTooLong extends IOException {
		private static final long serialVersionUID = 1L;

		LineTooLong() {
			super("a line longer than " + MAX_LINE + " characters: not a trace");
		}
	}
}
