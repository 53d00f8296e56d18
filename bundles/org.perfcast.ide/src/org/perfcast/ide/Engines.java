package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.perfcast.engine.run.Engine;

/** The simulation engines contributed through {@code org.perfcast.ide.engines}. */
public final class Engines {

	/** The extension point's id. */
	public static final String EXTENSION_POINT = PerfcastIde.PLUGIN_ID + ".engines";

	/** One contributed engine; its class is loaded on first use. */
	public static final class Descriptor {
		private final String id;
		private final String name;
		private final Set<String> fileExtensions;
		private final IConfigurationElement element;
		private Engine instance;

		Descriptor(IConfigurationElement element) {
			this.element = element;
			this.id = element.getAttribute("id");
			this.name = element.getAttribute("name");
			this.fileExtensions = Contributions.fileExtensions(element);
		}

		/** The engine's id. */
		public String id() {
			return id;
		}

		/** The engine's display name. */
		public String name() {
			return name;
		}

		/** Whether the engine runs files with this extension (without the dot). */
		public boolean handles(String fileExtension) {
			return Contributions.handles(fileExtensions, fileExtension);
		}

		/**
		 * The engine, created on first call.
		 *
		 * @throws CoreException if the class cannot be created or its id is not the contributed one
		 */
		public synchronized Engine engine() throws CoreException {
			if (instance == null) {
				Engine engine = (Engine) element.createExecutableExtension("class");
				if (!id.equals(engine.id())) {
					throw new CoreException(Status.error("engine " + element.getAttribute("class") + " has the id '"
							+ engine.id() + "' but is contributed as '" + id + "'"));
				}
				instance = engine;
			}
			return instance;
		}
	}

	private static volatile List<Descriptor> all;

	private Engines() {
	}

	/** Every contributed engine, in extension registry order; read once. */
	public static List<Descriptor> all() {
		List<Descriptor> result = all;
		if (result == null) {
			all = result = read();
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

	private static List<Descriptor> read() {
		List<Descriptor> result = new ArrayList<>();
		for (IConfigurationElement element : Platform.getExtensionRegistry().getConfigurationElementsFor(EXTENSION_POINT)) {
			if ("engine".equals(element.getName())) {
				result.add(new Descriptor(element));
			}
		}
		return List.copyOf(result);
	}
}
