/**
 * Glamis (Jonkers, van Gemund and Reijns, section 4): closed queueing networks of delay centres and blocks of
 * identical queueing centres, solved by mean value analysis (exact, multi-class exact, Bard–Schweitzer) at a
 * cost that does not grow with a block's size; programs as sequences of parallel sections in the paper's
 * tuple notation ({@code *.glamis}) and plain networks ({@code *.qn}).
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.glamis;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
