package org.perfcast.loggp;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineException;

/**
 * One rank's lines, in order, with the completions ('wait REQ', 'cancel REQ') of its requests found ahead of them: a
 * receive is matched where it is posted, so its completion is read ahead of it, from the lines read ahead ({@code
 * lookahead} of them at most), else by a scan beyond them that remembers the completions it meets (at most {@code
 * remembered}). What it holds counts towards the stream's memory limit.
 */
final class RankLineReader {

	/** Bytes a request of the completions skipped takes in their set. */
	private static final int SKIPPED_BYTES = 64;
	/** The lines a scan passes between two looks at the monitor. */
	private static final int PASSED = 1 << 16;

	/** A line read ahead. */
	record Ahead(String[] fields, int line) {
		/** The bytes it takes (estimated: the array, and each field a string). */
		long bytes() {
			long n = 32 + 4L * fields.length;
			for (String f : fields) {
				n += 48 + f.length();
			}
			return n;
		}
	}

	private final MpiTrace.Stream stream;
	private final int r;
	private final String file;
	private final MpiTraceLines lines;
	private final int lookahead;
	private final ArrayDeque<Ahead> ahead = new ArrayDeque<>();
	/**
	 * The completions after the current line up to {@link #known}, by request, in the order of their lines: those
	 * read ahead, and those that scans beyond found (at most {@link #remembered}).
	 */
	private final Map<Long, ArrayDeque<Ahead>> completions = new HashMap<>();
	private final int remembered;
	private int completionCount;
	/** The last line whose completion, if it is one, is in {@link #completions}. */
	private int known;
	/** Where a scan goes on after {@link #known}, when that is beyond what {@link #lines} read; its line end. */
	private long knownPosition = -1;
	private boolean knownSkipLF;
	/** Whether {@link #known} is the rank's last line: every completion to come is known, no scan finds more. */
	private boolean knownEnd;
	/** The last line that completes a request, {@link Integer#MAX_VALUE} if not known. */
	private final int lastCompletion;
	/**
	 * The lines after {@link #known} up to {@link #skippedTo} that scans read without remembering (beyond
	 * {@link #remembered}), with the requests their completions name: a scan for a request not among them goes on
	 * after them instead of reading them again, so that many receives completed far ahead, in the order they were
	 * posted, are found in one pass.
	 */
	private int skippedTo;
	private long skippedPosition;
	private boolean skippedSkipLF;
	private final Set<Long> skippedRequests = new HashSet<>();
	/** The reader of the last scan, kept where it stopped. */
	private @Nullable MpiTraceLines scanner;
	/** The line of the fields {@link #next} returned last, and whether it was read ahead. */
	private int line;
	private boolean wasAhead;

	RankLineReader(MpiTrace.Stream stream, int r, String file, MpiTraceLines lines, int lookahead, int remembered,
			int lastCompletion) {
		this.stream = stream;
		this.r = r;
		this.file = file;
		this.lines = lines;
		this.lookahead = lookahead;
		this.remembered = remembered;
		this.known = lines.line;
		this.lastCompletion = lastCompletion;
	}

	/** The next line's fields (no fields for a blank line), or null at the end; {@link #line} is its number. */
	String @Nullable [] next() throws EngineException {
		Ahead a = ahead.pollFirst();
		if (a != null) {
			stream.aheadBytes -= a.bytes();
			passed(a.fields(), a.line());
			line = a.line();
			wasAhead = true;
			return a.fields();
		}
		String[] f = lines.fields();
		if (f == null) {
			return null;
		}
		if ((lines.line & 0xffff) == 0) {
			stream.monitor.checkCancelled();
		}
		passed(f, lines.line);
		line = lines.line;
		wasAhead = false;
		return f;
	}

	/** The number of the line {@link #next} returned. */
	int line() {
		return line;
	}

	/**
	 * The line the reader has reached: {@link #line} when it was read ahead, else the last line read (the lines
	 * read ahead since included).
	 */
	int reached() {
		return wasAhead ? line : lines.line;
	}

	/** The file position the reader has reached. */
	long position() {
		return lines.position();
	}

	/**
	 * The first 'wait REQ' or 'cancel REQ' after the current line: among the completions known, else read ahead,
	 * else beyond that scanned for (remembering the completions met, up to {@link #remembered}). Line {@code l}
	 * asks: what it holds beyond the memory limit is an error there.
	 */
	@Nullable
	Ahead completion(long request, int l) throws EngineException {
		ArrayDeque<Ahead> found = completions.get(request);
		if (found != null) {
			return found.peekFirst();
		}
		while (ahead.size() < lookahead) {
			String[] f = lines.fields();
			if (f == null) {
				return null;
			}
			Ahead a = new Ahead(f, lines.line);
			ahead.addLast(a);
			stream.aheadBytes += a.bytes();
			stream.checkHeld(r, file, l);
			if (lines.line > known) { // else a scan has remembered it already
				known = lines.line;
				if (remember(a, l) == request) {
					return a;
				}
			}
		}
		if (knownEnd || Math.max(known, lines.line) >= lastCompletion) {
			return null; // every completion to come is known
		}
		// every completion up to what the reader read is known (read ahead, or passed); a scan goes on after
		// the last line known
		boolean resume = known > lines.line;
		if (!resume) {
			known = lines.line;
		}
		if (skippedTo <= known) {
			forgetSkipped();
		}
		boolean skip = resume && skippedTo > known && !skippedRequests.contains(request);
		MpiTraceLines scan = skip ? scanner(skippedPosition, skippedTo, skippedSkipLF)
				: resume ? scanner(knownPosition, known, knownSkipLF) : scanner(lines.position(), lines.line,
						lines.skipLF);
		try {
			while (true) {
				// the lines up to the next completion, passed at once
				int first = scan.line + 1;
				int passed = scan.skipUnless(PASSED, MpiTraceLines.WAIT, MpiTraceLines.CANCEL);
				if (passed > 0) {
					if (first == known + 1 && completionCount < remembered) {
						known = scan.line;
						knownPosition = scan.position();
						knownSkipLF = scan.skipLF;
					} else {
						skipped(scan, first, -1, l);
					}
				}
				if (passed == PASSED) {
					stream.monitor.checkCancelled();
					continue;
				}
				String[] f = scan.completionFields();
				if (f == null) {
					break;
				}
				if (f.length == 0) { // not a completion: skipUnless stops only before one
					throw new IllegalStateException("line " + scan.line + " is not a completion");
				}
				Ahead a = new Ahead(f, scan.line);
				if (scan.line == known + 1 && completionCount < remembered) {
					known = scan.line;
					knownPosition = scan.position();
					knownSkipLF = scan.skipLF;
					if (remember(a, l) == request) {
						return a;
					}
				} else {
					long q = requestOf(f);
					skipped(scan, scan.line, q, l);
					if (q == request) {
						return a;
					}
				}
			}
			knownEnd = known == scan.line;
			scan.release();
			scanner = null;
			return null;
		} catch (EngineException | RuntimeException e) {
			scan.release();
			scanner = null;
			throw e;
		}
	}

	/**
	 * A reader of this rank's events from file position {@code position}, after line {@code line}: the last scan's
	 * when it stopped there (the next scan often goes on where the last found its completion), else a new one.
	 */
	private MpiTraceLines scanner(long position, int line, boolean skipLF) {
		MpiTraceLines s = scanner;
		if (s != null && s.line == line && s.position() == position) {
			return s;
		}
		if (s != null) {
			s.release();
		}
		s = lines.copyAt(position, line, skipLF, stream.pool);
		scanner = s;
		return s;
	}

	/**
	 * A scan read the lines from {@code first} to the one it is at without remembering them, the last a completion
	 * of request {@code q} (−1: none): the skipped lines grow by them when they follow them (or {@link #known});
	 * else they were skipped already.
	 */
	private void skipped(MpiTraceLines scan, int first, long q, int l) throws EngineException {
		if (first != Math.max(known, skippedTo) + 1) {
			return;
		}
		skippedTo = scan.line;
		skippedPosition = scan.position();
		skippedSkipLF = scan.skipLF;
		if (q >= 0 && skippedRequests.add(q)) {
			stream.aheadBytes += SKIPPED_BYTES;
			stream.checkHeld(r, file, l);
		}
	}

	private void forgetSkipped() {
		stream.aheadBytes -= (long) skippedRequests.size() * SKIPPED_BYTES;
		skippedRequests.clear();
		skippedTo = known;
	}

	/** Keeps {@code a} among the known completions if it is one; returns its request, or -1. */
	private long remember(Ahead a, int l) throws EngineException {
		long request = requestOf(a.fields());
		if (request >= 0) {
			completions.computeIfAbsent(request, k -> new ArrayDeque<>()).addLast(a);
			completionCount++;
			stream.aheadBytes += a.bytes();
			stream.checkHeld(r, file, l);
		}
		return request;
	}

	/** The replay has reached line {@code line}: no longer a completion to come. */
	private void passed(String[] f, int line) {
		long request = completionCount == 0 ? -1 : requestOf(f);
		ArrayDeque<Ahead> list = request < 0 ? null : completions.get(request);
		if (list != null && !list.isEmpty() && list.peekFirst().line() == line) {
			stream.aheadBytes -= list.pollFirst().bytes();
			completionCount--;
			if (list.isEmpty()) {
				completions.remove(request);
			}
		}
	}

	/** The request a 'wait REQ' or 'cancel REQ' line completes, or -1 for any other line. */
	private static long requestOf(String[] f) {
		if (f.length < 2 || !f[0].equals("wait") && !f[0].equals("cancel")) {
			return -1;
		}
		try {
			long request = Long.parseLong(f[1]);
			return request >= 0 ? request : -1;
		} catch (NumberFormatException e) {
			return -1;
		}
	}

	/** Releases the readers and forgets what was read ahead. */
	void close() {
		lines.release();
		MpiTraceLines s = scanner;
		scanner = null;
		if (s != null) {
			s.release();
		}
		for (Ahead a : ahead) {
			stream.aheadBytes -= a.bytes();
		}
		ahead.clear();
		for (ArrayDeque<Ahead> list : completions.values()) {
			for (Ahead a : list) {
				stream.aheadBytes -= a.bytes();
			}
		}
		completions.clear();
		completionCount = 0;
		stream.aheadBytes -= (long) skippedRequests.size() * SKIPPED_BYTES;
		skippedRequests.clear();
	}
}
