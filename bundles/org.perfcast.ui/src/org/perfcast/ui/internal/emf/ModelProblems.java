package org.perfcast.ui.internal.emf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.perfcast.ide.PerfcastMarkers;

/**
 * The Perfcast problem markers of a model file, by the model element they concern: an element named by
 * the marker's URI fragment, or the root for markers about the whole file. The elements are found when
 * the markers are read, so a marker keeps its element while the model is edited and not yet saved.
 */
public final class ModelProblems {

	/** The markers of one element: the worst severity and the messages, worst first. */
	public record Problems(int severity, List<String> messages) {
	}

	private final Map<EObject, Problems> byElement = new HashMap<>();
	private final Map<IMarker, EObject> elements = new HashMap<>();

	/** The problems of {@code file}'s markers, mapped onto the objects of {@code resource}. */
	public static ModelProblems of(IFile file, Resource resource) {
		ModelProblems problems = new ModelProblems();
		if (resource == null || resource.getContents().isEmpty() || !file.exists()) {
			return problems;
		}
		IMarker[] markers;
		try {
			markers = file.findMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_ZERO);
		} catch (CoreException e) {
			return problems;
		}
		Map<EObject, List<IMarker>> grouped = new HashMap<>();
		for (IMarker marker : markers) {
			EObject element = element(marker, resource);
			problems.elements.put(marker, element);
			grouped.computeIfAbsent(element, k -> new ArrayList<>()).add(marker);
		}
		grouped.forEach((element, list) -> {
			list.sort((a, b) -> Integer.compare(b.getAttribute(IMarker.SEVERITY, 0), a.getAttribute(IMarker.SEVERITY, 0)));
			problems.byElement.put(element, new Problems(list.get(0).getAttribute(IMarker.SEVERITY, 0),
					list.stream().map(m -> m.getAttribute(IMarker.MESSAGE, "")).toList()));
		});
		return problems;
	}

	/**
	 * The element {@code marker} concerns in {@code resource}: the one found when the markers were read if
	 * it is still in the model, else the one its URI fragment names now, else the root.
	 */
	public EObject elementOf(IMarker marker, Resource resource) {
		EObject element = elements.get(marker);
		return element != null && element.eResource() == resource ? element : element(marker, resource);
	}

	private static EObject element(IMarker marker, Resource resource) {
		String fragment = marker.getAttribute(PerfcastMarkers.ELEMENT, null);
		EObject element = fragment == null ? null : resource.getEObject(fragment);
		return element != null ? element : resource.getContents().get(0);
	}

	/** The problems of {@code element}, or null if it has none. */
	public Problems get(Object element) {
		return byElement.get(element);
	}
}
