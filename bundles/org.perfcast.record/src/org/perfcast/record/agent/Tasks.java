package org.perfcast.record.agent;

import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;

import org.perfcast.record.agent.Hooks.Actor;

/**
 * The hooks of executor and fork-join tasks (see {@link Instrumenter}): a task is a thread of the trace created
 * where it is submitted or forked, whose CPU clock counts only the time it ran, joined where its result is awaited
 * (once the wait returns) and by the thread that ran it, right after it.
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
public final class Tasks {

	private Tasks() {
	}


	/** {@code executor.execute(r)}: a task created here. */
	public static void execute(Executor executor, Runnable r, int site) {
		executor.execute(wrap(r, created(r, site)));
	}

	/** {@code executor.submit(r)}: a task created here, joined by {@link #get(Future, int)}. */
	public static Future<?> submit(ExecutorService executor, Runnable r, int site) {
		Actor task = created(r, site);
		Future<?> future = executor.submit(wrap(r, task));
		bind(future, task);
		return future;
	}

	/** {@code executor.submit(c)}. */
	public static <T> Future<T> submit(ExecutorService executor, Callable<T> c, int site) {
		Actor task = created(c, site);
		Future<T> future = executor.submit(() -> {
			enter(task);
			try {
				return c.call();
			} finally {
				leave(task);
			}
		});
		bind(future, task);
		return future;
	}

	/** {@code future.get()}: join its task, if it is one, once it returns. */
	public static <T> T get(Future<T> future, int site) throws InterruptedException,
			java.util.concurrent.ExecutionException {
		if (task(future) == null) {
			return future.get(); // a future of no task: its wait is the parks Parks records
		}
		try {
			return getTask(future);
		} finally {
			joinTask(future, site);
		}
	}

	/** {@code future.get()} of a task's future, whose parks are not recorded: the join stands for them. */
	public static <T> T getTask(Future<T> future) throws InterruptedException, java.util.concurrent.ExecutionException {
		return future.get();
	}

	/** {@code task.fork()}: a task created here. */
	public static <T> ForkJoinTask<T> fork(ForkJoinTask<T> task, int site) {
		created(task, site);
		return task.fork();
	}

	/** {@code task.join()}: join it, once it returns. */
	public static <T> T join(ForkJoinTask<T> task, int site) {
		if (task(task) == null) {
			return task.join();
		}
		try {
			return joinForkJoin(task);
		} finally {
			joinTask(task, site);
		}
	}

	/** {@code task.join()} of a task of the trace, whose parks are not recorded: the join stands for them. */
	public static <T> T joinForkJoin(ForkJoinTask<T> task) {
		return task.join();
	}

	/** {@code pool.invoke(task)}: a task created here and joined once it returns. */
	public static <T> T invoke(java.util.concurrent.ForkJoinPool pool, ForkJoinTask<T> task, int site) {
		created(task, site);
		try {
			return invokeForkJoin(pool, task);
		} finally {
			joinTask(task, site);
		}
	}

	/** {@code pool.invoke(task)}, whose parks are not recorded. */
	public static <T> T invokeForkJoin(java.util.concurrent.ForkJoinPool pool, ForkJoinTask<T> task) {
		return pool.invoke(task);
	}

	private static Actor task(Object key) {
		Hooks.LOCK.lock();
		try {
			return Hooks.TASKS.get(key);
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** The start of a fork-join task's compute: its events are the task's, if it was forked. */
	public static void computeBegin(Object task) {
		Actor actor = task(task);
		if (actor != null && !actor.exited && actor.base == 0) {
			enter(actor);
		}
	}

	/** The end of a fork-join task's compute. */
	public static void computeEnd(Object task) {
		Actor actor = task(task);
		if (actor != null && !actor.exited && Hooks.current() == actor) {
			leave(actor);
		}
	}

	private static Actor created(Object key, int site) {
		// a task: created by the running thread
		Hooks.LOCK.lock();
		try {
			Actor task = new Actor("task" + ++Hooks.tasks, null);
			Hooks.TASKS.put(key, task);
			Hooks.ACTORS.add(task);
			Hooks.record(Hooks.current(), "create " + task.name, site);
			return task;
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	private static void bind(Object future, Actor task) {
		Hooks.LOCK.lock();
		try {
			Hooks.TASKS.put(future, task);
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	private static Runnable wrap(Runnable r, Actor task) {
		return () -> {
			enter(task);
			try {
				r.run();
			} finally {
				leave(task);
			}
		};
	}

	private static void joinTask(Object key, int site) {
		Hooks.LOCK.lock();
		try {
			Actor task = Hooks.TASKS.get(key);
			if (task != null && task.exited) {
				Hooks.record(Hooks.current(), "join " + task.name, site);
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	/** Runs {@code task} on this Java thread from now: the running logical thread's clock pauses. */
	private static void enter(Actor task) {
		Hooks.LOCK.lock();
		try {
			task.base = Hooks.cpuClock();
			Hooks.push(task);
			if (task.shown == null) {
				Hooks.named(task, Thread.currentThread().getName()); // a task is named after the thread it runs on
			}
		} finally {
			Hooks.LOCK.unlock();
		}
	}

	private static void leave(Actor task) {
		Hooks.LOCK.lock();
		try {
			Hooks.record(task, "exit", -1);
			task.exited = true;
			ArrayDeque<Actor> running = Hooks.RUNNING.get();
			running.pollLast();
			long spent = Hooks.cpuClock() - task.base - task.nested;
			Actor outer = running.peekLast();
			if (outer == null) {
				outer = Hooks.current();
			}
			outer.nested += spent + task.nested;
			// what the thread that ran the task does next comes after it (a future's completion, the next task)
			Hooks.record(outer, "join " + task.name, -1);
		} finally {
			Hooks.LOCK.unlock();
		}
	}
}
