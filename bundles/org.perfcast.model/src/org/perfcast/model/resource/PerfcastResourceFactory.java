package org.perfcast.model.resource;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceFactoryImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;

/** Creates {@link PerfcastResource}s: UTF-8 XMI with element positions. */
public final class PerfcastResourceFactory extends ResourceFactoryImpl {

	@Override
	public Resource createResource(URI uri) {
		PerfcastResource resource = new PerfcastResource(uri);
		resource.setEncoding("UTF-8");
		resource.getDefaultSaveOptions().put(XMLResource.OPTION_LINE_WIDTH, 100);
		resource.getDefaultSaveOptions().put(XMLResource.OPTION_SAVE_ONLY_IF_CHANGED,
				XMLResource.OPTION_SAVE_ONLY_IF_CHANGED_MEMORY_BUFFER);
		resource.getDefaultLoadOptions().put(XMLResource.OPTION_DEFER_IDREF_RESOLUTION, Boolean.TRUE);
		return resource;
	}
}
