/** Wizards that create Perfcast projects and models. */
package org.perfcast.ui.wizards;
