package org.perfcast.model.resource;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.impl.ResourceFactoryImpl;
import org.eclipse.emf.ecore.xmi.XMLResource;

/**
 * Creates {@link PerfcastResource}s: UTF-8 XMI with element positions, loaded without fetching anything: unknown
 * namespaces are errors, DOCTYPE declarations are refused.
 */
public final class PerfcastResourceFactory extends ResourceFactoryImpl {

	@Override
	public Resource createResource(URI uri) {
		PerfcastResource resource = new PerfcastResource(uri);
		resource.setEncoding("UTF-8");
		resource.getDefaultSaveOptions().put(XMLResource.OPTION_LINE_WIDTH, 100);
		resource.getDefaultSaveOptions().put(XMLResource.OPTION_SAVE_ONLY_IF_CHANGED,
				XMLResource.OPTION_SAVE_ONLY_IF_CHANGED_MEMORY_BUFFER);
		resource.getDefaultLoadOptions().put(XMLResource.OPTION_DEFER_IDREF_RESOLUTION, Boolean.TRUE);
		// an unknown namespace is an error, never a location to fetch; no DOCTYPE (no external DTDs or entities)
		resource.getDefaultLoadOptions().put(XMLResource.OPTION_USE_PACKAGE_NS_URI_AS_LOCATION, Boolean.FALSE);
		resource.getDefaultLoadOptions().put(XMLResource.OPTION_PARSER_FEATURES, java.util.Map.of(
				"http://apache.org/xml/features/disallow-doctype-decl", Boolean.TRUE,
				"http://xml.org/sax/features/external-general-entities", Boolean.FALSE,
				"http://xml.org/sax/features/external-parameter-entities", Boolean.FALSE));
		return resource;
	}
}
