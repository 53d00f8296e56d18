/**
 * Reading and writing Perfcast model files ({@code *.machine}, {@code *.layout}, {@code *.program}) as XMI,
 * remembering where each element stands in the file so that diagnostics can name its line.
 */
package org.perfcast.model.resource;
