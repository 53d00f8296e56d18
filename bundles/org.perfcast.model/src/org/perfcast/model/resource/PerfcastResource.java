package org.perfcast.model.resource;

import java.util.IdentityHashMap;
import java.util.Map;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.xmi.XMLLoad;
import org.eclipse.emf.ecore.xmi.impl.SAXXMIHandler;
import org.eclipse.emf.ecore.xmi.impl.XMILoadImpl;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceImpl;
import org.xml.sax.helpers.DefaultHandler;

/**
 * An XMI resource that records, while loading, the line and column at which each element's start tag
 * ends, so that diagnostics about an element can point at its line.
 */
public final class PerfcastResource extends XMIResourceImpl {

	private final Map<EObject, int[]> elementPositions = new IdentityHashMap<>();

	/** Creates the resource for {@code uri}. */
	public PerfcastResource(URI uri) {
		super(uri);
	}

	/** The 1-based line of {@code object}'s start tag in the loaded file, or 0 if unknown. */
	public int lineOf(EObject object) {
		int[] position = elementPositions.get(object);
		return position == null ? 0 : position[0];
	}

	/** The 1-based column at which {@code object}'s start tag ends, or 0 if unknown. */
	public int columnOf(EObject object) {
		int[] position = elementPositions.get(object);
		return position == null ? 0 : position[1];
	}

	@Override
	protected XMLLoad createXMLLoad() {
		return new XMILoadImpl(createXMLHelper()) {
			@Override
			protected DefaultHandler makeDefaultHandler() {
				return new SAXXMIHandler(resource, helper, options) {
					@Override
					protected void processObject(EObject object) {
						if (object != null) {
							PerfcastResource.this.elementPositions.put(object, new int[] { getLineNumber(), getColumnNumber() });
						}
						super.processObject(object);
					}
				};
			}
		};
	}

	@Override
	protected void doUnload() {
		elementPositions.clear();
		super.doUnload();
	}
}
