/**
 * The "Perfcast Simulation" launch configuration in the workbench: its tab group (model, engine and options,
 * parameters and sweeps, common), Run As on model files that an engine runs, and the property tester that
 * tells which files those are. The delegate and the settings live in {@code org.perfcast.ide}.
 */
package org.perfcast.ui.launch;
