package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;

/** The build participants contributed through {@code org.perfcast.ide.buildParticipants}. */
public final class BuildParticipants {

	/** The extension point's id. */
	public static final String EXTENSION_POINT = PerfcastIde.PLUGIN_ID + ".buildParticipants";

	/** One contributed participant; its class is loaded on first use. */
	public static final class Descriptor {
		private final String id;
		private final String name;
		private final Set<String> fileExtensions;
		private final IConfigurationElement element;
		private BuildParticipant instance;

		Descriptor(IConfigurationElement element) {
			this.element = element;
			this.id = element.getAttribute("id");
			this.name = element.getAttribute("name");
			this.fileExtensions = Contributions.fileExtensions(element);
		}

		/** The participant's unique id. */
		public String id() {
			return id;
		}

		/** The participant's display name. */
		public String name() {
			return name;
		}

		/** Whether the participant analyses files with this extension (without the dot). */
		public boolean handles(String fileExtension) {
			return Contributions.handles(fileExtensions, fileExtension);
		}

		/** The participant, created on first call. */
		public synchronized BuildParticipant participant() throws CoreException {
			if (instance == null) {
				instance = (BuildParticipant) element.createExecutableExtension("class");
			}
			return instance;
		}
	}

	private static volatile List<Descriptor> all;

	private BuildParticipants() {
	}

	/** Every contributed participant, in extension registry order; read once. */
	public static List<Descriptor> all() {
		List<Descriptor> result = all;
		if (result == null) {
			all = result = read();
		}
		return result;
	}

	private static List<Descriptor> read() {
		List<Descriptor> result = new ArrayList<>();
		for (IConfigurationElement element : Platform.getExtensionRegistry()
				.getConfigurationElementsFor(EXTENSION_POINT)) {
			if ("participant".equals(element.getName())) {
				result.add(new Descriptor(element));
			}
		}
		return List.copyOf(result);
	}
}
