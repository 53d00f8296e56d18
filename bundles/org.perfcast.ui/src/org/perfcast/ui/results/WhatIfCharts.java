package org.perfcast.ui.results;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.ide.WhatIfMarkers;
import org.perfcast.model.results.ResultsFactory;
import org.perfcast.model.results.SourceLocation;
import org.perfcast.trace.CausalProfile;
import org.perfcast.trace.SourceLine;
import org.perfcast.ui.charts.ChartSeries;

/**
 * A causal profile as the What-if tab shows it: Coz's plot (the program's speed-up against a location's, in percent,
 * a line per location) and the ranking's sentences.
 */
final class WhatIfCharts {

	/** The most curves charted: the best ranked ones. */
	static final int CHARTED = 8;

	private WhatIfCharts() {
	}

	/** The curves of the {@link #CHARTED} best locations, without the points that deadlock or have no end. */
	static List<ChartSeries> series(CausalProfile.Profile profile) {
		List<ChartSeries> series = new ArrayList<>();
		for (CausalProfile.Curve c : profile.curves().subList(0, Math.min(CHARTED, profile.curves().size()))) {
			List<double[]> points = new ArrayList<>();
			for (CausalProfile.Point p : c.points()) {
				double y = profile.programSpeedup(p);
				if (Double.isFinite(y)) {
					points.add(new double[] { p.speedup() * 100, y });
				}
			}
			series.add(new ChartSeries(c.location().key(), points.stream().mapToDouble(p -> p[0]).toArray(), points
					.stream().mapToDouble(p -> p[1]).toArray(), ChartSeries.Style.LINE_AND_POINTS));
		}
		return series;
	}

	/** The ranking's sentence: "make the critical sections of lock m 50 % faster: 2.00x on 2 processors". */
	static String sentence(CausalProfile.Curve curve, int processors) {
		return String.format(Messages.WHATIF_SENTENCE, curve.location().label(), Math.round(CausalProfile.RANKED_AT
				* 100), WhatIfMarkers.times(curve.gain()), processors);
	}

	/** The work column: "2 s". */
	static String work(CausalProfile.Curve curve, String unit) {
		return org.perfcast.engine.Quantities.format(curve.work(), unit);
	}

	/** The source line of {@code curve}'s location, or null when it names none. */
	static SourceLocation source(CausalProfile.Curve curve) {
		SourceLine line = WhatIfMarkers.line(curve.location());
		if (line == null) {
			return null;
		}
		SourceLocation source = ResultsFactory.eINSTANCE.createSourceLocation();
		source.setFile(line.file());
		source.setLine(line.line());
		return source;
	}
}
