package org.perfcast.mapping;

import java.util.List;
import java.util.Objects;

/**
 * A sensitivity chart as data: curves of T against one loop parameter.
 *
 * @param title     what the chart shows
 * @param parameter the varied parameter on the x axis, "BB" or "N"
 * @param series    the curves
 */
public record Figure(String title, String parameter, List<Series> series) {

	public Figure {
		Objects.requireNonNull(title, "title");
		Objects.requireNonNull(parameter, "parameter");
		series = List.copyOf(series);
	}

	/** The curve called {@code name}. */
	public Series series(String name) {
		return series.stream().filter(s -> s.name().equals(name)).findFirst()
				.orElseThrow(() -> new IllegalArgumentException("figure '" + title + "' has no series " + name));
	}
}
