/** Editors of Perfcast model files, and the text editor of C, C++ and Fortran sources. */
package org.perfcast.ui.editors;
