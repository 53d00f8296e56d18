/**
 * Perfcast in the workspace, without UI: the Perfcast project nature, the incremental builder that runs
 * the inner-loop predictors on save through {@link org.perfcast.ide.BuildParticipant}s, and the problem
 * markers it reports; and the outer loop: simulation engines contributed through {@code org.perfcast.ide.engines}
 * ({@link org.perfcast.ide.Engines}) run as {@link org.perfcast.ide.SimulationJob}s that write results files. Native
 * programs are recorded by the "Perfcast Recorded Program" launch ({@link org.perfcast.ide.RecordedProgramLaunch},
 * {@link org.perfcast.ide.RecordingJob}); a recording's prediction ({@link org.perfcast.ide.RecordingFinished}) marks
 * the program's bottlenecks on its source lines ({@link org.perfcast.ide.WaitingPointMarkers}); its causal profile
 * ({@link org.perfcast.ide.WhatIfJob}) marks what making a line faster gains ({@link org.perfcast.ide.WhatIfMarkers}).
 */
package org.perfcast.ide;
