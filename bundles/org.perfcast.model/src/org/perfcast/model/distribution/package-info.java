/**
 * Data layouts evaluated: a {@link org.perfcast.model.distribution.DataDistribution} says which processor
 * owns each block of a 1-D or 2-D array, how many blocks and elements each processor holds, how unbalanced
 * that is, and which blocks lack a valid owner.
 */
package org.perfcast.model.distribution;
