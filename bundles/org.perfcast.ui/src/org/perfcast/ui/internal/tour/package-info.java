/**
 * The five-minute tour of the Perfcast IDE: the Perfcast Tour view shows {@code tour/tour.xml} (Eclipse's cheat sheet
 * format), whose steps open an example, save it, show the prediction's marker, run a simulation and show the Results
 * view; opened on the first start of the example workspace. Not API.
 */
package org.perfcast.ui.internal.tour;
