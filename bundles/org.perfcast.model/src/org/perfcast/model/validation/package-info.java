/**
 * Validation of Perfcast models: the EMF validator {@link org.perfcast.model.validation.PerfcastValidator}
 * with one {@code validate<Class>_<Constraint>} method per rule, and {@link org.perfcast.model.validation.ModelValidation},
 * which runs it on a loaded file and reports engine diagnostics located at the offending element's line.
 */
package org.perfcast.model.validation;
