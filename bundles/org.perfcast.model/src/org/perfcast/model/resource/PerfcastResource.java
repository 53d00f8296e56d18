package org.perfcast.model.resource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
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
 * ends, so that diagnostics about an element can point at its line; saved to a local file, it is written whole
 * or not at all ({@link org.perfcast.engine.SafeWrites}), and not at all when nothing changed.
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
	public void save(Map<?, ?> options) throws IOException {
		if (!getURI().isFile()) {
			super.save(options);
			return;
		}
		Map<Object, Object> all = new HashMap<>(getDefaultSaveOptions());
		if (options != null) {
			all.putAll(options);
		}
		// serialised in memory first: a failure on the way (a dangling reference) leaves the file as it was
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		super.save(bytes, all);
		Path file = Path.of(getURI().toFileString());
		byte[] content = bytes.toByteArray();
		if (!Files.isRegularFile(file) || !Arrays.equals(Files.readAllBytes(file), content)) {
			org.perfcast.engine.SafeWrites.replace(file, content);
		}
		setModified(false);
		setTimeStamp(Files.getLastModifiedTime(file).toMillis());
	}

	@Override
	protected void doUnload() {
		elementPositions.clear();
		super.doUnload();
	}
}
