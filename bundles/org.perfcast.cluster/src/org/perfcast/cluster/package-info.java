/**
 * Sweeps run on a SLURM cluster: the points of a {@link org.perfcast.engine.run.RunRequest} submitted as one job
 * array ({@code sbatch}), each array task running its share of the points with the headless command line of an
 * installed Perfcast distribution, and the tasks' results merged into one results file as they arrive.
 * <p>
 * {@link org.perfcast.cluster.ClusterSettings} says where and how to submit (this machine's SLURM commands, or
 * {@code ssh} to a login node); {@link org.perfcast.cluster.ClusterShell} runs the commands and moves files;
 * {@link org.perfcast.cluster.SlurmJob} submits, watches ({@code squeue}, {@code scontrol}, {@code sacct}) and
 * cancels ({@code scancel}) one job array; {@link org.perfcast.cluster.ClusterSweep} drives a whole run. Plain
 * Java, no Eclipse runtime: the command line and the IDE use it alike.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.cluster;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
