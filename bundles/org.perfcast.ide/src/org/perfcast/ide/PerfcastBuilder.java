package org.perfcast.ide;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.ISchedulingRule;
import org.perfcast.engine.CancelledException;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;

/**
 * The Perfcast incremental builder: on every save it hands each changed model file, and every file whose
 * last analysis read a changed file, to the {@link BuildParticipant}s that handle its extension, and shows
 * their diagnostics as {@link PerfcastMarkers#PROBLEM} markers. A failing participant becomes an error
 * marker on the file and never stops the others.
 */
public final class PerfcastBuilder extends IncrementalProjectBuilder {

	/** The builder's id, as written in {@code .project}. */
	public static final String ID = PerfcastIde.PLUGIN_ID + ".builder";

	/** For each file, the files of this project whose last analysis read it. */
	private final Map<IPath, Set<IPath>> readers = new HashMap<>();
	private boolean analysedAll;

	@Override
	protected IProject[] build(int kind, Map<String, String> args, IProgressMonitor monitor) throws CoreException {
		List<BuildParticipants.Descriptor> participants = BuildParticipants.all();
		if (participants.isEmpty()) {
			return null;
		}
		// after a restart nothing is known about who reads what: analyse everything once
		IResourceDelta delta = kind == FULL_BUILD || !analysedAll ? null : getDelta(getProject());
		List<IFile> files = delta == null ? allModelFiles(participants) : affectedModelFiles(delta, participants);
		if (delta == null) {
			readers.clear();
			analysedAll = true;
		}
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
		readers.clear();
		analysedAll = false;
	}

	@Override
	public ISchedulingRule getRule(int kind, Map<String, String> args) {
		return getProject();
	}

	private void analyse(IFile file, List<BuildParticipants.Descriptor> participants, IProgressMonitor monitor)
			throws CoreException {
		readers.values().forEach(r -> r.remove(file.getFullPath()));
		if (!file.exists()) {
			return;
		}
		List<BuildParticipants.Descriptor> handling = participants.stream()
				.filter(p -> p.handles(file.getFileExtension())).toList();
		SubMonitor sub = SubMonitor.convert(monitor, handling.size());
		Map<String, Object> results = new HashMap<>();
		Set<IPath> inputs = new HashSet<>();
		for (BuildParticipants.Descriptor descriptor : handling) {
			Analysis analysis;
			try {
				analysis = descriptor.participant().analyse(file, EngineMonitors.adapt(sub.split(1)));
			} catch (CancelledException e) {
				throw new OperationCanceledException();
			} catch (CoreException | RuntimeException | Error e) {
				// any failure of a participant, a StackOverflowError on a deeply nested file too, is the file's error
				// marker and the build goes on with the next participant and file
				PerfcastIde.log(PerfcastIde.error(descriptor.name() + " failed on " + file.getFullPath(), e));
				analysis = Analysis.of(List.of(Diagnostic.error("perfcast.participantFailed", descriptor.name()
						+ " could not analyse this file: " + e + " (details in the error log)",
						Location.of(file.getFullPath().toString()))));
			}
			for (IPath input : analysis.inputs()) {
				readers.computeIfAbsent(input, k -> new HashSet<>()).add(file.getFullPath());
			}
			PerfcastMarkers.replace(file, descriptor.id(), analysis.diagnostics());
			inputs.addAll(analysis.inputs());
			if (analysis.result() != null) {
				results.put(descriptor.id(), analysis.result());
			}
		}
		BuildResults.get().publish(new BuildResults.Analysed(file, inputs, results));
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

	/** The changed model files, and the files that read a changed or removed file, transitively. */
	private List<IFile> affectedModelFiles(IResourceDelta delta, List<BuildParticipants.Descriptor> participants)
			throws CoreException {
		Set<IPath> affected = new LinkedHashSet<>();
		delta.accept(d -> {
			if (d.getResource() instanceof IFile file && (d.getKind() != IResourceDelta.CHANGED
					|| (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0)) {
				affected.add(file.getFullPath());
			}
			return !d.getResource().isDerived();
		});
		Deque<IPath> queue = new ArrayDeque<>(affected);
		while (!queue.isEmpty()) {
			for (IPath reader : readers.getOrDefault(queue.pop(), Set.of())) {
				if (affected.add(reader)) {
					queue.add(reader);
				}
			}
		}
		List<IFile> files = new ArrayList<>();
		for (IPath path : affected) {
			IFile file = getProject().getWorkspace().getRoot().getFile(path);
			if (file.getProject().equals(getProject()) && file.exists() && isModelFile(file, participants)) {
				files.add(file);
			}
		}
		return files;
	}

	private static boolean isModelFile(IFile file, List<BuildParticipants.Descriptor> participants) {
		return !file.isDerived() && participants.stream().anyMatch(p -> p.handles(file.getFileExtension()));
	}
}
