package org.perfcast.record.agent;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who called into the JDK, for the hooks the JDK's own classes call ({@link Threads}, {@link Parks}): the first frame
 * of the program's code on the stack gives the event's source line; a hook (of {@link ThreadHooks}, {@link LockHooks},
 * {@link SynchronizerHooks}, {@link IoHooks} or {@link Tasks}) found there first means
 * that the JDK was called by a hook that records the operation itself (a lock, a condition, a queue, a join), so
 * that its parks are not recorded again.
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
final class Callers {

	/** What {@link #site()} returns inside a hook that records the operation itself. */
	static final int RECORDED = -2;

	/** The hooks that record the blocking they do (their parks are theirs). */
	private static final Set<String> RECORDING = new HashSet<>(Arrays.asList("lock", "lockInterruptibly", "tryLock",
			"unlock", "await", "awaitNanos", "awaitUntil", "signal", "signalAll", "acquire", "tryAcquire", "release",
			"countDown", "put", "offer", "take", "poll", "joinThread", "getTask", "joinForkJoin", "invokeForkJoin",
			"sleep", "ioRead", "ioWrite", "ioReadFully", "ioForce", "ioAccept", "ioReadAllBytes", "ioReadString",
			"ioReadAllLines", "ioWriteString"));

	private static final String AGENT = Callers.class.getName().substring(0,
			Callers.class.getName().lastIndexOf('.') + 1);
	/** The classes of the hooks. */
	private static final Set<String> HOOKS = new HashSet<>(Arrays.asList(ThreadHooks.class.getName(),
			LockHooks.class.getName(), SynchronizerHooks.class.getName(), IoHooks.class.getName(), Tasks.class
					.getName()));

	private static final StackWalker WALKER = StackWalker.getInstance();
	private static final ConcurrentHashMap<String, Integer> SITES = new ConcurrentHashMap<>();

	private Callers() {
	}

	/**
	 * The site (see {@link Hooks#site(String, int)}) of the program's line that called into the JDK, -1 if no code
	 * of the program is on the stack, or {@link #RECORDED} if a recording hook called it.
	 */
	static int site() {
		return WALKER.walk(frames -> {
			Iterator<StackWalker.StackFrame> it = frames.iterator();
			boolean inJdk = false;
			while (it.hasNext()) {
				StackWalker.StackFrame f = it.next();
				String type = f.getClassName();
				if (type.startsWith(AGENT)) {
					if (inJdk && HOOKS.contains(type) && RECORDING.contains(f.getMethodName())) {
						return RECORDED;
					}
				} else if (jdk(type)) {
					inJdk = true;
				} else {
					return site(f.getFileName(), f.getLineNumber());
				}
			}
			return -1;
		});
	}

	private static boolean jdk(String type) {
		return type.startsWith("java.") || type.startsWith("javax.") || type.startsWith("jdk.")
				|| type.startsWith("sun.") || type.startsWith("com.sun.");
	}

	private static int site(String file, int line) {
		String key = (file == null ? "?" : file) + ":" + line;
		Integer site = SITES.get(key);
		if (site == null) {
			site = Hooks.site(file == null ? "?" : file, line);
			Integer known = SITES.putIfAbsent(key, site);
			if (known != null) {
				site = known;
			}
		}
		return site;
	}
}
