/**
 * The LogGP simulation of communication steps (Rugina and Schauser, "Predicting the running times of parallel
 * programs by simulation", IPPS 1998, sections 3 and 4).
 * <p>
 * A {@link org.perfcast.loggp.CommunicationPattern} (read by {@link org.perfcast.loggp.PatternParser}) lists the
 * messages of one step in each processor's send order. The {@link org.perfcast.loggp.CommunicationSimulation}
 * (the paper's figure 2) and the {@link org.perfcast.loggp.OverestimationSimulation} (section 4.2) turn it into
 * a {@link org.perfcast.loggp.StepResult}: per processor the sends and receives with their start and end times,
 * and the step time T. The machine is given by {@link org.perfcast.loggp.LogGP} parameters; every reading of
 * the model that the paper leaves open is a named option of {@link org.perfcast.loggp.LogGPRules}.
 * {@link org.perfcast.loggp.LogGPStepEngine} runs it in the outer loop.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.loggp;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
