package org.perfcast.ide;

import java.util.List;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;

/** The build participants contributed through {@code org.perfcast.ide.buildParticipants}. */
public final class BuildParticipants {

	/** The extension point's id. */
	public static final String EXTENSION_POINT = PerfcastIde.PLUGIN_ID + ".buildParticipants";

	/** One contributed participant; its class is loaded on first use. */
	public static final class Descriptor extends Contribution<BuildParticipant> {

		Descriptor(IConfigurationElement element) {
			super(element, BuildParticipant.class);
		}

		/** The participant, created on first call. */
		public BuildParticipant participant() throws CoreException {
			return instance();
		}
	}

	private static volatile List<Descriptor> all;

	private BuildParticipants() {
	}

	/** Every contributed participant, in extension registry order; read once. */
	public static List<Descriptor> all() {
		List<Descriptor> result = all;
		if (result == null) {
			all = result = Contribution.read(EXTENSION_POINT, "participant", Descriptor::new);
		}
		return result;
	}
}
