/** The Perfcast workbench UI: perspective, wizards, views and editors. */
package org.perfcast.ui;
