package org.perfcast.diagram.server;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Ids of diagram elements. A model element's id is its URI fragment made safe for DOM ids and CSS selectors
 * ({@code //@steps.0/@messages.1} becomes {@code steps_0-messages_1}), so that markers, which name elements by
 * fragment, find their diagram element; derived elements append a suffix to their owner's id.
 */
public final class DiagramIds {

	/** The id of the diagram's root. */
	public static final String ROOT = "diagram";

	private DiagramIds() {
	}

	/** The id of {@code element}. */
	public static String of(EObject element) {
		return ofFragment(EcoreUtil.getURI(element).fragment());
	}

	/** The id of the element at URI fragment {@code fragment}. */
	public static String ofFragment(String fragment) {
		String path = fragment.replaceFirst("^/+", "");
		if (path.isEmpty()) {
			return "model";
		}
		return path.replace("/@", "-").replace("@", "").replace('.', '_');
	}

	/** The id of process {@code p}'s node in the step with id {@code step}. */
	public static String process(String step, long p) {
		return step + "-p" + p;
	}

	/**
	 * The key that predictions name one message by: the message element's id and its two ends (an element
	 * with index ranges stands for many messages, each its own edge).
	 */
	public static String messageInstance(String message, long from, long to) {
		return message + "@" + from + ">" + to;
	}

	/** The id of a label of the element with id {@code owner}. */
	public static String label(String owner) {
		return owner + "-label";
	}
}
