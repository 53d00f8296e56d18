package org.perfcast.ui.launch;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;
import org.perfcast.ide.Engines;

/** Property {@code org.perfcast.ui.simulatable} of a file: whether an installed engine runs it. */
public final class SimulationPropertyTester extends PropertyTester {

	@Override
	public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
		return receiver instanceof IFile file && !Engines.forExtension(file.getFileExtension()).isEmpty();
	}
}
