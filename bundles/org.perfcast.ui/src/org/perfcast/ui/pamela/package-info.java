/** The PAMELA text editor: syntax colouring, outline of definitions, problems while typing, hovers. */
package org.perfcast.ui.pamela;
