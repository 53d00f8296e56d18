package org.perfcast.ui.internal.emf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.xmi.XMLResource;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.perfcast.model.core.CoreFactory;
import org.perfcast.model.core.Model;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.ProgramFactory;
import org.perfcast.model.program.Step;

/** The smallest useful model of each kind, the starting point of a new model file, as XMI. */
public final class ModelTemplates {

	private ModelTemplates() {
	}

	/** A new model of {@code kind} named {@code name}, in XMI encoded as UTF-8. */
	public static byte[] xmi(ModelKind kind, String name) {
		Resource resource = new XMIResourceImpl(URI.createURI("new." + kind.extension()));
		resource.getContents().add(create(kind, name));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		try {
			resource.save(out, Map.of(XMLResource.OPTION_ENCODING, "UTF-8"));
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return out.toByteArray();
	}

	/**
	 * A new model of {@code kind}: a ring of P = 4 processors, N = 60 elements in blocks over P
	 * processors, or P processes with one computation step.
	 */
	static Model create(ModelKind kind, String name) {
		Model model = switch (kind) {
			case MACHINE -> {
				Machine machine = MachineFactory.eINSTANCE.createMachine();
				machine.setProcessorCount("P");
				machine.setTopology(MachineFactory.eINSTANCE.createRing());
				yield machine;
			}
			case LAYOUT -> {
				Layout layout = LayoutFactory.eINSTANCE.createLayout();
				layout.getParameters().add(parameter("N", "60"));
				layout.setRows("N");
				layout.setProcessors("P");
				layout.setDistribution(Distribution.BLOCK);
				yield layout;
			}
			case PROGRAM -> {
				Program program = ProgramFactory.eINSTANCE.createProgram();
				program.setProcessCount("P");
				Step step = ProgramFactory.eINSTANCE.createStep();
				step.setName("compute");
				step.setCost("1");
				program.getSteps().add(step);
				yield program;
			}
		};
		model.setName(name);
		model.getParameters().add(parameter("P", "4"));
		return model;
	}

	private static Parameter parameter(String name, String defaultValue) {
		Parameter parameter = CoreFactory.eINSTANCE.createParameter();
		parameter.setName(name);
		parameter.setDefaultValue(defaultValue);
		return parameter;
	}
}
