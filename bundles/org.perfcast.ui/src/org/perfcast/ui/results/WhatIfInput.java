package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.perfcast.trace.WhatIf;

/**
 * The What-if tab's fields read as the command line's options: lists separated by {@code ;} of locations
 * ({@code FILE:LINE}, {@code FROM..TO}, {@code lock M}, {@code thread T}), locks to remove ({@code M}), to split
 * ({@code M=K}) and locations to make faster ({@code LOCATION=S}, S the fraction of its time removed).
 */
public final class WhatIfInput {

	/** What separates the items of a field. */
	public static final String SEPARATOR = ";";

	private WhatIfInput() {
	}

	private static List<String> items(String field) {
		return Arrays.stream(field.split(SEPARATOR)).map(String::strip).filter(s -> !s.isEmpty()).toList();
	}

	/**
	 * The locations of {@code field}; empty for the top ones.
	 *
	 * @throws IllegalArgumentException with the reason, if one is not a location
	 */
	public static List<WhatIf.Location> locations(String field) {
		return items(field).stream().map(WhatIf::location).toList();
	}

	/** The field that {@link #locations(String)} reads as {@code locations}. */
	public static String field(List<WhatIf.Location> locations) {
		return String.join(SEPARATOR + " ", locations.stream().map(WhatIf.Location::key).toList());
	}

	/**
	 * The edits of the three fields, in the command line's order: locks removed, locks split, locations faster.
	 *
	 * @throws IllegalArgumentException with the reason, if an item is not an edit
	 */
	public static List<WhatIf.Edit> edits(String remove, String split, String faster) {
		List<WhatIf.Edit> edits = new ArrayList<>();
		items(remove).forEach(m -> edits.add(new WhatIf.RemoveLock(m)));
		for (String s : items(split)) {
			int eq = s.lastIndexOf('=');
			try {
				edits.add(WhatIf.SplitLock.of(s.substring(0, eq).strip(), s.substring(eq + 1)));
			} catch (RuntimeException e) {
				throw new IllegalArgumentException(String.format(Messages.WHATIF_BAD_SPLIT, s, WhatIf.MAX_PARTS), e);
			}
		}
		for (String f : items(faster)) {
			int eq = f.lastIndexOf('=');
			try {
				edits.add(new WhatIf.SpeedUp(WhatIf.location(f.substring(0, eq)), Double.parseDouble(f.substring(eq
						+ 1).strip())));
			} catch (RuntimeException e) {
				throw new IllegalArgumentException(String.format(Messages.WHATIF_BAD_FASTER, f), e);
			}
		}
		return edits;
	}
}
