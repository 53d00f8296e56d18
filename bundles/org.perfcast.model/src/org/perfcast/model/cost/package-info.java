/**
 * Costs a machine model states as tables or expressions, evaluated for a size: basic operations by block
 * size, LogGP parameters by message size.
 */
package org.perfcast.model.cost;
