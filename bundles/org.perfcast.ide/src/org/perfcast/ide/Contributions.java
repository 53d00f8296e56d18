package org.perfcast.ide;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.IConfigurationElement;

/** Attributes shared by this bundle's extension points. */
final class Contributions {

	private Contributions() {
	}

	/** The lower-case extensions of a comma-separated {@code fileExtensions} attribute, e.g. "pamela, program". */
	static Set<String> fileExtensions(IConfigurationElement element) {
		return Arrays.stream(element.getAttribute("fileExtensions").split(",")).map(s -> s.strip().toLowerCase(Locale.ROOT))
				.filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
	}

	/** Whether {@code fileExtension} (without the dot, any case) is one of {@code extensions}. */
	static boolean handles(Set<String> extensions, String fileExtension) {
		return fileExtension != null && extensions.contains(fileExtension.toLowerCase(Locale.ROOT));
	}
}
