package org.perfcast.mapping;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.jdt.annotation.Nullable;
import org.perfcast.engine.EngineException;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.core.Model;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.machine.Communication;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.validation.ParameterEnvironment;

/**
 * Reads Sussman's parallel loop from a program model that declares the parameters N and BB (as
 * examples/linear-array/loop.program does):
 * <ul>
 * <li>N, BB: iterations and loop body cost; BB_lower and BB_upper bound BB (default BB);
 * <li>P: the program's process count, else the machine's processor count, else the parameter P;
 * <li>x, y: the neighbourhood (default 0); LF: pipelining's load factor (default 1); BB_1 … BB_P, if BB_1 is
 * declared: explicit stage costs (BB is then their sum);
 * <li>K: the parameter K, else the machine's communication overlap, else 1 − 1/P;
 * <li>the communication cost per item: the machine's perItemCost, else 1.
 * </ul>
 * The optional parameters may also be given by the bindings alone, without a declaration.
 */
final class LoopProgram {

	private final Program program;
	private final ParameterEnvironment environment;
	private final Scope scope;
	private final ModelValues values;
	private final ParameterBindings bindings;

	private LoopProgram(Program program, ParameterBindings bindings, ModelValues values) {
		this.program = program;
		this.bindings = bindings;
		this.environment = ParameterEnvironment.of(program, bindings);
		this.scope = environment.scope();
		this.values = values;
	}

	/** Whether {@code program} declares a parallel loop: parameters N and BB. */
	static boolean isLoop(Program program) {
		ParameterEnvironment environment = ParameterEnvironment.of(program, ParameterBindings.EMPTY);
		return environment.isDeclared("N") && environment.isDeclared("BB");
	}

	/**
	 * The loop of {@code program} with {@code bindings} overriding parameter defaults.
	 *
	 * @throws EngineException located at the parameter or the program if a value is missing or out of range
	 */
	static ParallelLoop read(Program program, ParameterBindings bindings, ModelValues values) throws EngineException {
		return new LoopProgram(program, bindings, values).read();
	}

	private ParallelLoop read() throws EngineException {
		Machine machine = program.getMachine() == null || program.getMachine().eIsProxy() ? null : program.getMachine();
		long n = integer("N");
		Rational bb = number("BB");
		int p = processors(machine);
		Communication communication = machine == null ? null : machine.getCommunication();
		Rational k;
		if (has("K")) {
			k = number("K");
		} else if (communication != null && ModelValues.isSet(communication.getOverlap())) {
			k = values.number(communication, MachinePackage.Literals.COMMUNICATION__OVERLAP, communication.getOverlap(), scope);
		} else {
			k = ParallelLoop.defaultOverlap(Math.max(p, 1));
		}
		Rational itemCost = communication != null && ModelValues.isSet(communication.getPerItemCost())
				? values.number(communication, MachinePackage.Literals.COMMUNICATION__PER_ITEM_COST,
						communication.getPerItemCost(), scope)
				: Rational.ONE;
		List<Rational> stages = new ArrayList<>();
		if (has("BB_1")) {
			for (int i = 1; i <= p; i++) {
				stages.add(number("BB_" + i));
			}
		}
		try {
			ParallelLoop loop = new ParallelLoop(n, bb, bb, bb, p, optionalInteger("x"), optionalInteger("y"), k,
					has("LF") ? number("LF") : Rational.ONE, List.of(), itemCost);
			if (!stages.isEmpty()) {
				loop = loop.withStageCosts(stages);
			}
			Rational lower = has("BB_lower") ? number("BB_lower") : loop.BB();
			Rational upper = has("BB_upper") ? number("BB_upper") : loop.BB();
			return loop.withBounds(lower, upper);
		} catch (IllegalArgumentException e) {
			throw values.error(program, e.getMessage());
		}
	}

	private int processors(@Nullable Machine machine) throws EngineException {
		long p;
		if (ModelValues.isSet(program.getProcessCount())) {
			p = values.integer(program, ProgramPackage.Literals.PROGRAM__PROCESS_COUNT, program.getProcessCount(), scope);
		} else if (machine != null && ModelValues.isSet(machine.getProcessorCount())) {
			p = values.integer(machine, MachinePackage.Literals.MACHINE__PROCESSOR_COUNT, machine.getProcessorCount(), scope);
		} else {
			p = integer("P");
		}
		if (p < 1 || p > 1_000_000) {
			throw values.error(program, "the array needs between 1 and 1000000 processors, P was " + p);
		}
		return (int) p;
	}

	private long optionalInteger(String name) throws EngineException {
		return has(name) ? integer(name) : 0;
	}

	/** Whether the program declares {@code name} or the bindings give it a value. */
	private boolean has(String name) {
		return environment.isDeclared(name) || bindings.isBound(name);
	}

	private long integer(String name) throws EngineException {
		Rational value = number(name);
		if (!value.isInteger() || value.numerator().bitLength() > 62) {
			throw values.error(parameter(name), name + " must be an integer, was " + value.format());
		}
		return value.longValueExact();
	}

	private Rational number(String name) throws EngineException {
		Value value = scope.lookup(name);
		if (value == null && bindings.isBound(name)) {
			value = Rational.valueOf(bindings.value(name));
		}
		if (value == null) {
			EObject where = parameter(name);
			throw values.error(where, environment.isDeclared(name)
					? "parameter " + name + " has no value; give it one with --set " + name + "=VALUE"
					: "the parallel loop needs the parameter " + name);
		}
		if (!value.isNumber()) {
			throw values.error(parameter(name), "parameter " + name + " is a boolean, not a number");
		}
		return value instanceof Rational r ? r : Rational.valueOf(value.toDouble());
	}

	/** The declaration of {@code name} (the program's, else the machine's), or the program. */
	private EObject parameter(String name) {
		List<Model> models = new ArrayList<>(List.of(program));
		if (program.getMachine() != null && !program.getMachine().eIsProxy()) {
			models.add(program.getMachine());
		}
		for (Model model : models) {
			for (Parameter parameter : model.getParameters()) {
				if (name.equals(parameter.getName())) {
					return parameter;
				}
			}
		}
		return program;
	}
}
