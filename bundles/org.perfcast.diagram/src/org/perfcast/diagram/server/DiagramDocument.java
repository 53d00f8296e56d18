package org.perfcast.diagram.server;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.common.command.CommandStack;
import org.eclipse.emf.common.command.CommandStackListener;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.edit.domain.EditingDomain;
import org.perfcast.model.core.Model;

/**
 * One model file as a diagram edits it: the model's resource and its notation in the editing domain that the
 * tree editor shares (one command stack, so one undo history and one dirty state), the thread that owns them,
 * and the latest predictions to draw. Listeners hear about new predictions and the editor closing.
 */
public final class DiagramDocument {

	/** What happens to a document that its diagrams and editors react to. */
	public interface Listener {

		/** New predictions (or markers) are there to draw. */
		default void decorated() {
		}

		/** The editor closed: the model (shared with other editors) is no longer drawn. */
		default void closed() {
		}
	}

	/** How the document is written when saved; an IDE writes it with the other editors of the file. */
	public interface Saver {
		void save() throws IOException;
	}

	private final EditingDomain domain;
	private final Resource model;
	private volatile Notation notation;
	private volatile Saver saver = this::write;
	private final ModelThread thread;
	private final List<Listener> listeners = new CopyOnWriteArrayList<>();
	private volatile Decorations decorations = Decorations.NONE;
	private final DiagramIndex index = new DiagramIndex();

	/**
	 * A document for {@code model}, a resource of {@code domain}'s resource set, whose notation is loaded
	 * beside it.
	 */
	public DiagramDocument(EditingDomain domain, Resource model, ModelThread thread) {
		this.domain = domain;
		this.model = model;
		this.thread = thread;
		this.notation = thread.call(() -> Notation.load(model));
	}

	/** The editing domain every change goes through. */
	public EditingDomain domain() {
		return domain;
	}

	/** The command stack shared with the tree editor. */
	public CommandStack commandStack() {
		return domain.getCommandStack();
	}

	/** The model file's resource. */
	public Resource resource() {
		return model;
	}

	/** The model's root (a program or a machine), or null if the file has none. */
	public Model root() {
		return model.getContents().isEmpty() || !(model.getContents().get(0) instanceof Model m) ? null : m;
	}

	/** What the elements of the diagram last drawn stand for. */
	public DiagramIndex index() {
		return index;
	}

	/** The positions of the shapes. */
	public Notation notation() {
		return notation;
	}

	/** Reads or changes the model on its thread. */
	public <T> T read(Supplier<T> work) {
		return thread.call(work);
	}

	/** Executes {@code command} on the shared command stack, on the model's thread. */
	public void execute(Command command) {
		thread.run(() -> domain.getCommandStack().execute(command));
	}

	/** Whether there are changes to save. */
	public boolean isDirty() {
		return domain.getCommandStack() instanceof BasicCommandStack stack && stack.isSaveNeeded();
	}

	/** Makes {@link #save()} use {@code saver} (which must write the notation with {@link #saveNotation()}). */
	public void setSaver(Saver saver) {
		this.saver = saver;
	}

	/** Saves the model and its notation. */
	public void save() throws IOException {
		IOException[] failure = new IOException[1];
		thread.run(() -> {
			try {
				saver.save();
			} catch (IOException e) {
				failure[0] = e;
			}
		});
		if (failure[0] != null) {
			throw failure[0];
		}
	}

	/** The default saver: the model, the notation, and the command stack marked saved. */
	private void write() throws IOException {
		model.save(Map.of());
		saveNotation();
		if (domain.getCommandStack() instanceof BasicCommandStack stack) {
			stack.saveIsDone();
		}
	}

	/** Writes the notation file only (on the model's thread). */
	public void saveNotation() throws IOException {
		notation.save(model);
	}

	/** The model's resource was moved to {@code target}: the notation goes beside it (on the model's thread). */
	public void moved(org.eclipse.emf.common.util.URI target) {
		notation.resource().setURI(Notation.uriOf(target));
	}

	/** The model was read again: the notation too (on the model's thread). */
	public void reloaded() {
		notation = Notation.load(model);
	}

	/** The predictions and markers drawn on the diagram. */
	public Decorations decorations() {
		return decorations;
	}

	/** Replaces the predictions and markers and tells the listeners. */
	public void decorate(Decorations decorations) {
		this.decorations = decorations;
		listeners.forEach(Listener::decorated);
	}

	/** Tells the listeners that the document is no longer drawn, and forgets them. */
	public void close() {
		listeners.forEach(Listener::closed);
		listeners.clear();
	}

	public void addListener(Listener listener) {
		listeners.add(listener);
	}

	public void removeListener(Listener listener) {
		listeners.remove(listener);
	}

	/** Adds a listener to the shared command stack. */
	public void addCommandStackListener(CommandStackListener listener) {
		domain.getCommandStack().addCommandStackListener(listener);
	}

	public void removeCommandStackListener(CommandStackListener listener) {
		domain.getCommandStack().removeCommandStackListener(listener);
	}
}
