package org.perfcast.model.routing;

import java.util.ArrayList;
import java.util.List;

import org.perfcast.model.machine.Routing;

/**
 * A two-dimensional mesh of R rows and C columns, processor r·C + c in row r and column c, optionally a
 * torus with wrap-around links. Links {@code l[a->b]} join neighbours in both directions; their ids go by
 * source processor and, for each, to the east (column + 1), west, south (row + 1) and north neighbour.
 * On a torus the wrap-around links are the east neighbour of the last column and so on; a torus dimension
 * of two has no separate wrap-around links, as the neighbour is the same either way.
 */
final class MeshNetwork extends Network {

	private final int rows;
	private final int columns;
	private final boolean torus;
	private final Routing routing;
	private final LinkGraph graph;

	MeshNetwork(int processors, int rows, int columns, boolean torus, Routing routing) {
		super(processors);
		if (rows < 1 || columns < 1) {
			throw new IllegalArgumentException(
					"a mesh needs at least one row and one column, was " + rows + " x " + columns);
		}
		if ((long) rows * columns != processors) {
			throw new IllegalArgumentException("a mesh of " + rows + " x " + columns + " has "
					+ (long) rows * columns + " processors, but the processor count is " + processors);
		}
		this.rows = rows;
		this.columns = columns;
		this.torus = torus;
		this.routing = routing;
		List<NetworkLink> links = new ArrayList<>();
		for (int node = 0; node < processors; node++) {
			int row = node / columns;
			int column = node % columns;
			int firstOfNode = links.size();
			addLink(links, firstOfNode, node, neighbour(column, 1, columns), row, true);
			addLink(links, firstOfNode, node, neighbour(column, -1, columns), row, true);
			addLink(links, firstOfNode, node, neighbour(row, 1, rows), column, false);
			addLink(links, firstOfNode, node, neighbour(row, -1, rows), column, false);
		}
		graph = new LinkGraph(processors, List.copyOf(links));
	}

	/** The coordinate one step from {@code position} in a dimension of {@code size}, or −1 if none. */
	private int neighbour(int position, int step, int size) {
		int next = position + step;
		if (next >= 0 && next < size) {
			return next;
		}
		return torus ? Math.floorMod(next, size) : -1;
	}

	private void addLink(List<NetworkLink> links, int firstOfNode, int node, int coordinate, int other,
			boolean alongRow) {
		if (coordinate < 0) {
			return;
		}
		int target = alongRow ? other * columns + coordinate : coordinate * columns + other;
		if (target == node) {
			return;
		}
		for (int i = firstOfNode; i < links.size(); i++) {
			if (links.get(i).target() == target) {
				return;
			}
		}
		links.add(NetworkLink.of(links.size(), node, target, NetworkLink.arrowName(node, target)));
	}

	@Override
	public List<NetworkLink> links() {
		return graph.links();
	}

	@Override
	List<NetworkLink> path(int from, int to) {
		if (routing == Routing.SHORTEST_PATH) {
			return graph.shortestPath(from, to);
		}
		List<NetworkLink> route = new ArrayList<>();
		int row = from / columns;
		int column = from % columns;
		int targetRow = to / columns;
		int targetColumn = to % columns;
		while (column != targetColumn) {
			int next = Math.floorMod(column + direction(column, targetColumn, columns), columns);
			route.add(graph.find(row * columns + column, row * columns + next));
			column = next;
		}
		while (row != targetRow) {
			int next = Math.floorMod(row + direction(row, targetRow, rows), rows);
			route.add(graph.find(row * columns + column, next * columns + column));
			row = next;
		}
		return List.copyOf(route);
	}

	/** +1 or −1: the way from {@code position} to {@code target}, on a torus the shorter, +1 on a tie. */
	private int direction(int position, int target, int size) {
		if (!torus) {
			return target > position ? 1 : -1;
		}
		int forward = Math.floorMod(target - position, size);
		return forward <= size - forward ? 1 : -1;
	}
}
