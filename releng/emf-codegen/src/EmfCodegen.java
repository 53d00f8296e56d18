import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.codegen.ecore.generator.Generator;
import org.eclipse.emf.codegen.ecore.genmodel.GenModel;
import org.eclipse.emf.codegen.ecore.genmodel.GenModelPackage;
import org.eclipse.emf.codegen.ecore.genmodel.generator.GenBaseGeneratorAdapter;
import org.eclipse.emf.codegen.ecore.genmodel.generator.GenModelGeneratorAdapterFactory;
import org.eclipse.emf.common.util.BasicMonitor;
import org.eclipse.emf.common.util.Diagnostic;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EPackage;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.impl.EcoreResourceFactoryImpl;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;

/**
 * Headless EMF code generation from a .genmodel (no OSGi, no workspace).
 *
 * <pre>
 * EmfCodegen [--workspace DIR] [--project NAME=DIR]... [--edit] [--editor] [--tests] GENMODEL...
 * </pre>
 *
 * platform:/resource/NAME/... is resolved to DIR/... for every --project mapping, and to
 * WORKSPACE/NAME/... otherwise. The default workspace is the parent of the project directory
 * containing the first genmodel (the nearest ancestor with a META-INF/ or .project).
 */
public final class EmfCodegen {
	public static void main(String[] args) throws IOException {
		// Generated files get the line delimiter of the file they replace, else line.separator: pin it.
		System.setProperty("line.separator", "\n");

		List<String> projectTypes = new ArrayList<>(List.of(GenBaseGeneratorAdapter.MODEL_PROJECT_TYPE));
		List<File> genModels = new ArrayList<>();
		File workspace = null;
		ResourceSet resourceSet = createResourceSet();
		Map<URI, URI> uriMap = resourceSet.getURIConverter().getURIMap();

		for (int i = 0; i < args.length; i++) {
			switch (args[i]) {
				case "--workspace" -> workspace = new File(args[++i]).getCanonicalFile();
				case "--project" -> {
					String[] nameAndDir = args[++i].split("=", 2);
					uriMap.put(platformResource(nameAndDir[0]), directoryURI(new File(nameAndDir[1])));
				}
				case "--edit" -> projectTypes.add(GenBaseGeneratorAdapter.EDIT_PROJECT_TYPE);
				case "--editor" -> projectTypes.add(GenBaseGeneratorAdapter.EDITOR_PROJECT_TYPE);
				case "--tests" -> projectTypes.add(GenBaseGeneratorAdapter.TESTS_PROJECT_TYPE);
				default -> {
					if (args[i].startsWith("-")) {
						throw new IllegalArgumentException("Unknown option " + args[i]);
					}
					genModels.add(new File(args[i]).getCanonicalFile());
				}
			}
		}
		if (genModels.isEmpty()) {
			System.err.println("Usage: EmfCodegen [--workspace DIR] [--project NAME=DIR]... [--edit] [--editor] [--tests] GENMODEL...");
			System.exit(2);
		}
		if (workspace == null) {
			workspace = defaultWorkspace(genModels.get(0));
		}
		// Most specific entries of the URI map win, so this is only the fallback for unmapped projects.
		uriMap.put(URI.createURI("platform:/resource/"), directoryURI(workspace));

		boolean ok = true;
		for (File genModelFile : genModels) {
			ok &= generate(resourceSet, genModelFile, projectTypes);
		}
		System.exit(ok ? 0 : 1);
	}

	private static boolean generate(ResourceSet resourceSet, File genModelFile, List<String> projectTypes) {
		long start = System.nanoTime();
		Resource resource = resourceSet.getResource(URI.createFileURI(genModelFile.getPath()), true);
		GenModel genModel = (GenModel) resource.getContents().get(0);
		EcoreUtil.resolveAll(resourceSet);
		for (Resource r : resourceSet.getResources()) {
			if (!r.getErrors().isEmpty()) {
				r.getErrors().forEach(e -> System.err.println("ERROR " + r.getURI() + ": " + e.getMessage()));
				return false;
			}
		}

		genModel.reconcile();
		genModel.setCanGenerate(true);
		Diagnostic validation = genModel.diagnose();
		if (validation.getSeverity() == Diagnostic.ERROR) {
			print(validation);
			return false;
		}

		Generator generator = new Generator();
		generator.getAdapterFactoryDescriptorRegistry().addDescriptor(GenModelPackage.eNS_URI, GenModelGeneratorAdapterFactory.DESCRIPTOR);
		generator.getOptions().resourceSet = resourceSet;
		generator.setInput(genModel);

		boolean ok = true;
		for (String projectType : projectTypes) {
			Diagnostic diagnostic = generator.generate(genModel, projectType, new BasicMonitor());
			if (diagnostic.getSeverity() != Diagnostic.OK) {
				print(diagnostic);
			}
			ok &= diagnostic.getSeverity() < Diagnostic.ERROR;
		}
		System.out.printf("Generated %s (%s) in %d ms%n", genModelFile.getName(), String.join(", ", projectTypes.stream().map(t -> t.substring(t.lastIndexOf('.') + 1)).toList()),
			(System.nanoTime() - start) / 1_000_000);
		return ok;
	}

	private static ResourceSet createResourceSet() {
		// Stand-alone registrations that plugin.xml extensions provide inside Eclipse.
		EPackage.Registry.INSTANCE.put(EcorePackage.eNS_URI, EcorePackage.eINSTANCE);
		EPackage.Registry.INSTANCE.put(GenModelPackage.eNS_URI, GenModelPackage.eINSTANCE);
		ResourceSet resourceSet = new ResourceSetImpl();
		Map<String, Object> factories = resourceSet.getResourceFactoryRegistry().getExtensionToFactoryMap();
		factories.put("ecore", new EcoreResourceFactoryImpl());
		factories.put(Resource.Factory.Registry.DEFAULT_EXTENSION, new XMIResourceFactoryImpl());
		return resourceSet;
	}

	private static File defaultWorkspace(File genModelFile) {
		for (File dir = genModelFile.getParentFile(); dir != null; dir = dir.getParentFile()) {
			if (new File(dir, "META-INF").isDirectory() || new File(dir, ".project").isFile()) {
				return dir.getParentFile();
			}
		}
		throw new IllegalArgumentException("No project directory above " + genModelFile + "; use --workspace");
	}

	private static URI platformResource(String project) {
		return URI.createPlatformResourceURI("/" + project + "/", false);
	}

	private static URI directoryURI(File dir) {
		try {
			return URI.createFileURI(dir.getCanonicalPath() + File.separator);
		}
		catch (IOException e) {
			throw new IllegalArgumentException(e);
		}
	}

	private static void print(Diagnostic diagnostic) {
		String severity = switch (diagnostic.getSeverity()) {
			case Diagnostic.ERROR -> "ERROR";
			case Diagnostic.WARNING -> "WARNING";
			case Diagnostic.INFO -> "INFO";
			default -> "";
		};
		if (diagnostic.getMessage() != null) {
			System.err.println(severity + " " + diagnostic.getMessage());
		}
		diagnostic.getChildren().forEach(EmfCodegen::print);
		if (diagnostic.getException() != null) {
			diagnostic.getException().printStackTrace();
		}
	}
}
