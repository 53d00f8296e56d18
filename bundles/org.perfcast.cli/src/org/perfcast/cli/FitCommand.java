package org.perfcast.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.revprof.Characterisation;
import org.perfcast.revprof.CostFit;
import org.perfcast.revprof.Datasheet;
import org.perfcast.revprof.FunctionFit;
import org.perfcast.revprof.Measurement;
import org.perfcast.revprof.Measurements;
import org.perfcast.revprof.MeasurementsException;

/** {@code perfcast fit MEASUREMENTS.csv}: fit an MPI performance model to characterisation timings. */
final class FitCommand extends AbstractCommand {

	/** The datasheet's file names in the datasheet folder. */
	static final String HTML = "datasheet.html";
	static final String LATEX = "datasheet.tex";
	static final String SUMMARY = "revprof-summary.txt";

	FitCommand() {
		super("fit", "fit MPI cost equations to characterisation timings (reverse profiling datasheet)", """
				usage: perfcast fit MEASUREMENTS.csv [--json] [--datasheet DIR] [--machine FILE.machine]

				MEASUREMENTS.csv has the header 'function,p,d,time' and a row per repetition (p processes,
				d bytes, time in µs). For each function, fits t(p,d) = c + s*startup(p) + k*data(p,d) by
				weighted least squares over the 12 forms startup in {p, log p, p^2} x data in {d, p*d,
				log p*d, p^2*d} (log = log2) and keeps the least chi-squared; splits small and large
				messages where the data change shape. Prints each equation with its standard errors, the
				residuals and the measured ranges (outside them an equation extrapolates).
				  --json           {FUNCTION: {"split" (largest d of the small fit, or null), "small" and
				                   "large" (or "all"): {"startup", "data", "c", "s", "k", "c_err", "s_err",
				                   "k_err", "chi2", "points", "rms", "maxRelative", "p": [min, max],
				                   "d": [min, max]}}}
				  --datasheet DIR  also write DIR/datasheet.html (a page per function with charts),
				                   DIR/datasheet.tex (and datasheet.pdf when pdflatex is installed) and
				                   DIR/revprof-summary.txt (for the reverse profiler)
				  --machine FILE   also put the equations into the machine model's MPI costs (replacing those
				                   of the same functions; the file must load without errors)""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("datasheet", "machine"));
		String file = GlamisCommand.singleFile(arguments);
		List<Measurement> measurements;
		List<FunctionFit> fits;
		try {
			measurements = Measurements.read(org.perfcast.engine.InputFiles.text(Path.of(file)));
			fits = Characterisation.fit(measurements);
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		} catch (MeasurementsException e) {
			console.report(Diagnostic.error("revprof.measurements", e.getMessage(), e.line() > 0 ? Location.at(file,
					(int) Math.min(Integer.MAX_VALUE, e.line()), 1) : Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.value("datasheet").isPresent()) {
			Path dir = Path.of(arguments.value("datasheet").get());
			String title = "MPI datasheet: " + Path.of(file).getFileName();
			try {
				Files.createDirectories(dir);
				org.perfcast.engine.SafeWrites.replace(dir.resolve(HTML), Datasheet.html(title, fits, measurements));
				org.perfcast.engine.SafeWrites.replace(dir.resolve(LATEX), Datasheet.latex(title, fits, measurements));
				org.perfcast.engine.SafeWrites.replace(dir.resolve(SUMMARY), Datasheet.summary(fits));
			} catch (IOException e) {
				console.report(Diagnostic.error("cli.write", "cannot write the datasheet: " + e.getMessage(),
						Location.of(dir.toString())));
				return ExitCode.INPUT_ERROR;
			}
		}
		if (arguments.value("machine").isPresent() && MachineEdit.apply(arguments.value("machine").get(), console,
				machine -> org.perfcast.revprof.MachineMpiCosts.write(machine, fits)) != ExitCode.OK) {
			return ExitCode.INPUT_ERROR;
		}
		String pdf = arguments.value("datasheet").map(dir -> typeset(Path.of(dir), console)).orElse(null);
		if (arguments.flag("json")) {
			printJson(fits, console.out());
		} else {
			printText(file, fits, console.out());
			arguments.value("datasheet").ifPresent(dir -> console.out().println("datasheet: " + Path.of(dir).resolve(HTML)
					+ (pdf == null ? "" : ", " + pdf)));
		}
		return ExitCode.OK;
	}

	/** Typesets DIR/datasheet.tex with pdflatex when there is one; the PDF's path, or null. */
	private static String typeset(Path dir, Console console) {
		String pdflatex = null;
		for (String d : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
			if (Files.isExecutable(Path.of(d, "pdflatex"))) {
				pdflatex = Path.of(d, "pdflatex").toString();
				break;
			}
		}
		if (pdflatex == null) {
			console.err().println("perfcast fit: no pdflatex, so " + dir.resolve(LATEX) + " is not typeset (Debian: "
					+ "apt-get install texlive-latex-base texlive-latex-recommended texlive-pictures)");
			return null;
		}
		try {
			Process process = new ProcessBuilder(pdflatex, "-interaction=nonstopmode", "-halt-on-error", LATEX)
					.directory(dir.toFile()).redirectErrorStream(true).start();
			String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (process.waitFor() != 0) {
				console.report(Diagnostic.warning("revprof.latex", "pdflatex failed on the datasheet; see "
						+ dir.resolve("datasheet.log") + log.lines().filter(l -> l.startsWith("!")).findFirst()
								.map(l -> ": " + l).orElse(""), Location.of(dir.resolve(LATEX).toString())));
				return null;
			}
			for (String aux : List.of("datasheet.aux", "datasheet.log")) {
				Files.deleteIfExists(dir.resolve(aux));
			}
			return dir.resolve("datasheet.pdf").toString();
		} catch (IOException e) {
			console.report(Diagnostic.warning("revprof.latex", "cannot run pdflatex: " + e.getMessage(),
					Location.of(dir.toString())));
			return null;
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	private static void printText(String file, List<FunctionFit> fits, PrintStream out) {
		out.println("MPI cost equations fitted to " + file + " (µs; p processes, d bytes, log = log2; ± one standard "
				+ "error):");
		for (FunctionFit fit : fits) {
			out.println(fit.function() + (fit.split() == null ? "" : " (split at " + fit.split() + " bytes)"));
			for (Map.Entry<String, CostFit> part : parts(fit)) {
				CostFit f = part.getValue();
				out.printf("  %-10s %s%n             chi2 %s over %d points, rms residual %s µs, largest %.1f %%; "
						+ "p %d..%d, d %d..%d%n", part.getKey(), f.equation(), Numbers.format(round(f.chi2())), f.points(),
						Numbers.format(round(f.rms())), 100 * f.maxRelative(), f.pMin(), f.pMax(), f.dMin(), f.dMax());
			}
		}
	}

	private static double round(double v) {
		return Math.round(v * 1000) / 1000.0;
	}

	private static List<Map.Entry<String, CostFit>> parts(FunctionFit fit) {
		return fit.split() == null ? List.of(Map.entry("all", fit.all()))
				: List.of(Map.entry("d <= " + fit.split(), fit.small()), Map.entry("d > " + fit.split(), fit.large()));
	}

	private static void printJson(List<FunctionFit> fits, PrintStream out) {
		StringBuilder json = new StringBuilder("{");
		for (int i = 0; i < fits.size(); i++) {
			FunctionFit fit = fits.get(i);
			json.append(i == 0 ? "\n  " : ",\n  ").append(Json.string(fit.function())).append(": {\"split\": ")
					.append(fit.split() == null ? "null" : fit.split().toString());
			if (fit.split() == null) {
				json.append(", \"all\": ").append(json(fit.all()));
			} else {
				json.append(", \"small\": ").append(json(fit.small())).append(", \"large\": ").append(json(fit.large()));
			}
			json.append('}');
		}
		out.println(json.append("\n}"));
	}

	private static String json(CostFit f) {
		return "{\"startup\": " + Json.string(f.startup().id()) + ", \"data\": " + Json.string(f.data().id()) + ", \"c\": "
				+ Numbers.format(f.c()) + ", \"s\": " + Numbers.format(f.s()) + ", \"k\": " + Numbers.format(f.k())
				+ ", \"c_err\": " + Numbers.format(f.cErr()) + ", \"s_err\": " + Numbers.format(f.sErr()) + ", \"k_err\": "
				+ Numbers.format(f.kErr()) + ", \"chi2\": " + Numbers.format(f.chi2()) + ", \"points\": " + f.points()
				+ ", \"rms\": " + Numbers.format(f.rms()) + ", \"maxRelative\": " + Numbers.format(f.maxRelative())
				+ ", \"p\": [" + f.pMin() + ", " + f.pMax() + "], \"d\": [" + f.dMin() + ", " + f.dMax() + "]}";
	}
}
