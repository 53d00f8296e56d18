package org.perfcast.revprof;

import java.util.List;
import java.util.Map;

import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.DataTerm;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.MessageRange;
import org.perfcast.model.machine.MpiCostEquation;
import org.perfcast.model.machine.MpiFunctionCost;
import org.perfcast.model.machine.StartupTerm;

/** Writes fitted equations into a machine model's MPI cost section. */
public final class MachineMpiCosts {

	private MachineMpiCosts() {
	}

	/**
	 * Puts {@code fits} into {@code machine}'s communication costs, replacing the equations of the same functions
	 * and keeping the others; creates the communication section if the machine has none.
	 */
	public static void write(Machine machine, List<FunctionFit> fits) {
		Communication communication = machine.getCommunication();
		if (communication == null) {
			communication = MachineFactory.eINSTANCE.createCommunication();
			machine.setCommunication(communication);
		}
		for (FunctionFit fit : fits) {
			communication.getMpiFunctions().removeIf(f -> fit.function().equals(f.getFunction()));
			MpiFunctionCost cost = MachineFactory.eINSTANCE.createMpiFunctionCost();
			cost.setFunction(fit.function());
			Long split = fit.split();
			cost.setSplit(split == null ? -1 : split);
			Map<MessageRange, CostFit> parts = split == null ? Map.of(MessageRange.ALL, fit.all())
					: Map.of(MessageRange.SMALL, fit.small(), MessageRange.LARGE, fit.large());
			for (MessageRange range : List.of(MessageRange.ALL, MessageRange.SMALL, MessageRange.LARGE)) {
				CostFit f = parts.get(range);
				if (f == null) {
					continue;
				}
				MpiCostEquation equation = MachineFactory.eINSTANCE.createMpiCostEquation();
				equation.setRange(range);
				equation.setStartup(StartupTerm.get(f.startup().id()));
				equation.setData(DataTerm.get(f.data().id()));
				equation.setC(f.c());
				equation.setS(f.s());
				equation.setK(f.k());
				equation.setCError(f.cErr());
				equation.setSError(f.sErr());
				equation.setKError(f.kErr());
				cost.getEquations().add(equation);
			}
			communication.getMpiFunctions().add(cost);
		}
	}

	/**
	 * The MPI cost equations of {@code machine} in the reverse profiler's summary format (see
	 * {@link Datasheet#summary}); a machine model keeps no fitted ranges, so they are left open.
	 */
	public static String summary(Machine machine) {
		StringBuilder text = new StringBuilder("# perfcast revprof summary 1, from the machine model " + machine.getName()
				+ "\n");
		Communication communication = machine.getCommunication();
		if (communication == null) {
			return text.toString();
		}
		for (MpiFunctionCost cost : communication.getMpiFunctions()) {
			for (MpiCostEquation e : cost.getEquations()) {
				text.append(String.join(" ", cost.getFunction(), e.getRange().getLiteral(), cost.getSplit() < 0 ? "-"
						: Long.toString(cost.getSplit()), e.getStartup().getLiteral().replace(' ', '_'),
						e.getData().getLiteral().replace(' ', '_'), Double.toString(e.getC()), Double.toString(e.getS()),
						Double.toString(e.getK()), Double.toString(e.getCError()), Double.toString(e.getSError()),
						Double.toString(e.getKError()), "1", Integer.toString(Integer.MAX_VALUE), "0",
						Long.toString(Long.MAX_VALUE / 4))).append('\n');
			}
		}
		return text.toString();
	}
}
