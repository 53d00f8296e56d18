/**
 * The Results view: the runs recorded in every open project's results folder, and for the selected run its
 * summary table, charts and schedules, comparison with another run, a recorded run's what-if (causal profile),
 * export and deletion. The view composes the list of runs and a class per tab; its actions are classes of their own.
 */
package org.perfcast.ui.results;
