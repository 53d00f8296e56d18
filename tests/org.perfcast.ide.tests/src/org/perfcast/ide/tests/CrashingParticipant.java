package org.perfcast.ide.tests;

import org.eclipse.core.resources.IFile;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.ide.Analysis;
import org.perfcast.ide.BuildParticipant;

/** A participant with a bug: it throws on every file it is given; on a file named deep.*, a StackOverflowError. */
public final class CrashingParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) {
		if (file.getName().startsWith("deep.")) {
			return recurse(0);
		}
		throw new IllegalStateException("simulated engine bug");
	}

	private static Analysis recurse(long depth) {
		return depth < Long.MAX_VALUE ? recurse(depth + 1) : null;
	}
}
