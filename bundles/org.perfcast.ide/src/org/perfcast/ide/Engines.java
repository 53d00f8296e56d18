package org.perfcast.ide;

import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Status;
import org.perfcast.engine.run.Engine;

/** The simulation engines contributed through {@code org.perfcast.ide.engines}. */
public final class Engines {

	/** The extension point's id. */
	public static final String EXTENSION_POINT = PerfcastIde.PLUGIN_ID + ".engines";

	/** One contributed engine; its class is loaded on first use. */
	public static final class Descriptor extends Contribution<Engine> {

		Descriptor(IConfigurationElement element) {
			super(element, Engine.class);
		}

		/**
		 * The engine, created on first call.
		 *
		 * @throws CoreException if the class cannot be created or its id is not the contributed one
		 */
		public Engine engine() throws CoreException {
			return instance();
		}

		@Override
		void check(Engine created, String className) throws CoreException {
			if (!id().equals(created.id())) {
				throw new CoreException(Status.error("engine " + className + " has the id '" + created.id()
						+ "' but is contributed as '" + id() + "'"));
			}
			// the engine class is the one source of its metadata; the contribution repeats it only so that the
			// IDE can offer engines without loading them, and must say the same
			java.util.Set<String> extensions = created.fileExtensions().stream().map(e -> e.toLowerCase(
					java.util.Locale.ROOT)).collect(java.util.stream.Collectors.toSet());
			if (!extensions.equals(fileExtensions()) || !created.name().equals(name())) {
				throw new CoreException(Status.error("engine " + className + " reads " + new java.util.TreeSet<>(
						extensions) + " and is named '" + created.name() + "', but is contributed as reading "
						+ new java.util.TreeSet<>(fileExtensions()) + " named '" + name() + "'"));
			}
		}
	}

	private static volatile List<Descriptor> all;

	private Engines() {
	}

	/** Forgets the engines read: plug-ins that contribute engines came or went ({@link IdeActivator}). */
	static void forget() {
		all = null;
	}

	/** Every contributed engine, in extension registry order; read again after plug-ins came or went. */
	public static List<Descriptor> all() {
		List<Descriptor> result = all;
		if (result == null) {
			all = result = Contribution.read(EXTENSION_POINT, "engine", Descriptor::new);
		}
		return result;
	}

	/** The engine contributed with {@code id}, if any. */
	public static Optional<Descriptor> find(String id) {
		return all().stream().filter(d -> d.id().equals(id)).findFirst();
	}

	/** The engines that run files with {@code fileExtension}. */
	public static List<Descriptor> forExtension(String fileExtension) {
		return all().stream().filter(d -> d.handles(fileExtension)).toList();
	}
}
