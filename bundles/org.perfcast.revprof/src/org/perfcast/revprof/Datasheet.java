package org.perfcast.revprof;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.perfcast.results.export.SvgLineChart;

/**
 * The outputs of a characterisation: the datasheet for people (self-contained HTML, a section per function
 * with its equations ± standard errors, the goodness of fit and the measured and fitted times as charts, as the
 * paper's figure 1; and the same equations as a LaTeX document) and the summary file the reverse profiler
 * reads.
 */
public final class Datasheet {

	private Datasheet() {
	}

	/** The datasheet as one HTML file. */
	public static String html(String title, List<FunctionFit> fits, List<Measurement> measurements) {
		StringBuilder html = new StringBuilder();
		html.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
				.append("<meta charset=\"utf-8\"/>\n<title>").append(escape(title)).append("</title>\n<style>\n")
				.append("body { font-family: sans-serif; margin: 2em; color: #222; }\n")
				.append("table { border-collapse: collapse; margin: 1em 0; }\n")
				.append("td, th { border: 1px solid #ccc; padding: 2px 8px; text-align: left; }\n")
				.append(".equation { font-family: serif; font-size: 115%; }\n")
				.append("section { page-break-after: always; }\n</style>\n</head>\n<body>\n<h1>")
				.append(escape(title)).append("</h1>\n<p>Times in µs; p processes, d bytes, log is log<sub>2</sub>. Each ")
				.append("equation t(p, d) = c + s·startup(p) + k·data(p, d) is the least-χ² form of 12; ± one standard ")
				.append("error. Outside the measured ranges an equation extrapolates.</p>\n");
		for (FunctionFit fit : fits) {
			html.append("<section id=\"").append(escape(fit.function())).append("\">\n<h2>").append(escape(fit.function()))
					.append("</h2>\n<table>\n<tr><th>messages</th><th>equation</th><th>χ²</th><th>points</th>")
					.append("<th>rms residual</th><th>largest relative residual</th><th>p</th><th>d</th></tr>\n");
			for (Map.Entry<String, CostFit> part : parts(fit).entrySet()) {
				CostFit f = part.getValue();
				html.append("<tr><td>").append(escape(part.getKey())).append("</td><td class=\"equation\">")
						.append(escape(f.equation())).append("</td><td>").append(CostFit.number(f.chi2())).append("</td><td>")
						.append(f.points()).append("</td><td>").append(CostFit.number(f.rms())).append("</td><td>")
						.append(String.format(Locale.ROOT, "%.1f %%", 100 * f.maxRelative())).append("</td><td>")
						.append(f.pMin()).append(" – ").append(f.pMax()).append("</td><td>").append(f.dMin()).append(" – ")
						.append(f.dMax()).append("</td></tr>\n");
			}
			html.append("</table>\n");
			List<Measurement> mine = measurements.stream().filter(m -> m.function().equals(fit.function())).toList();
			Map<Integer, TreeMap<Long, double[]>> means = means(mine);
			List<SvgLineChart.Line> measured = new ArrayList<>();
			List<SvgLineChart.Line> fitted = new ArrayList<>();
			means.forEach((p, byD) -> {
				List<Double> x = new ArrayList<>();
				List<Double> y = new ArrayList<>();
				List<Double> f = new ArrayList<>();
				byD.forEach((d, sum) -> {
					x.add(Math.max(d, 1) * 1.0);
					y.add(sum[0] / sum[1]);
					f.add(fit.time(p, d));
				});
				measured.add(new SvgLineChart.Line("p = " + p, x, y));
				fitted.add(new SvgLineChart.Line("p = " + p, x, f));
			});
			boolean sizes = mine.stream().anyMatch(m -> m.d() > 0);
			html.append(SvgLineChart.render(fit.function() + ": measured (mean of repetitions)", sizes ? "d (bytes)" : "d",
					"time (µs)", measured, sizes, true));
			html.append(SvgLineChart.render(fit.function() + ": fitted", sizes ? "d (bytes)" : "d", "time (µs)", fitted,
					sizes, true));
			html.append("</section>\n");
		}
		return html.append("</body>\n</html>\n").toString();
	}

	/**
	 * The datasheet as a LaTeX document (pgfplots): a section per function with its equations, fit statistics
	 * and a log-log plot of the measured means (marks) and the fitted equation (lines), one colour per p.
	 */
	public static String latex(String title, List<FunctionFit> fits, List<Measurement> measurements) {
		StringBuilder tex = new StringBuilder();
		tex.append("\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amsmath}\n")
				.append("\\usepackage[margin=2cm]{geometry}\n\\usepackage{pgfplots}\n\\pgfplotsset{compat=1.16}\n")
				.append("\\title{").append(latexText(title)).append("}\n\\begin{document}\n\\maketitle\n")
				.append("Times in $\\mu$s; $p$ processes, $d$ bytes, $\\log = \\log_2$; $\\pm$ one standard error. ")
				.append("Marks: measured means; lines: the fitted equations.\n");
		for (FunctionFit fit : fits) {
			tex.append("\\clearpage\n\\section*{").append(latexText(fit.function())).append("}\n\\[ T(\\mu s) = ");
			List<Map.Entry<String, CostFit>> parts = new ArrayList<>(parts(fit).entrySet());
			if (parts.size() == 1) {
				tex.append(latexEquation(parts.get(0).getValue()));
			} else {
				tex.append("\\begin{cases} ").append(latexEquation(parts.get(0).getValue())).append(" & \\text{if } d \\le ")
						.append(fit.split()).append(" \\\\ ").append(latexEquation(parts.get(1).getValue()))
						.append(" & \\text{if } d > ")
						.append(fit.split()).append(" \\end{cases}");
			}
			tex.append(" \\]\n\\begin{tabular}{lrrrr}\nmessages & $\\chi^2$ & points & rms residual ($\\mu$s) & ")
					.append("largest relative residual \\\\\n");
			for (Map.Entry<String, CostFit> part : parts) {
				CostFit f = part.getValue();
				tex.append(latexText(part.getKey())).append(" & ").append(CostFit.number(f.chi2())).append(" & ")
						.append(f.points()).append(" & ").append(CostFit.number(f.rms())).append(" & ")
						.append(String.format(Locale.ROOT, "%.1f\\%%", 100 * f.maxRelative())).append(" \\\\\n");
			}
			tex.append("\\end{tabular}\n\n");
			Map<Integer, TreeMap<Long, double[]>> means = means(measurements.stream()
					.filter(m -> m.function().equals(fit.function())).toList());
			boolean sizes = means.values().stream().anyMatch(byD -> byD.lastKey() > 0);
			if (!sizes || means.isEmpty()) {
				continue;
			}
			tex.append("\\begin{tikzpicture}\n\\begin{loglogaxis}[width=15cm, height=9cm, xlabel={$d$ (bytes)}, ")
					.append("ylabel={time ($\\mu$s)}, legend pos=outer north east]\n");
			List<String> colours = List.of("blue", "red", "black", "orange", "teal", "violet", "brown", "olive");
			int line = 0;
			for (Map.Entry<Integer, TreeMap<Long, double[]>> entry : means.entrySet()) {
				String colour = colours.get(line++ % colours.size());
				StringBuilder measured = new StringBuilder();
				StringBuilder fitted = new StringBuilder();
				entry.getValue().forEach((d, sum) -> {
					if (d > 0 && sum[0] > 0) {
						measured.append(String.format(Locale.ROOT, "(%d,%.6g) ", d, sum[0] / sum[1]));
					}
					double t = fit.time(entry.getKey(), d);
					if (d > 0 && t > 0) {
						fitted.append(String.format(Locale.ROOT, "(%d,%.6g) ", d, t));
					}
				});
				tex.append("\\addplot[only marks, mark=*, mark size=1.5pt, color=").append(colour).append("] coordinates {")
						.append(measured).append("};\n")
						.append("\\addlegendentry{$p = ").append(entry.getKey()).append("$ measured}\n")
						.append("\\addplot[no marks, thick, color=").append(colour).append("] coordinates {").append(fitted)
						.append("};\n")
						.append("\\addlegendentry{$p = ").append(entry.getKey()).append("$ fitted}\n");
			}
			tex.append("\\end{loglogaxis}\n\\end{tikzpicture}\n");
		}
		return tex.append("\\end{document}\n").toString();
	}

	/**
	 * The summary file the reverse profiler reads: a line per equation,
	 * {@code function part split startup data c s k c_err s_err k_err p_min p_max d_min d_max}, with part
	 * {@code all}, {@code small} or {@code large}, split {@code -} for none, forms without spaces
	 * ({@code log_p}, {@code log_p*d}).
	 */
	public static String summary(List<FunctionFit> fits) {
		StringBuilder text = new StringBuilder("# perfcast revprof summary 1: function part split startup data c s k "
				+ "c_err s_err k_err p_min p_max d_min d_max (µs; log = log2)\n");
		for (FunctionFit fit : fits) {
			for (Map.Entry<String, CostFit> part : parts(fit).entrySet()) {
				CostFit f = part.getValue();
				String key = part.getKey().startsWith("d <=") ? "small" : part.getKey().startsWith("d >") ? "large" : "all";
				text.append(String.join(" ", fit.function(), key, Objects.toString(fit.split(), "-"),
						f.startup().id().replace(' ', '_'), f.data().id().replace(' ', '_'), raw(f.c()), raw(f.s()), raw(f.k()),
						raw(f.cErr()), raw(f.sErr()), raw(f.kErr()), Integer.toString(f.pMin()), Integer.toString(f.pMax()),
						Long.toString(f.dMin()), Long.toString(f.dMax()))).append('\n');
			}
		}
		return text.toString();
	}

	/** The fits of {@code fit} by the messages they cover, e.g. "d <= 32". */
	static Map<String, CostFit> parts(FunctionFit fit) {
		Map<String, CostFit> parts = new java.util.LinkedHashMap<>();
		if (fit.split() == null) {
			parts.put("all", fit.all());
		} else {
			parts.put("d <= " + fit.split(), fit.small());
			parts.put("d > " + fit.split(), fit.large());
		}
		return parts;
	}

	private static Map<Integer, TreeMap<Long, double[]>> means(List<Measurement> points) {
		Map<Integer, TreeMap<Long, double[]>> means = new TreeMap<>();
		for (Measurement m : points) {
			double[] sum = means.computeIfAbsent(m.p(), p -> new TreeMap<>()).computeIfAbsent(m.d(), d -> new double[2]);
			sum[0] += m.time();
			sum[1]++;
		}
		return means;
	}

	private static String latexEquation(CostFit f) {
		return "(" + CostFit.number(f.c()) + " \\pm " + CostFit.number(f.cErr()) + ") + (" + CostFit.number(f.s())
				+ " \\pm " + CostFit.number(f.sErr()) + ") \\times " + latexForm(f.startup().id()) + " + ("
				+ CostFit.number(f.k()) + " \\pm " + CostFit.number(f.kErr()) + ") \\times " + latexForm(f.data().id());
	}

	private static String latexForm(String id) {
		return id.replace("log p", "\\log p").replace("*", " ").replace("^2", "^2");
	}

	/**
	 * {@code text} as LaTeX text: every character TeX treats specially is written as itself (so that nothing in a
	 * name, not even {@code ^^5c}, becomes a command), line breaks as spaces.
	 */
	static String latexText(String text) {
		StringBuilder tex = new StringBuilder(text.length() + 16);
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
			case '\\' -> tex.append("\\textbackslash{}");
			case '{', '}', '_', '&', '%', '#', '$' -> tex.append('\\').append(c);
			case '^' -> tex.append("\\textasciicircum{}");
			case '~' -> tex.append("\\textasciitilde{}");
			case '<' -> {
				if (i + 1 < text.length() && text.charAt(i + 1) == '=') {
					tex.append("$\\le$");
					i++;
				} else {
					tex.append("$<$");
				}
			}
			case '>' -> tex.append("$>$");
			case '\n', '\r', '\t' -> tex.append(' ');
			default -> tex.append(Character.isISOControl(c) ? ' ' : c);
			}
		}
		return tex.toString();
	}

	private static String raw(double v) {
		return Double.toString(v);
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}
}
