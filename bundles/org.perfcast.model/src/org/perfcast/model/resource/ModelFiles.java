package org.perfcast.model.resource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.resource.impl.ResourceSetImpl;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.model.core.CorePackage;
import org.perfcast.model.core.Model;
import org.perfcast.model.layout.LayoutPackage;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.program.ProgramPackage;
import org.perfcast.model.results.ResultsPackage;

/**
 * Loading Perfcast model files, inside Eclipse and on a plain class path alike. Problems with a file
 * (not XML, unknown elements, a root of the wrong kind, unresolved references) come back as
 * diagnostics with the line and column EMF reports; loading never throws for bad content and never
 * writes the file.
 */
public final class ModelFiles {

	/** The file extensions of Perfcast's XMI models, and of the results of runs. */
	public static final Set<String> EXTENSIONS = Set.of("machine", "layout", "program", "results");

	private static final PerfcastResourceFactory FACTORY = new PerfcastResourceFactory();

	/** The root object and what went wrong loading a file; {@code root} is null when loading failed. */
	public record Loaded(Resource resource, Model root, List<Diagnostic> diagnostics) {

		/** Whether the file was loaded without errors. */
		public boolean ok() {
			return root != null && diagnostics.stream().noneMatch(d -> d.severity() == org.perfcast.engine.Severity.ERROR);
		}
	}

	private ModelFiles() {
	}

	/**
	 * A resource set that reads and writes the model extensions with {@link PerfcastResourceFactory},
	 * with the model packages registered (needed outside OSGi), that reads only local files ({@link LocalFilesOnly}).
	 */
	public static ResourceSet newResourceSet() {
		registerPackages();
		ResourceSet resourceSet = new ResourceSetImpl();
		for (String extension : EXTENSIONS) {
			resourceSet.getResourceFactoryRegistry().getExtensionToFactoryMap().put(extension, FACTORY);
		}
		return LocalFilesOnly.install(resourceSet);
	}

	/** Makes sure the generated packages are in the global package registry. */
	public static void registerPackages() {
		// touching eINSTANCE initialises each package and registers it under its namespace URI
		List.of(CorePackage.eINSTANCE, MachinePackage.eINSTANCE, LayoutPackage.eINSTANCE, ProgramPackage.eINSTANCE,
				ResultsPackage.eINSTANCE);
	}

	/**
	 * Loads the model at {@code uri} into {@code resourceSet}.
	 *
	 * @param file how diagnostics name the file, e.g. its workspace path
	 */
	public static Loaded load(ResourceSet resourceSet, URI uri, String file) {
		List<Diagnostic> diagnostics = new ArrayList<>();
		Resource resource = resourceSet.getResource(uri, false);
		if (resource == null) {
			resource = resourceSet.createResource(uri);
		}
		if (!resource.isLoaded()) {
			try {
				resource.load(resourceSet.getLoadOptions());
			} catch (java.io.IOException | RuntimeException e) {
				if (resource.getErrors().isEmpty()) {
					diagnostics.add(Diagnostic.error("model.load", "cannot read the model: " + message(e), Location.of(file)));
				}
			}
		}
		for (Resource.Diagnostic error : resource.getErrors()) {
			diagnostics.add(Diagnostic.error("model.load", describe(error), position(file, error)));
		}
		for (Resource.Diagnostic warning : resource.getWarnings()) {
			diagnostics.add(Diagnostic.warning("model.load", describe(warning), position(file, warning)));
		}
		if (diagnostics.isEmpty()) {
			unresolvedReferences(resource, file, diagnostics);
		}
		Model root = null;
		if (diagnostics.isEmpty()) {
			EObject first = resource.getContents().isEmpty() ? null : resource.getContents().get(0);
			if (first instanceof Model model) {
				root = model;
			} else {
				diagnostics.add(Diagnostic.error("model.root", first == null ? "the file contains no model"
						: "the file's root is a " + first.eClass().getName() + ", not a machine, layout or program",
						Location.of(file)));
			}
		}
		return new Loaded(resource, root, List.copyOf(diagnostics));
	}

	/**
	 * {@code files} and the files their machine, layout and program models refer to ({@code href}s, transitively),
	 * absolute and normalised, each once, in the order met; files of other kinds are kept as they are. A model that
	 * does not load adds what it resolved before the problem; a reference to a missing file is still listed.
	 */
	public static List<java.nio.file.Path> withReferences(List<java.nio.file.Path> files) {
		java.util.Set<java.nio.file.Path> all = new java.util.LinkedHashSet<>();
		ResourceSet resourceSet = newResourceSet();
		for (java.nio.file.Path file : files) {
			java.nio.file.Path absolute = file.toAbsolutePath().normalize();
			all.add(absolute);
			String name = absolute.getFileName() == null ? "" : absolute.getFileName().toString();
			if (EXTENSIONS.contains(name.substring(name.lastIndexOf('.') + 1).toLowerCase(java.util.Locale.ROOT))
					&& java.nio.file.Files.isRegularFile(absolute)) {
				load(resourceSet, URI.createFileURI(absolute.toString()), name);
			}
		}
		EcoreUtil.resolveAll(resourceSet); // resolves across files, those loaded meanwhile included
		for (Resource resource : List.copyOf(resourceSet.getResources())) {
			if (resource.getURI() != null && resource.getURI().isFile()) {
				all.add(java.nio.file.Path.of(resource.getURI().toFileString()).toAbsolutePath().normalize());
			}
		}
		return List.copyOf(all);
	}

	private static final java.util.regex.Pattern SAX = java.util.regex.Pattern.compile(
			"^org\\.xml\\.sax\\.SAXParseException.*?columnNumber: \\d+; ", java.util.regex.Pattern.DOTALL);
	private static final java.util.regex.Pattern WHERE = java.util.regex.Pattern.compile(
			"\\s*\\((?:file|platform|archive):[^()]*, -?\\d+, -?\\d+\\)$");
	private static final java.util.regex.Pattern FEATURE = java.util.regex.Pattern.compile(
			"^Feature '([^']*)' not found\\.?$");
	private static final java.util.regex.Pattern CLASS = java.util.regex.Pattern.compile(
			"^Class '([^']*)' (?:is )?not found(?: or is abstract)?\\.?$");

	/**
	 * The message of a problem EMF met loading a model, for a person: without the XML parser's class name and
	 * positions, or the file and position that the diagnostic's location gives anyway; EMF's "Feature 'x' not
	 * found" in the model's words.
	 */
	public static String describe(Resource.Diagnostic problem) {
		String text = problem.getMessage() == null ? "malformed model" : problem.getMessage();
		text = SAX.matcher(text).replaceFirst("");
		text = WHERE.matcher(text).replaceFirst("");
		java.util.regex.Matcher m = FEATURE.matcher(text);
		if (m.matches()) {
			return "'" + m.group(1) + "' is not an attribute or element that can be here";
		}
		m = CLASS.matcher(text);
		if (m.matches()) {
			return "'" + m.group(1) + "' is not a kind of model element";
		}
		return text.isBlank() ? "malformed model" : text.strip();
	}

	/** Reports references to other files that do not resolve (missing file or element). */
	private static void unresolvedReferences(Resource resource, String file, List<Diagnostic> diagnostics) {
		EcoreUtil.resolveAll(resource);
		EcoreUtil.UnresolvedProxyCrossReferencer.find(resource).forEach((proxy, settings) -> {
			for (EStructuralFeature.Setting setting : settings) {
				EObject owner = setting.getEObject();
				int line = owner.eResource() instanceof PerfcastResource r ? r.lineOf(owner) : 0;
				diagnostics.add(Diagnostic.error("model.unresolved", "the " + setting.getEStructuralFeature().getName()
						+ " reference to '" + EcoreUtil.getURI(proxy) + "' cannot be resolved",
						line > 0 ? Location.at(file, line, 0) : Location.of(file)));
			}
		});
	}

	private static Location position(String file, Resource.Diagnostic d) {
		return d.getLine() > 0 ? Location.at(file, d.getLine(), Math.max(0, d.getColumn())) : Location.of(file);
	}

	private static String message(Throwable e) {
		Throwable cause = e;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause.getMessage() != null ? cause.getMessage() : cause.toString();
	}
}
