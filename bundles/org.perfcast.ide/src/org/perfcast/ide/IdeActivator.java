package org.perfcast.ide;

import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IExtension;
import org.eclipse.core.runtime.IExtensionPoint;
import org.eclipse.core.runtime.IRegistryEventListener;
import org.eclipse.core.runtime.RegistryFactory;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * The bundle's lifecycle: the {@link BuildResults} live from its start to its stop, registered as an OSGi service (the
 * workbench's service locators find it) and told of removed files by the workspace; the contributed {@link Engines}
 * are read again when plug-ins that contribute engines are installed or removed.
 */
public final class IdeActivator implements BundleActivator {

	private static volatile BuildResults buildResults;
	private ServiceRegistration<BuildResults> registration;
	private final IRegistryEventListener engines = new IRegistryEventListener() {
		@Override
		public void added(IExtension[] extensions) {
			Engines.forget();
		}

		@Override
		public void removed(IExtension[] extensions) {
			Engines.forget();
		}

		@Override
		public void added(IExtensionPoint[] points) {
			// the extension point is this bundle's own
		}

		@Override
		public void removed(IExtensionPoint[] points) {
			// the extension point is this bundle's own
		}
	};

	@Override
	public void start(BundleContext context) {
		BuildResults results = new BuildResults();
		buildResults = results;
		registration = context.registerService(BuildResults.class, results, null);
		ResourcesPlugin.getWorkspace().addResourceChangeListener(results, IResourceChangeEvent.POST_CHANGE);
		// (the workspace is open: this bundle starts when its builder or a class of it is first used)
		RegistryFactory.getRegistry().addListener(engines, Engines.EXTENSION_POINT);
	}

	@Override
	public void stop(BundleContext context) {
		RegistryFactory.getRegistry().removeListener(engines);
		Engines.forget();
		BuildResults results = buildResults;
		buildResults = null;
		if (results != null) {
			ResourcesPlugin.getWorkspace().removeResourceChangeListener(results);
			results.clear();
		}
		if (registration != null) {
			registration.unregister();
			registration = null;
		}
	}

	/** The running bundle's build results. */
	static BuildResults buildResults() {
		BuildResults results = buildResults;
		if (results == null) {
			throw new IllegalStateException(PerfcastIde.PLUGIN_ID + " is not started");
		}
		return results;
	}
}
