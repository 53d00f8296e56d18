package org.perfcast.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.loggp.GaussianBlockOperations;
import org.perfcast.model.machine.BasicOperation;
import org.perfcast.model.machine.Computation;
import org.perfcast.model.machine.CostPoint;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;

/** {@code perfcast ge-ops}: time the Gaussian elimination block operations Op1–Op4 on this machine. */
final class GeOpsCommand extends AbstractCommand {

	GeOpsCommand() {
		super("ge-ops", "time the blocked Gaussian elimination's operations Op1-Op4 here (LogGP cost tables)", """
				usage: perfcast ge-ops [--sizes 10,12,...,160] [--millis M] [--machine FILE.machine] [--json]

				Times the four basic operations of the blocked Gaussian elimination without pivoting
				(Rugina and Schauser, section 5.1) on b x b blocks of doubles: Op1 triangularises the
				diagonal block and inverts its L and U, Op2 multiplies a pivot-row block by L^-1 and
				zeroes the eliminated block, Op3 multiplies a pivot-column block by U^-1, Op4 updates a
				trailing block (B1 - B2 B3). Prints the median µs per operation and block size (5
				samples of at least M ms each, default 20).
				  --sizes LIST     block sizes (default the paper's 10 .. 160)
				  --machine FILE   write the times as the cost tables of basic operations Op1..Op4 of
				                   the machine model (replacing those; the rest of the file is kept)
				  --json           {"sizes": [...], "Op1": [µs per size], ..., "Op4": [...]}""");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		Arguments arguments = Arguments.parse(args, Set.of("json"), Set.of("sizes", "millis", "machine"));
		List<Integer> sizes = new ArrayList<>();
		for (String part : arguments.value("sizes").orElse(String.join(",", GaussianBlockOperations.PAPER_SIZES.stream()
				.map(String::valueOf).toList())).split(",")) {
			try {
				int b = Integer.parseInt(part.strip());
				if (b < 1 || b > 2048) {
					throw new NumberFormatException();
				}
				sizes.add(b);
			} catch (NumberFormatException e) {
				throw new UsageException("--sizes needs block sizes from 1 to 2048, not '" + part.strip() + "'");
			}
		}
		int millis = arguments.positive("millis", 20);
		Map<String, double[]> times = GaussianBlockOperations.measure(sizes, millis, EngineMonitor.NULL);
		if (arguments.value("machine").isPresent() && MachineEdit.apply(arguments.value("machine").get(), console,
				machine -> write(machine, sizes, times)) != ExitCode.OK) {
			return ExitCode.INPUT_ERROR;
		}
		if (arguments.flag("json")) {
			StringBuilder json = new StringBuilder("{\"sizes\": ").append(sizes);
			times.forEach((op, t) -> json.append(", \"").append(op).append("\": [").append(String.join(", ",
					java.util.Arrays.stream(t).mapToObj(Numbers::format).toList())).append(']'));
			console.out().println(json.append('}'));
		} else {
			console.out().printf("%6s %12s %12s %12s %12s   (µs, median)%n", "b", "Op1", "Op2", "Op3", "Op4");
			for (int s = 0; s < sizes.size(); s++) {
				console.out().printf("%6d %12.2f %12.2f %12.2f %12.2f%n", sizes.get(s), times.get("Op1")[s],
						times.get("Op2")[s], times.get("Op3")[s], times.get("Op4")[s]);
			}
			arguments.value("machine").ifPresent(m -> console.out().println("cost tables written to " + m));
		}
		return ExitCode.OK;
	}

	/** Puts the times into {@code machine} as basic operations Op1..Op4 with cost tables by block size. */
	static void write(Machine machine, List<Integer> sizes, Map<String, double[]> times) {
		Computation computation = machine.getComputation();
		if (computation == null) {
			computation = MachineFactory.eINSTANCE.createComputation();
			machine.setComputation(computation);
		}
		for (Map.Entry<String, double[]> entry : times.entrySet()) {
			BasicOperation operation = computation.getOperations().stream().filter(o -> entry.getKey().equals(o.getName()))
					.findFirst().orElse(null);
			if (operation == null) {
				operation = MachineFactory.eINSTANCE.createBasicOperation();
				operation.setName(entry.getKey());
				computation.getOperations().add(operation);
			}
			operation.setCost(null);
			operation.getCostTable().clear();
			for (int s = 0; s < sizes.size(); s++) {
				CostPoint point = MachineFactory.eINSTANCE.createCostPoint();
				point.setSize(sizes.get(s));
				point.setCost(Math.round(entry.getValue()[s] * 100) / 100.0);
				operation.getCostTable().add(point);
			}
		}
	}
}
