/**
 * Perfcast in the Java tools: Run As &gt; Perfcast Recorded Java Application runs a Java application under
 * Perfcast's Java agent on one processor, writes its trace into the project and offers a prediction of its run on
 * more processors; the trace's events link back to the Java source lines.
 */
package org.perfcast.jdt;
