/**
 * Diagrams of Perfcast's models, free of SWT and the workbench: a program's steps, processes and messages or a
 * machine's processors and links as a GLSP graph ({@link org.perfcast.diagram.server.Diagrams}), the positions
 * kept in a sidecar notation file next to the model ({@link org.perfcast.diagram.server.Notation}), ELK's
 * layered layout for shapes without a position, and the document an editor edits through EMF commands.
 */
package org.perfcast.diagram.server;
