/** Implementation of the Perfcast UI; not API. */
package org.perfcast.ui.internal;
