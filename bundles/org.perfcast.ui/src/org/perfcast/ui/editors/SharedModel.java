package org.perfcast.ui.editors;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.ReflectiveItemProviderAdapterFactory;
import org.eclipse.emf.edit.provider.resource.ResourceItemProviderAdapterFactory;
import org.eclipse.swt.widgets.Display;
import org.perfcast.ui.internal.emf.LoadedModel;

/**
 * One model file as the editors open on it share it: one editing domain, so one command stack (one undo history
 * and one dirty state for the tree editor, the diagram editor and the Properties view), loaded once and saved
 * with its companions (a diagram's notation). It follows the file when it is moved, reloads it when it changes on
 * disk while nothing is unsaved, and tells its editors. Used on the UI thread; released by each editor when it
 * closes, and disposed with the last.
 */
public final class SharedModel {

	/** What editors of the file react to. */
	public interface Listener {

		/** The file was read again from disk: the model's objects are new. */
		default void reloaded() {
		}

		/** The file is now {@code file} (Save As, or moved in the workspace). */
		default void moved(IFile file) {
		}

		/** The file was deleted. */
		default void deleted() {
		}
	}

	/** What is saved with the model, e.g. a diagram's notation file. */
	public interface Companion {

		/** Writes the companion's file. */
		void save() throws IOException;

		/** The model's resource is now at {@code model}: a companion beside it moves along. */
		default void moved(URI model) {
		}

		/** The model was read again from disk (its companion's resources too were unloaded). */
		default void reloaded() {
		}
	}

	private static final Map<IPath, SharedModel> OPEN = new HashMap<>();

	private final ComposedAdapterFactory adapterFactory;
	private final BasicCommandStack commandStack = new BasicCommandStack();
	private final AdapterFactoryEditingDomain domain;
	private final List<Listener> listeners = new CopyOnWriteArrayList<>();
	private final List<Companion> companions = new CopyOnWriteArrayList<>();
	private final IResourceChangeListener fileListener = this::fileChanged;
	private IFile file;
	private LoadedModel model;
	private long loadedStamp;
	private int users;

	private SharedModel(IFile file) {
		this.file = file;
		adapterFactory = new ComposedAdapterFactory(ComposedAdapterFactory.Descriptor.Registry.INSTANCE);
		adapterFactory.addAdapterFactory(new ResourceItemProviderAdapterFactory());
		adapterFactory.addAdapterFactory(new ReflectiveItemProviderAdapterFactory());
		domain = new AdapterFactoryEditingDomain(adapterFactory, commandStack, new HashMap<>());
		org.perfcast.model.resource.LocalFilesOnly.install(domain.getResourceSet());
		load();
		ResourcesPlugin.getWorkspace().addResourceChangeListener(fileListener, IResourceChangeEvent.POST_CHANGE);
	}

	/** The shared model of {@code file}, loaded if no editor has it open; {@link #release()} it when done. */
	public static SharedModel acquire(IFile file) {
		SharedModel shared = OPEN.computeIfAbsent(file.getFullPath(), path -> new SharedModel(file));
		shared.users++;
		return shared;
	}

	/** The shared model of {@code file} if an editor has it open, else null. */
	public static SharedModel find(IFile file) {
		return OPEN.get(file.getFullPath());
	}

	/** Ends one editor's use; the last disposes the model. */
	public void release() {
		if (--users > 0) {
			return;
		}
		OPEN.remove(file.getFullPath(), this);
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(fileListener);
		listeners.clear();
		companions.clear();
		adapterFactory.dispose();
	}

	private void load() {
		model = LoadedModel.load(domain.getResourceSet(), file);
		loadedStamp = file.getModificationStamp();
		if (!model.ok() && model.resource() != null) {
			domain.getResourceToReadOnlyMap().put(model.resource(), Boolean.TRUE);
		}
	}

	/** The file. */
	public IFile file() {
		return file;
	}

	/** The file's resource and why it cannot be edited, if it cannot. */
	public LoadedModel model() {
		return model;
	}

	public AdapterFactoryEditingDomain domain() {
		return domain;
	}

	public BasicCommandStack commandStack() {
		return commandStack;
	}

	public ComposedAdapterFactory adapterFactory() {
		return adapterFactory;
	}

	/** Whether there are changes to save. */
	public boolean isDirty() {
		return model.ok() && commandStack.isSaveNeeded();
	}

	public void addListener(Listener listener) {
		listeners.add(listener);
	}

	public void removeListener(Listener listener) {
		listeners.remove(listener);
	}

	public void addCompanion(Companion companion) {
		companions.add(companion);
	}

	public void removeCompanion(Companion companion) {
		companions.remove(companion);
	}

	/**
	 * Writes the model and its companions; the command stack is then saved. Nothing is marked saved when a write
	 * fails.
	 */
	public void save() throws IOException {
		if (!model.ok()) {
			return;
		}
		model.resource().save(Map.of(Resource.OPTION_SAVE_ONLY_IF_CHANGED,
				Resource.OPTION_SAVE_ONLY_IF_CHANGED_MEMORY_BUFFER));
		for (Companion companion : companions) {
			companion.save();
		}
		loadedStamp = file.getModificationStamp();
		commandStack.saveIsDone();
	}

	/** Saves the model and its companions as {@code target} and edits that file from now on. */
	public void saveAs(IFile target) throws IOException {
		moveTo(target);
		save();
	}

	private void moveTo(IFile target) {
		OPEN.remove(file.getFullPath(), this);
		file = target;
		OPEN.put(target.getFullPath(), this);
		URI uri = LoadedModel.uri(target);
		if (model.resource() != null) {
			model.resource().setURI(uri);
		}
		companions.forEach(c -> c.moved(uri));
		listeners.forEach(l -> l.moved(target));
	}

	/** Reads the file again if it changed on disk since it was loaded or saved, and nothing is unsaved. */
	public void reloadIfChanged() {
		if (users <= 0 || isDirty() || file.getModificationStamp() == loadedStamp) {
			return;
		}
		// the resources stay in the set, unloaded, so that companions find theirs again
		List<Resource> resources = new ArrayList<>(domain.getResourceSet().getResources());
		resources.forEach(Resource::unload);
		domain.getResourceToReadOnlyMap().clear();
		load();
		companions.forEach(Companion::reloaded);
		commandStack.flush();
		listeners.forEach(Listener::reloaded);
	}

	private void fileChanged(IResourceChangeEvent event) {
		IResourceDelta delta = event.getDelta() == null ? null : event.getDelta().findMember(file.getFullPath());
		if (delta == null) {
			return;
		}
		Display display = Display.getDefault();
		if (delta.getKind() == IResourceDelta.REMOVED) {
			IPath movedTo = delta.getMovedToPath();
			display.asyncExec(() -> {
				if (users <= 0) {
					return;
				}
				if (movedTo != null) {
					moveTo(ResourcesPlugin.getWorkspace().getRoot().getFile(movedTo));
				} else {
					listeners.forEach(Listener::deleted);
				}
			});
		} else if ((delta.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0) {
			display.asyncExec(this::reloadIfChanged);
		}
	}
}
