package org.perfcast.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;

/**
 * The Perfcast incremental builder: on every save it hands each changed model file to the
 * {@link BuildParticipant}s that handle its extension and shows their diagnostics as
 * {@link PerfcastMarkers#PROBLEM} markers. A failing participant becomes an error marker on the file and
 * never stops the others.
 */
public final class PerfcastBuilder extends IncrementalProjectBuilder {

	/** The builder's id, as written in {@code .project}. */
	public static final String ID = PerfcastIde.PLUGIN_ID + ".builder";

	@Override
	protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
		List<BuildParticipants.Descriptor> participants = BuildParticipants.all();
		if (participants.isEmpty()) {
			return null;
		}
		IResourceDelta delta = kind == FULL_BUILD ? null : getDelta(getProject());
		List<IFile> files = delta == null ? allModelFiles(participants) : changedModelFiles(delta, participants);
		SubMonitor sub = SubMonitor.convert(monitor, "Perfcast: analysing " + getProject().getName(), files.size());
		for (IFile file : files) {
			sub.subTask(file.getProjectRelativePath().toString());
			analyse(file, participants, sub.split(1));
		}
		return null;
	}

	@Override
	protected void clean(IProgressMonitor monitor) throws CoreException {
		getProject().deleteMarkers(PerfcastMarkers.PROBLEM, true, IResource.DEPTH_INFINITE);
	}

	@Override
	public ISchedulingRule getRule(int kind, Map<String, String> args) {
		return getProject();
	}

	private static void analyse(IFile file, List<BuildParticipants.Descriptor> participants, IProgressMonitor monitor)
			throws CoreException {
		List<BuildParticipants.Descriptor> handling = participants.stream()
				.filter(p -> p.handles(file.getFileExtension())).toList();
		SubMonitor sub = SubMonitor.convert(monitor, handling.size());
		for (BuildParticipants.Descriptor descriptor : handling) {
			List<Diagnostic> diagnostics;
			try {
				diagnostics = descriptor.participant().analyse(file, EngineMonitors.adapt(sub.split(1)));
			} catch (CancelledException e) {
				throw new OperationCanceledException();
			} catch (CoreException | RuntimeException | LinkageError e) {
				PerfcastIde.log(PerfcastIde.error(descriptor.name() + " failed on " + file.getFullPath(), e));
				diagnostics = List.of(Diagnostic.error("perfcast.participantFailed", descriptor.name()
						+ " could not analyse this file: " + e + " (details in the error log)",
						Location.of(file.getFullPath().toString())));
			}
			PerfcastMarkers.replace(file, descriptor.id(), diagnostics);
		}
	}

	private List<IFile> allModelFiles(List<BuildParticipants.Descriptor> participants) throws CoreException {
		List<IFile> files = new ArrayList<>();
		getProject().accept(resource -> {
			if (resource instanceof IFile file && isModelFile(file, participants)) {
				files.add(file);
			}
			return !resource.isDerived() && !resource.isTeamPrivateMember();
		});
		return files;
	}

	private static List<IFile> changedModelFiles(IResourceDelta delta, List<BuildParticipants.Descriptor> participants)
			throws CoreException {
		List<IFile> files = new ArrayList<>();
		delta.accept(d -> {
			if (d.getResource() instanceof IFile file && d.getKind() != IResourceDelta.REMOVED
					&& (d.getKind() != IResourceDelta.CHANGED || (d.getFlags() & IResourceDelta.CONTENT) != 0
							|| (d.getFlags() & IResourceDelta.REPLACED) != 0)
					&& isModelFile(file, participants)) {
				files.add(file);
			}
			return !d.getResource().isDerived();
		});
		return files;
	}

	private static boolean isModelFile(IFile file, List<BuildParticipants.Descriptor> participants) {
		return !file.isDerived() && participants.stream().anyMatch(p -> p.handles(file.getFileExtension()));
	}
}
