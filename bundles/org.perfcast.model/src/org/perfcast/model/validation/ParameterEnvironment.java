package org.perfcast.model.validation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.expr.Builtin;
import org.perfcast.engine.expr.Expression;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Rational;
import org.perfcast.engine.expr.Scope;
import org.perfcast.engine.expr.Value;
import org.perfcast.model.core.Model;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.distribution.BlockOwners;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.program.Program;

/**
 * The parameters an expression of a model may use, with their values: the model's own parameters, and for a
 * program also those of its machine and layout (the program's win). Each parameter's default is evaluated
 * with the parameters declared before it; bindings given by a study override defaults. Parameters without a
 * value are known but unbound. A program with a layout may also call {@code owner(i, j)}.
 */
public final class ParameterEnvironment {

	private final Set<String> declared = new LinkedHashSet<>();
	private final Map<String, Value> values = new LinkedHashMap<>();
	private Layout layout;

	private ParameterEnvironment() {
	}

	/** The environment of {@code model} with {@code bindings} overriding defaults. */
	public static ParameterEnvironment of(Model model, ParameterBindings bindings) {
		ParameterEnvironment environment = new ParameterEnvironment();
		List<Model> models = new ArrayList<>();
		if (model instanceof Program program) {
			if (program.getMachine() != null && !program.getMachine().eIsProxy()) {
				models.add(program.getMachine());
			}
			if (program.getLayout() != null && !program.getLayout().eIsProxy()) {
				models.add(program.getLayout());
				environment.layout = program.getLayout();
			}
		}
		models.add(model);
		for (Model m : models) {
			for (Parameter parameter : m.getParameters()) {
				environment.define(parameter, bindings);
			}
		}
		return environment;
	}

	private void define(Parameter parameter, ParameterBindings bindings) {
		String name = parameter.getName();
		if (name == null || name.isBlank()) {
			return;
		}
		declared.add(name);
		if (bindings.isBound(name)) {
			values.put(name, Rational.valueOf(bindings.value(name)));
			return;
		}
		values.remove(name);
		String text = parameter.getDefaultValue();
		if (text == null || text.isBlank()) {
			return;
		}
		try {
			values.put(name, Expression.parse(text).evaluate(scope()));
		} catch (ExpressionException e) {
			// reported by the validator on the parameter itself; the parameter stays unbound
		}
	}

	/** Whether a parameter of this name is declared. */
	public boolean isDeclared(String name) {
		return declared.contains(name);
	}

	/** The declared parameter names, in declaration order. */
	public Set<String> declared() {
		return declared;
	}

	/** The parameters with values, and for a program with a layout {@code owner(i, j)}. */
	public Scope scope() {
		Map<String, Value> snapshot = Map.copyOf(values);
		Scope parameters = snapshot::get;
		return layout == null ? parameters : parameters.withFunction(Builtin.OWNER, new BlockOwners(layout, parameters));
	}
}
