package org.perfcast.ide.tests;

import org.eclipse.core.resources.IFile;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.ide.Analysis;
import org.perfcast.ide.BuildParticipant;

/** A participant with a bug: it throws on every file it is given. */
public final class CrashingParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) {
		throw new IllegalStateException("simulated engine bug");
	}
}
