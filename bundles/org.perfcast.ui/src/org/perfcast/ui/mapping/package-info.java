/**
 * The execution models in the workbench: the Mapping view (ranking, components per processor, sensitivity
 * chart of the selected program, live on save) and the quick fix that switches a program to the best mapping
 * technique.
 */
package org.perfcast.ui.mapping;
