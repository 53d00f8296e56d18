package org.perfcast.ide;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;

/**
 * One contribution to an extension point of this bundle that names an {@code id}, a {@code name}, the
 * {@code fileExtensions} it handles and a {@code class}, which is created on first use.
 *
 * @param <T> the type the class implements
 */
public abstract class Contribution<T> {

	private final String id;
	private final String name;
	private final Set<String> fileExtensions;
	private final IConfigurationElement element;
	private final Class<T> type;
	private T instance;

	Contribution(IConfigurationElement element, Class<T> type) {
		this.element = element;
		this.type = type;
		this.id = element.getAttribute("id");
		this.name = element.getAttribute("name");
		this.fileExtensions = Arrays.stream(element.getAttribute("fileExtensions").split(","))
				.map(s -> s.strip().toLowerCase(Locale.ROOT)).filter(s -> !s.isEmpty())
				.collect(Collectors.toUnmodifiableSet());
	}

	/** The contribution's unique id. */
	public String id() {
		return id;
	}

	/** Its display name. */
	public String name() {
		return name;
	}

	/** The file extensions it handles, lower case, as contributed. */
	public Set<String> fileExtensions() {
		return fileExtensions;
	}

	/** Whether it handles files with this extension (without the dot, any case). */
	public boolean handles(String fileExtension) {
		return fileExtension != null && fileExtensions.contains(fileExtension.toLowerCase(Locale.ROOT));
	}

	/** The contributed class's instance, created on first call and checked by {@link #check(Object, String)}. */
	final synchronized T instance() throws CoreException {
		if (instance == null) {
			T created = type.cast(element.createExecutableExtension("class"));
			check(created, element.getAttribute("class"));
			instance = created;
		}
		return instance;
	}

	/**
	 * Checks a newly created instance of {@code className}.
	 *
	 * @throws CoreException if it does not fit its contribution
	 */
	void check(T created, String className) throws CoreException {
	}

	/** The elements named {@code elementName} of {@code extensionPoint}, in registry order, made contributions. */
	static <C> List<C> read(String extensionPoint, String elementName, Function<IConfigurationElement, C> make) {
		List<C> result = new ArrayList<>();
		for (IConfigurationElement element : Platform.getExtensionRegistry().getConfigurationElementsFor(extensionPoint)) {
			if (elementName.equals(element.getName())) {
				result.add(make.apply(element));
			}
		}
		return List.copyOf(result);
	}
}
