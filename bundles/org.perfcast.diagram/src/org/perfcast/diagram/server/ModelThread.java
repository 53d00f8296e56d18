package org.perfcast.diagram.server;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Where the model may be read and changed. In the IDE that is the UI thread, which the tree editor and the
 * Properties view also use; GLSP's own thread hands its reads and commands over to it.
 */
public interface ModelThread {

	/** Runs {@code work} on the model's thread and returns its result. */
	<T> T call(Supplier<T> work);

	/** Runs {@code work} on the model's thread. */
	default void run(Runnable work) {
		call(() -> {
			work.run();
			return null;
		});
	}

	/** A model thread for models that no UI shares: callers take turns under one lock. */
	static ModelThread locked() {
		ReentrantLock lock = new ReentrantLock();
		return new ModelThread() {
			@Override
			public <T> T call(Supplier<T> work) {
				lock.lock();
				try {
					return work.get();
				} finally {
					lock.unlock();
				}
			}
		};
	}
}
