package org.perfcast.diagram.glsp;

import java.io.IOException;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.server.actions.SaveModelAction;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.core.model.SourceModelStorage;
import org.eclipse.glsp.server.types.GLSPServerException;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.model.resource.ModelFiles;

import com.google.inject.Inject;

/**
 * Loads the model a client asks for: the document its server's {@link OpenDocuments} hold for it (the IDE's editor
 * shares its own), else the file of the option {@value #SOURCE_URI}, loaded into a new editing domain.
 * Saving writes the model and its notation.
 */
public class DiagramStorage implements SourceModelStorage {

	/** The request option naming the model file. */
	public static final String SOURCE_URI = "sourceUri";

	@Inject
	protected DiagramState state;

	/** The documents shared by the editor that started this server (none when it was bound without one). */
	@Inject(optional = true)
	protected OpenDocuments documents = new OpenDocuments();

	@Override
	public void loadSourceModel(RequestModelAction action) {
		String uri = action.getOptions().get(SOURCE_URI);
		if (uri == null || uri.isBlank()) {
			throw new GLSPServerException("the request names no model (option " + SOURCE_URI + ")");
		}
		DiagramDocument document = documents.get(uri);
		if (document == null) {
			AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(
					new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(),
					ModelFiles.newResourceSet());
			URI file = URI.createURI(uri);
			ModelFiles.Loaded loaded = ModelFiles.load(domain.getResourceSet(), file, file.lastSegment());
			if (!loaded.ok()) {
				throw new GLSPServerException("the model does not load: " + loaded.diagnostics());
			}
			document = new DiagramDocument(domain, loaded.resource(), ModelThread.locked());
		}
		state.attach(document);
	}

	@Override
	public void saveSourceModel(SaveModelAction action) {
		try {
			state.document().save();
			state.saveIsDone();
		} catch (IOException e) {
			throw new GLSPServerException("the model could not be saved: " + e.getMessage(), e);
		}
	}
}
