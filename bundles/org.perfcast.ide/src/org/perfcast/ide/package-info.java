/**
 * Perfcast in the workspace, without UI: the Perfcast project nature, the incremental builder that runs
 * the inner-loop predictors on save through {@link org.perfcast.ide.BuildParticipant}s, and the problem
 * markers it reports.
 */
package org.perfcast.ide;
