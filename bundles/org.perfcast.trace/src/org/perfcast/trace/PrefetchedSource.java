package org.perfcast.trace;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A trace read ahead by a thread of its own, in batches, so that parsing a long trace overlaps its simulation on a
 * second processor. The events, the end and any failure come out in the order of the underlying source; memory
 * holds at most a few batches.
 */
final class PrefetchedSource implements TraceSource {

	/** The events a batch holds. */
	static final int BATCH = 4096;
	/** The batches read ahead. */
	private static final int AHEAD = 4;

	/** A batch: its events, and the failure that ended the trace, if any. */
	private record Batch(TraceEvent[] events, int size, @Nullable Exception failure) {
	}

	/** The batch after the last. */
	private static final Batch END = new Batch(new TraceEvent[0], 0, null);

	private final TraceSource source;
	private final BlockingQueue<Batch> queue = new ArrayBlockingQueue<>(AHEAD);
	private final Thread reader;
	private volatile boolean closed;
	private Batch batch = new Batch(new TraceEvent[0], 0, null);
	private int next;
	private boolean ended;

	PrefetchedSource(TraceSource source) {
		this.source = source;
		this.reader = Thread.ofPlatform().daemon().name("perfcast trace reader " + source.file()).unstarted(
				this::readAhead);
		reader.start();
	}

	/** Whether reading ahead is worth a thread here: there is a second processor. */
	static boolean useful() {
		return Runtime.getRuntime().availableProcessors() > 1;
	}

	private void readAhead() {
		try {
			while (!closed) {
				TraceEvent[] events = new TraceEvent[BATCH];
				int size = 0;
				Exception failure = null;
				boolean end = false;
				try {
					while (size < BATCH) {
						TraceEvent e = source.next();
						if (e == null) {
							end = true;
							break;
						}
						events[size++] = e;
					}
				} catch (TraceException | IOException | RuntimeException e) {
					failure = e;
				}
				put(new Batch(events, size, failure));
				if (end || failure != null) {
					put(END);
					return;
				}
			}
		} catch (InterruptedException e) {
			// closed while waiting: nobody reads on
		}
	}

	private void put(Batch b) throws InterruptedException {
		while (!closed && !queue.offer(b, 100, TimeUnit.MILLISECONDS)) {
			// the simulation is behind; wait for it, or for close
		}
	}

	@Override
	public TraceHeader header() {
		return source.header();
	}

	@Override
	public @Nullable TraceEvent next() throws TraceException, IOException {
		while (next == batch.size()) {
			if (ended) {
				return null;
			}
			Exception failure = batch.failure();
			if (failure != null) {
				ended = true;
				switch (failure) {
				case TraceException e -> throw e;
				case IOException e -> throw e;
				case RuntimeException e -> throw e;
				default -> throw new IllegalStateException(failure);
				}
			}
			try {
				batch = queue.take();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new IOException("interrupted while reading " + source.file(), e);
			}
			next = 0;
			if (batch == END) {
				ended = true;
				return null;
			}
		}
		return batch.events()[next++];
	}

	@Override
	public boolean truncated() {
		return source.truncated();
	}

	@Override
	public String file() {
		return source.file();
	}

	@Override
	public void close() throws IOException {
		closed = true;
		reader.interrupt();
		try {
			reader.join(10_000);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
		source.close();
	}
}
