/**
 * The {@code perfcast} command line: a dispatcher that runs engines headless. {@link org.perfcast.cli.Main}
 * is started by the {@code ./perfcast} launcher with the engine bundles on a plain class path.
 */
package org.perfcast.cli;
