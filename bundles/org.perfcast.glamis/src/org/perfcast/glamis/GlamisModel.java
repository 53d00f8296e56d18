package org.perfcast.glamis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.Position;

/**
 * A parsed {@code *.glamis} file: the machine as a tuple of centres and the program as a sequence of
 * parallel sections, with parameters, in the paper's tuple notation.
 *
 * @param parameters parameter defaults in declaration order
 * @param machine    the centres: {@code I(t)} delay, {@code Q(t)} queueing, {@code Q^m(t)} a block of m
 * @param sections   the program's parallel sections, separated by barriers, each of one or more task classes
 */
public record GlamisModel(Map<String, Expression> parameters, List<Centre> machine, List<Section> sections) {

	public GlamisModel {
		parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
		machine = List.copyOf(machine);
		sections = List.copyOf(sections);
	}

	/**
	 * A centre of the machine tuple.
	 *
	 * @param name         the name given ({@code links: Q^P(tl)}) or the centre's text
	 * @param kind         delay or queueing
	 * @param multiplicity m of {@code Q^m}, or null for a single centre
	 * @param serviceTime  the time of one visit
	 * @param position     where it is written
	 */
	public record Centre(String name, Station.Kind kind, Expression multiplicity, Expression serviceTime,
			Position position) {
	}

	/**
	 * A parallel section {@code n1 : <v1, v2, …>, n2 : <…>, …}: one or more task classes whose tasks run in
	 * parallel and meet at the barrier that ends the section.
	 *
	 * @param classes  the task classes, at least one
	 * @param position where it is written
	 */
	public record Section(List<TaskClass> classes, Position position) {

		public Section {
			classes = List.copyOf(classes);
			if (classes.isEmpty()) {
				throw new IllegalArgumentException("a section needs a task class");
			}
		}
	}

	/**
	 * A class of tasks {@code n : <v1, v2, …>}: n tasks, each visiting centre k v_k times (each member of a
	 * block v_k times).
	 *
	 * @param tasks    n
	 * @param visits   one visit count per centre of the machine
	 * @param position where it is written
	 */
	public record TaskClass(Expression tasks, List<Expression> visits, Position position) {

		public TaskClass {
			visits = List.copyOf(visits);
		}
	}
}
