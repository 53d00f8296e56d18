package org.perfcast.ui.internal.emf;

import org.eclipse.emf.common.notify.Notification;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.emf.edit.provider.INotifyChangedListener;
import org.eclipse.emf.edit.provider.IStructuredItemContentProvider;
import org.eclipse.emf.edit.provider.ITreeItemContentProvider;
import org.eclipse.emf.edit.provider.IViewerNotification;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.StructuredViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.swt.widgets.Display;

/**
 * A JFace tree content provider that asks the item providers of a composed adapter factory for
 * children, and refreshes its viewer when they report model changes.
 */
public final class ItemContentProvider implements ITreeContentProvider, INotifyChangedListener {

	private final ComposedAdapterFactory adapterFactory;
	private StructuredViewer viewer;

	/** Content from {@code adapterFactory}'s item providers; listens to it until disposed. */
	public ItemContentProvider(ComposedAdapterFactory adapterFactory) {
		this.adapterFactory = adapterFactory;
		adapterFactory.addListener(this);
	}

	@Override
	public Object[] getElements(Object input) {
		if (adapterFactory.adapt(input, IStructuredItemContentProvider.class) instanceof IStructuredItemContentProvider provider) {
			return provider.getElements(input).toArray();
		}
		return new Object[0];
	}

	@Override
	public Object[] getChildren(Object parent) {
		if (adapterFactory.adapt(parent, ITreeItemContentProvider.class) instanceof ITreeItemContentProvider provider) {
			return provider.getChildren(parent).toArray();
		}
		return new Object[0];
	}

	@Override
	public Object getParent(Object element) {
		if (adapterFactory.adapt(element, ITreeItemContentProvider.class) instanceof ITreeItemContentProvider provider) {
			return provider.getParent(element);
		}
		return null;
	}

	@Override
	public boolean hasChildren(Object element) {
		if (adapterFactory.adapt(element, ITreeItemContentProvider.class) instanceof ITreeItemContentProvider provider) {
			return provider.hasChildren(element);
		}
		return false;
	}

	@Override
	public void inputChanged(Viewer newViewer, Object oldInput, Object newInput) {
		viewer = (StructuredViewer) newViewer;
	}

	@Override
	public void notifyChanged(Notification notification) {
		StructuredViewer target = viewer;
		if (target == null || target.getControl().isDisposed()) {
			return;
		}
		Display display = target.getControl().getDisplay();
		if (Display.getCurrent() == display) {
			refresh(target, notification);
		} else {
			display.asyncExec(() -> refresh(target, notification));
		}
	}

	private static void refresh(StructuredViewer viewer, Notification notification) {
		if (viewer.getControl().isDisposed()) {
			return;
		}
		if (notification instanceof IViewerNotification change) {
			Object element = change.getElement();
			if (change.isContentRefresh()) {
				viewer.refresh(element, change.isLabelUpdate());
			} else if (change.isLabelUpdate()) {
				viewer.update(element, null);
			}
		} else {
			viewer.refresh();
		}
	}

	@Override
	public void dispose() {
		adapterFactory.removeListener(this);
	}
}
