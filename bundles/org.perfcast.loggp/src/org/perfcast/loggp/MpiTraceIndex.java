package org.perfcast.loggp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import org.perfcast.engine.EngineException;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Printable;
import org.perfcast.loggp.MpiTraceLines.Pool;
import org.perfcast.loggp.MpiTrace.Source;

/**
 * The index of an {@link MpiTrace}: {@code ranks N}, then per rank {@code rank R FILE} (its events in FILE) or
 * {@code rank R} followed by its events inline. FILE names a file inside the index's folder: an absolute path, a
 * path that leaves the folder ({@code ..}) or a link to a file outside it is refused at its line, before anything
 * of the file is read.
 */
final class MpiTraceIndex {

	private static final byte[] RANK = "rank".getBytes(StandardCharsets.US_ASCII);
	/** The lines passed between two looks at the monitor. */
	private static final int PASSED = 1 << 16;

	private MpiTraceIndex() {
	}

	/** Reads the index at {@code path} (a trace folder or an index file); see {@link MpiTrace#read}. */
	static MpiTrace read(Path path, String display, EngineMonitor monitor) throws EngineException {
		Path index = Files.isDirectory(path) ? path.resolve("trace.mpitrace") : path;
		String indexName = Files.isDirectory(path) ? Path.of(display).resolve("trace.mpitrace").toString() : display;
		if (Files.exists(index) && !Files.isRegularFile(index)) {
			throw MpiTrace.error(indexName, 0, "not a trace file (a device or a pipe)");
		}
		if (!Files.exists(index)) {
			throw MpiTrace.error(indexName, 0, "no trace here (a trace folder holds trace.mpitrace)");
		}
		Pool pool = new Pool();
		MpiTraceLines in = new MpiTraceLines(index, indexName, 0, -1, 0, false, pool);
		try {
			Source[] sources = null;
			int rank = -1; // the rank whose events follow inline, −1 before any, −2 after a rank in a file
			long sectionStart = 0;
			int sectionLine = 0;
			boolean sectionSkip = false;
			int lastCompletion = 0; // of the rank whose events follow inline
			while (true) {
				long before;
				String s;
				if (rank >= 0) {
					// within a rank's inline events, only its end ('rank R' next) and its completions matter here
					if (in.skipUnless(PASSED, RANK, MpiTraceLines.WAIT, MpiTraceLines.CANCEL) == PASSED) {
						monitor.checkCancelled();
						continue;
					}
					before = in.position();
					s = in.readIfFirst(RANK);
					if (s != null && s.isEmpty()) { // a completion
						lastCompletion = in.line;
						continue;
					}
				} else {
					before = in.position();
					s = in.read();
				}
				if (s == null) {
					if (rank >= 0 && sources != null) {
						sources[rank] = new Source(index, indexName, sectionStart, in.position(), sectionLine, sectionSkip,
								in.position() - sectionStart, lastCompletion);
					}
					break;
				}
				int l = in.line;
				if ((l & 0xffff) == 0) {
					monitor.checkCancelled();
				}
				String[] f = MpiTrace.fields(s);
				if (f.length == 0) {
					continue;
				}
				if (sources == null) {
					if (!f[0].equals("ranks") || f.length != 2) {
						throw MpiTrace.error(indexName, l, "a trace begins with 'ranks N', found " + Printable.quote(s
								.strip()));
					}
					sources = new Source[(int) MpiTrace.integer(f[1], indexName, l, "the number of ranks", 1,
							MpiTrace.MAX_RANKS)];
					continue;
				}
				if (f[0].equals("rank")) {
					if (rank >= 0) {
						sources[rank] = new Source(index, indexName, sectionStart, before, sectionLine, sectionSkip, before
								- sectionStart, lastCompletion);
					}
					if (f.length != 2 && f.length != 3) {
						throw MpiTrace.error(indexName, l, "'rank R' or 'rank R FILE', found " + Printable.quote(s.strip()));
					}
					int r = (int) MpiTrace.integer(f[1], indexName, l, "a rank", 0, sources.length - 1);
					if (sources[r] != null) {
						throw MpiTrace.error(indexName, l, "rank " + r + " is given twice");
					}
					if (f.length == 3) {
						sources[r] = rankFile(index, indexName, l, r, f[2]);
						rank = -2;
					} else {
						// a placeholder until the section's end is known
						sources[r] = new Source(index, indexName, 0, 0, 0, false, 0, 0);
						rank = r;
						lastCompletion = 0;
						sectionStart = in.position();
						sectionLine = l;
						sectionSkip = in.skipLF;
					}
					continue;
				}
				if (rank < 0) {
					throw MpiTrace.error(indexName, l, "an event before any 'rank R'");
				}
			}
			if (sources == null) {
				throw MpiTrace.error(indexName, 0, "the trace states no 'ranks N'");
			}
			for (int r = 0; r < sources.length; r++) {
				if (sources[r] == null) {
					throw MpiTrace.error(indexName, 0, "rank " + r + " of " + sources.length + " has no events ('rank " + r
							+ "' missing)");
				}
			}
			return new MpiTrace(sources);
		} finally {
			pool.close();
		}
	}

	/**
	 * Rank {@code r}'s events in {@code entry}, named at line {@code l} of the index: a regular file inside the
	 * index's folder, also once links are followed.
	 */
	private static Source rankFile(Path index, String indexName, int l, int r, String entry) throws EngineException {
		String refused = "rank " + r + "'s events " + Printable.quote(entry) + " are refused: a trace index names only "
				+ "files inside its folder, ";
		Path given;
		try {
			given = Path.of(entry);
		} catch (InvalidPathException e) {
			throw MpiTrace.error(indexName, l, "rank " + r + "'s events " + Printable.quote(entry) + " are not a file "
					+ "name");
		}
		if (given.isAbsolute()) {
			throw MpiTrace.error(indexName, l, refused + "and this is an absolute path");
		}
		Path folder = index.toAbsolutePath().normalize().getParent();
		Path file = folder.resolve(given).normalize();
		if (!file.startsWith(folder) || file.equals(folder)) {
			throw MpiTrace.error(indexName, l, refused + "and this leaves it ('..')");
		}
		String name = Path.of(indexName).resolveSibling(entry).normalize().toString();
		if (!Files.exists(file)) {
			throw MpiTrace.error(indexName, l, "no such file: rank " + r + "'s events " + Printable.quote(entry));
		}
		try {
			if (!file.toRealPath().startsWith(folder.toRealPath())) {
				throw MpiTrace.error(indexName, l, refused + "and this links to a file outside it");
			}
		} catch (IOException e) {
			throw MpiTrace.error(indexName, l, "cannot read rank " + r + "'s events " + Printable.quote(entry) + ": " + e
					.getMessage());
		}
		if (!Files.isRegularFile(file)) {
			throw MpiTrace.error(indexName, l, "cannot read rank " + r + "'s events " + Printable.quote(entry)
					+ ": not a file (a folder, a device or a pipe)");
		}
		try {
			return new Source(file, name, 0, -1, 0, false, Files.size(file), Integer.MAX_VALUE);
		} catch (IOException e) {
			throw MpiTrace.error(indexName, l, "cannot read rank " + r + "'s events " + Printable.quote(entry) + ": " + e
					.getMessage());
		}
	}
}
