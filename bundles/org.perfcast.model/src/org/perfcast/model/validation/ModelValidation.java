package org.perfcast.model.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.common.util.BasicDiagnostic;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EValidator;
import org.eclipse.emf.ecore.impl.EValidatorRegistryImpl;
import org.eclipse.emf.ecore.util.Diagnostician;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.Severity;
import org.perfcast.model.core.CorePackage;
import org.perfcast.model.layout.LayoutPackage;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.resource.PerfcastResource;

/**
 * Validates a loaded model file and reports engine {@link Diagnostic}s located at the offending element
 * ({@code file:line: element: message}). Validation only reads: it never changes or saves the model.
 */
public final class ModelValidation {

	private ModelValidation() {
	}

	/** The diagnostics of a loaded file: its load problems, or else the validator's findings. */
	public static List<Diagnostic> validate(ModelFiles.Loaded loaded, String file, ParameterBindings bindings) {
		if (!loaded.ok()) {
			return loaded.diagnostics();
		}
		EValidator.Registry registry = new EValidatorRegistryImpl();
		PerfcastValidator validator = new PerfcastValidator();
		for (EPackage ePackage : List.of(CorePackage.eINSTANCE, MachinePackage.eINSTANCE, LayoutPackage.eINSTANCE,
				ProgramPackage.eINSTANCE)) {
			registry.put(ePackage, validator);
		}
		Diagnostician diagnostician = new Diagnostician(registry);
		Map<Object, Object> context = new HashMap<>(diagnostician.createDefaultContext());
		PerfcastValidator.putBindings(context, bindings);
		BasicDiagnostic chain = diagnostician.createDefaultDiagnostic(loaded.root());
		diagnostician.validate(loaded.root(), chain, context);
		List<Diagnostic> result = new ArrayList<>(loaded.diagnostics());
		for (org.eclipse.emf.common.util.Diagnostic child : chain.getChildren()) {
			result.add(convert(child, file));
		}
		return result;
	}

	private static Diagnostic convert(org.eclipse.emf.common.util.Diagnostic d, String file) {
		Severity severity = switch (d.getSeverity()) {
		case org.eclipse.emf.common.util.Diagnostic.ERROR, org.eclipse.emf.common.util.Diagnostic.CANCEL -> Severity.ERROR;
		case org.eclipse.emf.common.util.Diagnostic.WARNING -> Severity.WARNING;
		default -> Severity.INFO;
		};
		Location location = !d.getData().isEmpty() && d.getData().get(0) instanceof EObject object
				? location(object, file) : Location.of(file);
		String code = PerfcastValidator.DIAGNOSTIC_SOURCE.equals(d.getSource()) ? "model." + d.getCode() : "model.structure";
		return new Diagnostic(severity, d.getMessage(), location, code);
	}

	/**
	 * Where {@code object} is: its URI fragment, a label such as "Message 'to the right neighbour'" and its line
	 * in {@code file}, or just the file when the object is in no resource.
	 */
	public static Location location(EObject object, String file) {
		if (object == null || object.eResource() == null) {
			return Location.of(file);
		}
		int line = object.eResource() instanceof PerfcastResource r ? r.lineOf(object) : 0;
		return new Location.ElementLocation(file, object.eResource().getURIFragment(object), label(object), line);
	}

	/** "Parameter N", "Ring", "Message 'to the right neighbour'". */
	static String label(EObject object) {
		String type = object.eClass().getName();
		String name = PerfcastValidator.nameOf(object);
		if (!name.equals(type)) {
			return type + " " + name;
		}
		EObject container = object.eContainer();
		if (container != null && object.eContainingFeature().isMany()) {
			int index = ((List<?>) container.eGet(object.eContainingFeature())).indexOf(object);
			return type + " " + (index + 1) + " of " + label(container);
		}
		return type;
	}

}
