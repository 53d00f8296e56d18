package org.perfcast.ide;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.pamela.Pamela;

/**
 * Predicts PAMELA models on save: the prediction as INFO on {@code main}, WARNINGs when contention
 * dominates or a budget is exceeded, ERRORs where the model is wrong.
 */
public final class PamelaParticipant implements BuildParticipant {

	@Override
	public Analysis analyse(IFile file, EngineMonitor monitor) throws CoreException {
		String text;
		try (InputStream in = file.getContents(true)) {
			text = new String(in.readAllBytes(), Charset.forName(file.getCharset()));
		} catch (IOException e) {
			throw new CoreException(Status.error("Cannot read " + file.getFullPath(), e));
		}
		return Analysis.of(Pamela.analyse(text, file.getFullPath().toString(), ParameterBindings.EMPTY, monitor).diagnostics());
	}
}
