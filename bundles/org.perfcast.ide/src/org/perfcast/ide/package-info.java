/**
 * Perfcast in the workspace, without UI: the Perfcast project nature, the incremental builder that runs
 * the inner-loop predictors on save through {@link org.perfcast.ide.BuildParticipant}s, and the problem
 * markers it reports; and the outer loop: simulation engines contributed through {@code org.perfcast.ide.engines}
 * ({@link org.perfcast.ide.Engines}) run as {@link org.perfcast.ide.SimulationJob}s that write results files.
 */
package org.perfcast.ide;
