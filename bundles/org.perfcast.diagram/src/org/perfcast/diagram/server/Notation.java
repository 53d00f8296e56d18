package org.perfcast.diagram.server;

import java.io.IOException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.emf.ecore.xmi.impl.XMIResourceFactoryImpl;
import org.eclipse.emf.edit.command.AddCommand;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.eclipse.glsp.graph.GGraph;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.graph.GraphFactory;
import org.eclipse.glsp.graph.GraphPackage;
import org.eclipse.glsp.graph.util.GraphUtil;

/**
 * Where the diagram's shapes are: the sidecar notation file {@code NAME.EXT.notation} beside the model, so
 * that the model file itself holds no layout. It is a GLSP graph whose nodes carry the position of one shape;
 * a shape belongs to a model element and a role (e.g. process 3 of a step), and its id in the file is the
 * element's URI fragment and the role. In memory shapes are found by element identity, so that positions follow
 * elements when others are inserted or deleted; the ids are written when the file is saved.
 */
public final class Notation {

	/** The extension added to the model file's name. */
	public static final String EXTENSION = "notation";

	private final Resource resource;
	private final GGraph graph;
	private final Map<EObject, Map<String, GNode>> shapes = new IdentityHashMap<>();

	private Notation(Resource resource, GGraph graph) {
		this.resource = resource;
		this.graph = graph;
	}

	/** The notation URI of the model at {@code model}. */
	public static URI uriOf(URI model) {
		return model.appendFileExtension(EXTENSION);
	}

	/**
	 * Loads the notation of {@code model} into the model's resource set, or starts an empty one when there is
	 * no notation file or it cannot be read (positions are then laid out anew).
	 */
	public static Notation load(Resource model) {
		ResourceSet set = model.getResourceSet();
		GraphPackage.eINSTANCE.eClass();
		set.getResourceFactoryRegistry().getExtensionToFactoryMap().putIfAbsent(EXTENSION, new XMIResourceFactoryImpl());
		URI uri = uriOf(model.getURI());
		Resource resource = set.getResource(uri, false);
		if (resource == null) {
			resource = set.createResource(uri);
		}
		if (!resource.isLoaded() && resource.getContents().isEmpty()) {
			if (set.getURIConverter().exists(uri, null)) {
				try {
					resource.load(null);
				} catch (IOException | RuntimeException e) {
					resource.getContents().clear();
				}
			}
		}
		GGraph graph = resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof GGraph g) ? null : g;
		if (graph == null) {
			resource.getContents().clear();
			graph = GraphFactory.eINSTANCE.createGGraph();
			graph.setId(DiagramIds.ROOT);
			graph.setType("notation");
			resource.getContents().add(graph);
		}
		Notation notation = new Notation(resource, graph);
		notation.index(model);
		return notation;
	}

	private void index(Resource model) {
		Map<String, EObject> byFragment = new HashMap<>();
		for (var child : graph.getChildren()) {
			if (child instanceof GNode node && node.getId() != null) {
				int bar = node.getId().indexOf('|');
				if (bar < 0) {
					continue;
				}
				String fragment = node.getId().substring(0, bar);
				EObject owner = byFragment.computeIfAbsent(fragment, model::getEObject);
				if (owner != null) {
					shapes.computeIfAbsent(owner, o -> new HashMap<>()).put(node.getId().substring(bar + 1), node);
				}
			}
		}
	}

	/** The notation file. */
	public Resource resource() {
		return resource;
	}

	/** The position of the shape of {@code owner} in {@code role}, or null if it has none. */
	public GPoint position(EObject owner, String role) {
		GNode node = shape(owner, role);
		return node == null ? null : node.getPosition();
	}

	private GNode shape(EObject owner, String role) {
		Map<String, GNode> roles = shapes.get(owner);
		GNode node = roles == null ? null : roles.get(role);
		return node != null && node.eContainer() == graph ? node : null;
	}

	/** The command that moves the shape of {@code owner} in {@code role} to ({@code x}, {@code y}). */
	public Command move(EditingDomain domain, EObject owner, String role, double x, double y) {
		GPoint point = GraphUtil.point(x, y);
		GNode node = shape(owner, role);
		if (node != null) {
			return SetCommand.create(domain, node, GraphPackage.Literals.GBOUNDS_AWARE__POSITION, point);
		}
		GNode created = GraphFactory.eINSTANCE.createGNode();
		created.setType("shape");
		created.setPosition(point);
		shapes.computeIfAbsent(owner, o -> new HashMap<>()).put(role, created);
		return AddCommand.create(domain, graph, GraphPackage.Literals.GMODEL_ELEMENT__CHILDREN, created);
	}

	/**
	 * Records a position without a command, for shapes that had none and were laid out when the diagram was
	 * made: nothing to undo, saved with the next save.
	 */
	public void place(EObject owner, String role, double x, double y) {
		GNode node = shape(owner, role);
		if (node == null) {
			node = GraphFactory.eINSTANCE.createGNode();
			node.setType("shape");
			shapes.computeIfAbsent(owner, o -> new HashMap<>()).put(role, node);
			graph.getChildren().add(node);
		}
		node.setPosition(GraphUtil.point(x, y));
	}

	/** Writes the notation file, keyed by the current fragments of the elements that are still in the model. */
	public void save(Resource model) throws IOException {
		for (var entry : shapes.entrySet()) {
			EObject owner = entry.getKey();
			boolean live = owner.eResource() == model;
			for (var role : entry.getValue().entrySet()) {
				role.getValue().setId(live ? EcoreUtil.getURI(owner).fragment() + "|" + role.getKey() : "");
			}
		}
		graph.getChildren().removeIf(child -> child.getId() == null || child.getId().isEmpty());
		resource.save(null);
	}

	/** The number of shapes with a position. */
	public int size() {
		return graph.getChildren().size();
	}
}
