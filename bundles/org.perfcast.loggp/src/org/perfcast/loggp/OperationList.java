package org.perfcast.loggp;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * One processor's operations in a simulated step, read from the simulation's log on demand: the log is a few
 * arrays shared by all processors, so a step of M messages holds about 25 bytes per operation instead of an
 * {@link Operation} object each. Immutable.
 */
final class OperationList extends AbstractList<Operation> implements RandomAccess {

	/**
	 * The log of a step: per message its source, destination (positions in ids) and length; per logged operation
	 * its message, kind (1: send), start and end; and the operations grouped by processor, each in its order.
	 */
	record Log(int[] ids, int[] from, int[] to, long[] bytes, int[] message, byte[] kind, double[] start,
			double[] end, int[] order) {
	}

	private final Log log;
	private final int offset;
	private final int size;

	/** The operations {@code log.order()[offset .. offset + size)}. */
	OperationList(Log log, int offset, int size) {
		this.log = log;
		this.offset = offset;
		this.size = size;
	}

	@Override
	public Operation get(int index) {
		java.util.Objects.checkIndex(index, size);
		int i = log.order()[offset + index];
		int m = log.message()[i];
		boolean send = log.kind()[i] == 1;
		return new Operation(send ? Operation.Kind.SEND : Operation.Kind.RECV,
				log.ids()[send ? log.to()[m] : log.from()[m]], log.bytes()[m], log.start()[i], log.end()[i], m);
	}

	@Override
	public int size() {
		return size;
	}
}
