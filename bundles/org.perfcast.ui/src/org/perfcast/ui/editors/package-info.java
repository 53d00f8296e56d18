/** Editors of Perfcast model files. */
package org.perfcast.ui.editors;
