/**
 * The five-minute tour of the Perfcast IDE: a cheat sheet ({@code cheatsheets/tour.xml}) whose steps open an example,
 * save it, show the prediction's marker, run a simulation and show the Results view; opened on the first start of the
 * example workspace. Not API.
 */
package org.perfcast.ui.internal.tour;
