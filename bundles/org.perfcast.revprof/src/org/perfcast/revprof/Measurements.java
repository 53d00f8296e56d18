package org.perfcast.revprof;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.engine.Printable;

/**
 * Reads the measurements CSV of a characterisation: the header {@code function,p,d,time}, then one row per
 * repetition with the function's name, the processes (a whole number from 1), the message size in bytes (a
 * whole number from 0) and the time in microseconds (finite, not negative). Blank lines are skipped.
 */
public final class Measurements {

	/** The header, exactly. */
	public static final String HEADER = "function,p,d,time";

	private Measurements() {
	}

	/**
	 * The rows of {@code text}.
	 *
	 * @throws MeasurementsException at the first malformed line
	 */
	public static List<Measurement> read(String text) throws MeasurementsException {
		List<Measurement> rows = new ArrayList<>();
		String[] lines = text.split("\r?\n", -1);
		int first = 0;
		while (first < lines.length && lines[first].isBlank()) {
			first++;
		}
		if (first == lines.length) {
			throw new MeasurementsException(0, "the file is empty; expected the header " + HEADER);
		}
		if (!lines[first].strip().replace(" ", "").equals(HEADER)) {
			throw new MeasurementsException(first + 1, "expected the header " + HEADER + ", got "
					+ Printable.quote(lines[first].strip()));
		}
		for (int i = first + 1; i < lines.length; i++) {
			String row = lines[i].strip();
			if (row.isEmpty()) {
				continue;
			}
			long line = i + 1;
			String[] cells = row.split(",", -1);
			if (cells.length != 4) {
				throw new MeasurementsException(line, "expected 4 cells (function,p,d,time), got " + cells.length);
			}
			String function = cells[0].strip();
			if (function.isEmpty()) {
				throw new MeasurementsException(line, "the function is empty");
			}
			long p = whole(cells[1], "p", 1, Integer.MAX_VALUE, line);
			long d = whole(cells[2], "d", 0, Long.MAX_VALUE / 4, line);
			double time;
			try {
				time = Double.parseDouble(cells[3].strip());
			} catch (NumberFormatException e) {
				throw new MeasurementsException(line, "time " + Printable.quote(cells[3].strip()) + " is not a number");
			}
			if (!Double.isFinite(time) || time < 0) {
				throw new MeasurementsException(line, "time must be a finite number of microseconds >= 0, was "
						+ cells[3].strip());
			}
			rows.add(new Measurement(function, (int) p, d, time, line));
		}
		if (rows.isEmpty()) {
			throw new MeasurementsException(0, "the file has a header but no measurements");
		}
		return rows;
	}

	private static long whole(String cell, String what, long min, long max, long line) throws MeasurementsException {
		String text = cell.strip();
		long value;
		try {
			value = Long.parseLong(text);
		} catch (NumberFormatException e) {
			throw new MeasurementsException(line, what + " " + Printable.quote(text) + " is not a whole number");
		}
		if (value < min || value > max) {
			throw new MeasurementsException(line, what + " must be " + min + " or more" + (max < Long.MAX_VALUE / 4
					? " and at most " + max : "") + ", was " + text);
		}
		return value;
	}
}
