/**
 * Routing on machine topologies: a {@link org.perfcast.model.routing.Network} holds the links of a
 * topology for evaluated sizes, each a contended {@link org.perfcast.model.routing.NetworkLink resource},
 * and answers which links a message from one processor to another crosses.
 */
package org.perfcast.model.routing;
