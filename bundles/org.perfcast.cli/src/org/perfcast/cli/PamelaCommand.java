package org.perfcast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Location;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.pamela.ClosedForm;
import org.perfcast.pamela.Pamela;
import org.perfcast.pamela.Prediction;

/** {@code perfcast pamela FILE}: the serialization analysis of a PAMELA process model. */
final class PamelaCommand extends AbstractCommand {

	PamelaCommand() {
		super("pamela", "predict T of a PAMELA process model (serialization analysis)", """
				usage: perfcast pamela FILE.pamela|FILE.program [--set NAME=VALUE ...] [--sweep NAME=v1,v2,...] [--json]

				Prints T = max(T_cplx, sigma_max), the complexity time T_cplx, the largest resource
				workload sigma_max, the bottleneck resource, the bound (critical-path-bound or
				contention-bound on a resource), every resource's workload and the closed form in the
				parameters not bound by --set or --sweep. A *.program model is translated to PAMELA.
				  --set NAME=VALUE      override a parameter's default (repeatable)
				  --sweep NAME=v1,v2,…  analyse once per value (with the --set values for the rest)
				  --json                one object (an array with --sweep) with the keys T, Tcplx,
				                        sigmaMax, bottleneck, bound, resources, closedForm and, with
				                        --sweep, bindings""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("set", "sweep"));
		if (arguments.operands().size() != 1) {
			throw new UsageException(arguments.operands().isEmpty() ? "missing FILE" : "expected one FILE");
		}
		String file = arguments.operands().get(0);
		boolean program = file.endsWith(".program");
		String text = "";
		try {
			text = program ? "" : org.perfcast.engine.InputFiles.text(Path.of(file));
			if (program && !Files.isRegularFile(Path.of(file))) {
				throw new IOException(file + " is not a file");
			}
		} catch (IOException e) {
			console.report(Diagnostic.error("cli.noFile", "cannot read the file: " + e.getMessage(), Location.of(file)));
			return ExitCode.INPUT_ERROR;
		}
		List<ParameterBindings> points = points(arguments.bindings(), arguments.value("sweep").orElse(null));
		List<String> json = new ArrayList<>();
		for (ParameterBindings bindings : points) {
			Pamela.Result result = program ? Pamela.analyseProgram(Path.of(file), file, bindings, EngineMonitor.NULL)
					: Pamela.analyse(text, file, bindings, EngineMonitor.NULL);
			result.diagnostics().stream().filter(d -> d.severity() == Severity.ERROR).forEach(console::report);
			if (result.prediction() == null) {
				return ExitCode.INPUT_ERROR;
			}
			if (arguments.flag("json")) {
				json.add(json(result.prediction(), points.size() > 1 ? bindings : null));
			} else {
				print(result.prediction(), points.size() > 1 ? bindings : null, console);
			}
		}
		if (arguments.flag("json")) {
			console.out().println(points.size() > 1 ? "[\n" + String.join(",\n", json) + "\n]" : json.get(0));
		}
		return ExitCode.OK;
	}

	private static List<ParameterBindings> points(ParameterBindings base, String sweep) throws UsageException {
		if (sweep == null) {
			return List.of(base);
		}
		int eq = sweep.indexOf('=');
		if (eq < 1 || eq == sweep.length() - 1) {
			throw new UsageException("--sweep needs NAME=v1,v2,..., not '" + sweep + "'");
		}
		List<ParameterBindings> points = new ArrayList<>();
		for (String value : sweep.substring(eq + 1).split(",")) {
			try {
				points.add(base.overriddenBy(ParameterBindings.parse(List.of(sweep.substring(0, eq) + "=" + value.strip()))));
			} catch (IllegalArgumentException e) {
				throw new UsageException("--sweep " + e.getMessage());
			}
		}
		return points;
	}

	private static void print(Prediction p, ParameterBindings bindings, Console console) {
		if (bindings != null) {
			console.out().println(bindings + ":");
		}
		console.out().println("T          = " + org.perfcast.engine.Quantities.number(p.T()) + "  (" + p.bound() + ")");
		console.out().println("T_cplx     = " + org.perfcast.engine.Quantities.number(p.Tcplx()));
		console.out().println("sigma_max  = " + org.perfcast.engine.Quantities.number(p.sigmaMax())
				+ (p.bottleneck() == null ? "" : "  (" + p.bottleneck() + ")"));
		if (!p.resources().isEmpty()) {
			console.out().println("workloads  " + p.resources().entrySet().stream()
					.map(e -> e.getKey() + " = " + Numbers.format(e.getValue())).collect(Collectors.joining(", ")));
		}
		ClosedForm c = p.closedForm();
		if (c != null && !c.free().isEmpty()) {
			console.out().println("closed form in " + String.join(", ", c.free()) + ":");
			print("T", c.T(), console);
			print("T_cplx", c.Tcplx(), console);
			print("sigma_max", c.sigmaMax(), console);
			c.workloads().forEach((r, w) -> print("sigma " + r, w, console));
			c.notes().forEach(note -> console.out().println("  " + note));
		}
	}

	private static void print(String name, String form, Console console) {
		if (form != null) {
			console.out().println("  " + name + " = " + form);
		}
	}

	private static String json(Prediction p, ParameterBindings bindings) {
		String resources = p.resources().entrySet().stream()
				.map(e -> Json.string(e.getKey()) + ": " + number(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
		String fields = "\"T\": " + number(p.T()) + ", \"Tcplx\": " + number(p.Tcplx()) + ", \"sigmaMax\": "
				+ number(p.sigmaMax()) + ", \"bottleneck\": " + (p.bottleneck() == null ? "null" : Json.string(p.bottleneck()))
				+ ", \"bound\": " + Json.string(p.bound()) + ", \"resources\": " + resources + ", \"closedForm\": "
				+ json(p.closedForm());
		if (bindings != null) {
			fields += ", \"bindings\": " + bindings.asMap().entrySet().stream()
					.map(e -> Json.string(e.getKey()) + ": " + number(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
		}
		return "{" + fields + "}";
	}

	private static String json(ClosedForm c) {
		if (c == null) {
			return "null";
		}
		return "{\"free\": " + c.free().stream().map(Json::string).collect(Collectors.joining(", ", "[", "]"))
				+ ", \"T\": " + nullable(c.T()) + ", \"Tcplx\": " + nullable(c.Tcplx()) + ", \"sigmaMax\": "
				+ nullable(c.sigmaMax()) + ", \"bound\": " + nullable(c.bound()) + ", \"workloads\": "
				+ c.workloads().entrySet().stream().map(e -> Json.string(e.getKey()) + ": " + Json.string(e.getValue()))
						.collect(Collectors.joining(", ", "{", "}"))
				+ ", \"notes\": " + c.notes().stream().map(Json::string).collect(Collectors.joining(", ", "[", "]")) + "}";
	}

	private static String nullable(String text) {
		return text == null ? "null" : Json.string(text);
	}

	private static String number(double value) {
		return Numbers.format(value);
	}

}
