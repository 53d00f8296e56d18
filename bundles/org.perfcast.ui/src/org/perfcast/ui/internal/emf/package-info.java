/**
 * JFace adapters over the EMF edit framework (tree content, labels, images, property sheet) and the
 * pieces of the Perfcast model editor; not API.
 */
package org.perfcast.ui.internal.emf;
