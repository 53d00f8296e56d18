package org.perfcast.jdt;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jdt.core.ClasspathVariableInitializer;
import org.eclipse.jdt.core.JavaCore;
import org.eclipse.jdt.core.JavaModelException;
import org.perfcast.engine.NativeTools;

/**
 * The classpath variable {@value #NAME}: Perfcast's cache folder ({@link NativeTools#cache()}), where libraries
 * fetched from Maven Central for an example are kept, so that a Java project's build path can name them without a
 * path of one machine (examples/real-programs: Apache Commons Compress, fetched by its fetch-jars.sh).
 */
public final class CacheVariableInitializer extends ClasspathVariableInitializer {

	/** The variable's name. */
	public static final String NAME = "PERFCAST_CACHE";

	@Override
	public void initialize(String variable) {
		try {
			JavaCore.setClasspathVariable(variable, IPath.fromPath(NativeTools.cache()), null);
		} catch (JavaModelException e) {
			ILog.of(CacheVariableInitializer.class).log(e.getStatus());
		}
	}
}
