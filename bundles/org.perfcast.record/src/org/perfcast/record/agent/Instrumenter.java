package org.perfcast.record.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites the program's classes so that their synchronisation goes through {@link Hooks}: call sites of
 * thread, lock, condition, synchronizer, queue, executor and fork-join methods, of sleeps, parks and timed waits,
 * and of file and socket I/O become calls of a hook (with the source line as an extra argument); {@code monitorenter} and {@code monitorexit}, and the
 * entry and returns of synchronized methods, call the monitor hooks; {@code new Thread(r)} wraps r, and the
 * {@code run} of a Thread subclass and the {@code compute} of a fork-join task mark their start and end. Only the
 * stack grows: no branch or handler is added, so the classes' stack map frames stay valid. JDK classes and
 * Perfcast's own are left alone. An exception thrown out of a synchronized method or a thread's {@code run}
 * leaves its unlock or exit unrecorded; the exit is written at the end of the recording instead.
 */
final class Instrumenter implements ClassFileTransformer {

	private static final String HOOKS = Hooks.class.getName().replace('.', '/');
	private static final String THREAD_HOOKS = ThreadHooks.class.getName().replace('.', '/');
	private static final String LOCK_HOOKS = LockHooks.class.getName().replace('.', '/');
	private static final String SYNC_HOOKS = SynchronizerHooks.class.getName().replace('.', '/');
	private static final String IO_HOOKS = IoHooks.class.getName().replace('.', '/');
	private static final String TASKS = Tasks.class.getName().replace('.', '/');
	private static final String AGENT = HOOKS.substring(0, HOOKS.lastIndexOf('/') + 1);

	/** Each class's superclass, read from class files (never loaded), by loader. */
	private final Map<ClassLoader, Map<String, String>> supers = new ConcurrentHashMap<>();

	@Override
	public byte[] transform(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain,
			byte[] bytes) {
		if (className == null || className.startsWith(AGENT)) {
			// the agent's own classes, whose loading must not resolve the agent's classes again
			return null;
		}
		if (loader == null && JdkClasses.changes(className)) {
			try {
				return JdkClasses.transform(className, bytes);
			} catch (RuntimeException | LinkageError e) {
				System.err.println("perfcast recorder: " + className + " left as it is: " + e);
				return null;
			}
		}
		if (loader == null || className == null || excluded(className)) {
			return null;
		}
		try {
			ClassReader reader = new ClassReader(bytes);
			ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
			Rewriter rewriter = new Rewriter(writer, loader);
			reader.accept(rewriter, 0);
			return rewriter.changed ? writer.toByteArray() : null;
		} catch (RuntimeException | LinkageError e) {
			System.err.println("perfcast recorder: " + className + " left as it is: " + e);
			return null;
		}
	}

	static boolean excluded(String className) {
		return className.startsWith("java/") || className.startsWith("javax/") || className.startsWith("jdk/")
				|| className.startsWith("sun/") || className.startsWith("com/sun/") || className.startsWith(AGENT);
	}

	/** Whether {@code type} is {@code ancestor} or extends it, reading class files through {@code loader}. */
	boolean extendsClass(String type, String ancestor, ClassLoader loader) {
		Map<String, String> known = supers.computeIfAbsent(loader, l -> new ConcurrentHashMap<>());
		String t = type;
		for (int depth = 0; t != null && depth < 32; depth++) {
			if (t.equals(ancestor)) {
				return true;
			}
			if (t.equals("java/lang/Object")) {
				return false;
			}
			String s = known.get(t);
			if (s == null) {
				s = superOf(t, loader);
				known.put(t, s);
			}
			t = s.isEmpty() ? null : s;
		}
		return false;
	}

	private static String superOf(String type, ClassLoader loader) {
		try (InputStream in = loader.getResourceAsStream(type + ".class")) {
			if (in == null) {
				return "";
			}
			String name = new ClassReader(in.readAllBytes()).getSuperName();
			return name == null ? "" : name;
		} catch (IOException | RuntimeException e) {
			return "";
		}
	}

	/**
	 * A hook replacing a call: the hook's class (of its family: {@link ThreadHooks}, {@link LockHooks},
	 * {@link SynchronizerHooks}, {@link IoHooks}, or {@link Tasks} for executors and fork-join), name and descriptor,
	 * the original's arguments plus the site.
	 */
	private static final class Hook {
		final String owner;
		final String name;
		final String descriptor;

		Hook(String owner, String name, String descriptor) {
			this.owner = owner;
			this.name = name;
			this.descriptor = descriptor;
		}

		/** A hook of {@link Tasks}. */
		static Hook task(String name, String descriptor) {
			return new Hook(TASKS, name, descriptor);
		}

		/** The hook {@code name} of a static method: its arguments, then the site. */
		static Hook ofStatic(String owner, String name, String original) {
			int close = original.indexOf(')');
			return new Hook(owner, name, original.substring(0, close) + "I" + original.substring(close));
		}

		/** The hook {@code name} of an instance method: the receiver as {@code receiver}, the arguments, the site. */
		static Hook of(String owner, String name, String receiver, String original) {
			return ofStatic(owner, name, "(" + receiver + original.substring(1));
		}
	}

	private static final String T = "Ljava/lang/Thread;";
	private static final String LOCK = "Ljava/util/concurrent/locks/Lock;";
	private static final String COND = "Ljava/util/concurrent/locks/Condition;";
	private static final String SEM = "Ljava/util/concurrent/Semaphore;";
	private static final String LATCH = "Ljava/util/concurrent/CountDownLatch;";
	private static final String BARRIER = "Ljava/util/concurrent/CyclicBarrier;";
	private static final String QUEUE = "Ljava/util/concurrent/BlockingQueue;";
	private static final String FJT = "Ljava/util/concurrent/ForkJoinTask;";
	private static final String UNIT = "Ljava/util/concurrent/TimeUnit;";
	private static final String O = "Ljava/lang/Object;";
	private static final String IN = "Ljava/io/InputStream;";
	private static final String OUT = "Ljava/io/OutputStream;";
	private static final String RAF = "Ljava/io/RandomAccessFile;";
	private static final String BUFFER = "Ljava/nio/ByteBuffer;";
	private static final String FILE_CHANNEL = "Ljava/nio/channels/FileChannel;";
	private static final String SOCKET_CHANNEL = "Ljava/nio/channels/SocketChannel;";
	private static final String PATH = "Ljava/nio/file/Path;";
	private static final String OPTIONS = "[Ljava/nio/file/OpenOption;";

	/** Hooks by method (name and descriptor), built in the static initialiser. */
	private static Map<String, Hook> hooks(Object... nameSignatureHook) {
		Map<String, Hook> map = new HashMap<>();
		for (int i = 0; i < nameSignatureHook.length; i += 2) {
			map.put((String) nameSignatureHook[i], (Hook) nameSignatureHook[i + 1]);
		}
		return Collections.unmodifiableMap(map);
	}

	/** Hooks of reads of a stream, for the stream classes whose reads may block. */
	private static final Map<String, Hook> STREAM_READS = hooks(
			"read()I", Hook.of(IO_HOOKS, "ioRead", IN, "()I"),
			"read([B)I", Hook.of(IO_HOOKS, "ioRead", IN, "([B)I"),
			"read([BII)I", Hook.of(IO_HOOKS, "ioRead", IN, "([BII)I"));

	private static final Map<String, Hook> STREAM_WRITES = hooks(
			"write(I)V", Hook.of(IO_HOOKS, "ioWrite", OUT, "(I)V"),
			"write([B)V", Hook.of(IO_HOOKS, "ioWrite", OUT, "([B)V"),
			"write([BII)V", Hook.of(IO_HOOKS, "ioWrite", OUT, "([BII)V"));

	/** Hooks for calls on an object of the given class (or a subclass, for the classes the program extends). */
	private static final Map<String, Map<String, Hook>> BY_CLASS = new HashMap<>();

	/** Hooks of static methods, by class. */
	private static final Map<String, Map<String, Hook>> STATIC = new HashMap<>();

	static {
		BY_CLASS.put("java/lang/Thread", hooks(
				"start()V", new Hook(THREAD_HOOKS, "start", "(" + T + "I)V"),
				"join()V", new Hook(THREAD_HOOKS, "join", "(" + T + "I)V"),
				"join(J)V", new Hook(THREAD_HOOKS, "join", "(" + T + "JI)V")));
		BY_CLASS.put("java/util/concurrent/Semaphore", hooks(
				"acquire()V", new Hook(SYNC_HOOKS, "acquire", "(" + SEM + "I)V"),
				"acquire(I)V", new Hook(SYNC_HOOKS, "acquire", "(" + SEM + "II)V"),
				"tryAcquire()Z", Hook.of(SYNC_HOOKS, "tryAcquire", SEM, "()Z"),
				"tryAcquire(I)Z", Hook.of(SYNC_HOOKS, "tryAcquire", SEM, "(I)Z"),
				"tryAcquire(J" + UNIT + ")Z", Hook.of(SYNC_HOOKS, "tryAcquire", SEM, "(J" + UNIT + ")Z"),
				"tryAcquire(IJ" + UNIT + ")Z", Hook.of(SYNC_HOOKS, "tryAcquire", SEM, "(IJ" + UNIT + ")Z"),
				"release()V", new Hook(SYNC_HOOKS, "release", "(" + SEM + "I)V"),
				"release(I)V", new Hook(SYNC_HOOKS, "release", "(" + SEM + "II)V")));
		BY_CLASS.put("java/util/concurrent/CountDownLatch", hooks(
				"countDown()V", new Hook(SYNC_HOOKS, "countDown", "(" + LATCH + "I)V"),
				"await()V", new Hook(SYNC_HOOKS, "await", "(" + LATCH + "I)V"),
				"await(J" + UNIT + ")Z", Hook.of(SYNC_HOOKS, "await", LATCH, "(J" + UNIT + ")Z")));
		BY_CLASS.put("java/util/concurrent/CyclicBarrier", hooks(
				"await()I", new Hook(SYNC_HOOKS, "await", "(" + BARRIER + "I)I")));
		BY_CLASS.put("java/util/concurrent/ForkJoinTask", hooks(
				"fork()" + FJT, Hook.task("fork", "(" + FJT + "I)" + FJT),
				"join()" + O, Hook.task("join", "(" + FJT + "I)" + O)));
		BY_CLASS.put("java/util/concurrent/ForkJoinPool", hooks(
				"invoke(" + FJT + ")" + O, Hook.task("invoke", "(Ljava/util/concurrent/ForkJoinPool;" + FJT + "I)" + O)));
		BY_CLASS.put("java/util/concurrent/TimeUnit", hooks(
				"sleep(J)V", Hook.of(THREAD_HOOKS, "sleep", UNIT, "(J)V")));
		// I/O that may block: file and socket streams (also when called through InputStream and OutputStream: the
		// hook times only the stream classes that may block), random access files, file and socket channels, accept
		BY_CLASS.put("java/io/InputStream", STREAM_READS);
		BY_CLASS.put("java/io/FileInputStream", STREAM_READS);
		BY_CLASS.put("java/io/OutputStream", STREAM_WRITES);
		BY_CLASS.put("java/io/FileOutputStream", STREAM_WRITES);
		BY_CLASS.put("java/io/RandomAccessFile", hooks(
				"read()I", Hook.of(IO_HOOKS, "ioRead", RAF, "()I"),
				"read([B)I", Hook.of(IO_HOOKS, "ioRead", RAF, "([B)I"),
				"read([BII)I", Hook.of(IO_HOOKS, "ioRead", RAF, "([BII)I"),
				"readFully([B)V", Hook.of(IO_HOOKS, "ioReadFully", RAF, "([B)V"),
				"readFully([BII)V", Hook.of(IO_HOOKS, "ioReadFully", RAF, "([BII)V"),
				"write(I)V", Hook.of(IO_HOOKS, "ioWrite", RAF, "(I)V"),
				"write([B)V", Hook.of(IO_HOOKS, "ioWrite", RAF, "([B)V"),
				"write([BII)V", Hook.of(IO_HOOKS, "ioWrite", RAF, "([BII)V")));
		BY_CLASS.put("java/nio/channels/FileChannel", hooks(
				"read(" + BUFFER + ")I", Hook.of(IO_HOOKS, "ioRead", FILE_CHANNEL, "(" + BUFFER + ")I"),
				"read(" + BUFFER + "J)I", Hook.of(IO_HOOKS, "ioRead", FILE_CHANNEL, "(" + BUFFER + "J)I"),
				"write(" + BUFFER + ")I", Hook.of(IO_HOOKS, "ioWrite", FILE_CHANNEL, "(" + BUFFER + ")I"),
				"write(" + BUFFER + "J)I", Hook.of(IO_HOOKS, "ioWrite", FILE_CHANNEL, "(" + BUFFER + "J)I"),
				"force(Z)V", Hook.of(IO_HOOKS, "ioForce", FILE_CHANNEL, "(Z)V")));
		BY_CLASS.put("java/nio/channels/SocketChannel", hooks(
				"read(" + BUFFER + ")I", Hook.of(IO_HOOKS, "ioRead", SOCKET_CHANNEL, "(" + BUFFER + ")I"),
				"write(" + BUFFER + ")I", Hook.of(IO_HOOKS, "ioWrite", SOCKET_CHANNEL, "(" + BUFFER + ")I")));
		BY_CLASS.put("java/net/ServerSocket", hooks(
				"accept()Ljava/net/Socket;", Hook.of(IO_HOOKS, "ioAccept", "Ljava/net/ServerSocket;", "()Ljava/net/Socket;")));
		BY_CLASS.put("java/nio/channels/ServerSocketChannel", hooks(
				"accept()" + SOCKET_CHANNEL, Hook.of(IO_HOOKS, "ioAccept", "Ljava/nio/channels/ServerSocketChannel;",
						"()" + SOCKET_CHANNEL)));

		STATIC.put("java/lang/Thread", hooks(
				"sleep(J)V", Hook.ofStatic(THREAD_HOOKS, "sleep", "(J)V"),
				"sleep(JI)V", Hook.ofStatic(THREAD_HOOKS, "sleep", "(JI)V"),
				"sleep(Ljava/time/Duration;)V", Hook.ofStatic(THREAD_HOOKS, "sleep", "(Ljava/time/Duration;)V")));
		// LockSupport's parks are recorded inside the JDK (JdkClasses, Parks), whoever calls them
		STATIC.put("java/nio/file/Files", hooks(
				"readAllBytes(" + PATH + ")[B", Hook.ofStatic(IO_HOOKS, "ioReadAllBytes", "(" + PATH + ")[B"),
				"readString(" + PATH + ")Ljava/lang/String;", Hook.ofStatic(IO_HOOKS, "ioReadString",
						"(" + PATH + ")Ljava/lang/String;"),
				"readAllLines(" + PATH + ")Ljava/util/List;", Hook.ofStatic(IO_HOOKS, "ioReadAllLines",
						"(" + PATH + ")Ljava/util/List;"),
				"write(" + PATH + "[B" + OPTIONS + ")" + PATH, Hook.ofStatic(IO_HOOKS, "ioWrite", "(" + PATH + "[B" + OPTIONS
						+ ")" + PATH),
				"writeString(" + PATH + "Ljava/lang/CharSequence;" + OPTIONS + ")" + PATH, Hook.ofStatic(IO_HOOKS,
						"ioWriteString", "(" + PATH + "Ljava/lang/CharSequence;" + OPTIONS + ")" + PATH)));
	}

	private static final Map<String, Hook> LOCKS = hooks(
			"lock()V", new Hook(LOCK_HOOKS, "lock", "(" + LOCK + "I)V"),
			"lockInterruptibly()V", new Hook(LOCK_HOOKS, "lockInterruptibly", "(" + LOCK + "I)V"),
			"tryLock()Z", new Hook(LOCK_HOOKS, "tryLock", "(" + LOCK + "I)Z"),
			"tryLock(J" + UNIT + ")Z", Hook.of(LOCK_HOOKS, "tryLock", LOCK, "(J" + UNIT + ")Z"),
			"unlock()V", new Hook(LOCK_HOOKS, "unlock", "(" + LOCK + "I)V"));

	private static final Map<String, Hook> QUEUES = hooks(
			"put(" + O + ")V", new Hook(SYNC_HOOKS, "put", "(" + QUEUE + O + "I)V"),
			"offer(" + O + ")Z", new Hook(SYNC_HOOKS, "offer", "(" + QUEUE + O + "I)Z"),
			"offer(" + O + "J" + UNIT + ")Z", Hook.of(SYNC_HOOKS, "offer", QUEUE, "(" + O + "J" + UNIT + ")Z"),
			"take()" + O, new Hook(SYNC_HOOKS, "take", "(" + QUEUE + "I)" + O),
			"poll()" + O, new Hook(SYNC_HOOKS, "poll", "(" + QUEUE + "I)" + O),
			"poll(J" + UNIT + ")" + O, Hook.of(SYNC_HOOKS, "poll", QUEUE, "(J" + UNIT + ")" + O));

	/** Hooks for calls through interfaces, whatever the receiver's class. */
	private static final Map<String, Map<String, Hook>> BY_INTERFACE = new HashMap<>();

	static {
		BY_INTERFACE.put("java/util/concurrent/locks/Lock", LOCKS);
		BY_INTERFACE.put("java/util/concurrent/locks/Condition", hooks(
				"await()V", new Hook(LOCK_HOOKS, "await", "(" + COND + "I)V"),
				"await(J" + UNIT + ")Z", new Hook(LOCK_HOOKS, "await", "(" + COND + "J" + UNIT + "I)Z"),
				"awaitNanos(J)J", new Hook(LOCK_HOOKS, "awaitNanos", "(" + COND + "JI)J"),
				"awaitUntil(Ljava/util/Date;)Z", Hook.of(LOCK_HOOKS, "awaitUntil", COND, "(Ljava/util/Date;)Z"),
				"signal()V", new Hook(LOCK_HOOKS, "signal", "(" + COND + "I)V"),
				"signalAll()V", new Hook(LOCK_HOOKS, "signalAll", "(" + COND + "I)V")));
		BY_INTERFACE.put("java/util/concurrent/BlockingQueue", QUEUES);
		BY_INTERFACE.put("java/util/concurrent/ExecutorService", hooks(
				"submit(Ljava/lang/Runnable;)Ljava/util/concurrent/Future;", Hook.task("submit",
						"(Ljava/util/concurrent/ExecutorService;Ljava/lang/Runnable;I)Ljava/util/concurrent/Future;"),
				"submit(Ljava/util/concurrent/Callable;)Ljava/util/concurrent/Future;", Hook.task("submit",
						"(Ljava/util/concurrent/ExecutorService;Ljava/util/concurrent/Callable;I)"
								+ "Ljava/util/concurrent/Future;"),
				"execute(Ljava/lang/Runnable;)V", Hook.task("execute",
						"(Ljava/util/concurrent/Executor;Ljava/lang/Runnable;I)V")));
		BY_INTERFACE.put("java/util/concurrent/Executor", hooks(
				"execute(Ljava/lang/Runnable;)V", Hook.task("execute",
						"(Ljava/util/concurrent/Executor;Ljava/lang/Runnable;I)V")));
		BY_INTERFACE.put("java/util/concurrent/Future", hooks(
				"get()" + O, Hook.task("get", "(Ljava/util/concurrent/Future;I)" + O)));
	}

	/** Classes whose construction the hooks see: semaphores (initial permits) and bounded queues. */
	private static final Map<String, String> CREATED = new HashMap<>();

	static {
		CREATED.put("java/util/concurrent/Semaphore", "semaphoreCreated(" + SEM + ")V");
		CREATED.put("java/util/concurrent/ArrayBlockingQueue", "queueCreated(" + QUEUE + ")V");
		CREATED.put("java/util/concurrent/LinkedBlockingQueue", "queueCreated(" + QUEUE + ")V");
		CREATED.put("java/util/concurrent/LinkedBlockingDeque", "queueCreated(" + QUEUE + ")V");
	}

	/** Concrete classes whose lock and queue methods are hooked when called on them directly. */
	private static final Set<String> CONCRETE_LOCKS = new HashSet<>(Arrays.asList(
			"java/util/concurrent/locks/ReentrantLock",
			"java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock",
			"java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock"));
	private static final Set<String> CONCRETE_QUEUES = new HashSet<>(Arrays.asList(
			"java/util/concurrent/ArrayBlockingQueue", "java/util/concurrent/LinkedBlockingQueue",
			"java/util/concurrent/LinkedBlockingDeque", "java/util/concurrent/SynchronousQueue",
			"java/util/concurrent/PriorityBlockingQueue"));

	/** The hook of a call of Object's wait, notify or notifyAll, or null. */
	private static String objectMethod(String signature) {
		switch (signature) {
		case "wait()V":
		case "wait(J)V":
		case "wait(JI)V":
			return "wait";
		case "notify()V":
			return "notify";
		case "notifyAll()V":
			return "notifyAll";
		default:
			return null;
		}
	}

	private final class Rewriter extends ClassVisitor {
		private final ClassLoader loader;
		private String name;
		private String superName;
		private String source = "?";
		private boolean thread;
		private boolean forkJoin;
		boolean changed;

		Rewriter(ClassVisitor next, ClassLoader loader) {
			super(Opcodes.ASM9, next);
			this.loader = loader;
		}

		@Override
		public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
			this.name = name;
			this.superName = superName;
			thread = superName != null && !superName.equals("java/lang/Object")
					&& extendsClass(superName, "java/lang/Thread", loader);
			forkJoin = superName != null && !superName.equals("java/lang/Object")
					&& extendsClass(superName, "java/util/concurrent/ForkJoinTask", loader);
			super.visit(version, access, name, signature, superName, interfaces);
		}

		@Override
		public void visitSource(String file, String debug) {
			if (file != null) {
				source = file;
			}
			super.visitSource(file, debug);
		}

		@Override
		public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
				String[] exceptions) {
			MethodVisitor next = super.visitMethod(access, method, descriptor, signature, exceptions);
			if (next == null || (access & Opcodes.ACC_ABSTRACT) != 0 || (access & Opcodes.ACC_NATIVE) != 0) {
				return next;
			}
			String mark = null;
			if (thread && method.equals("run") && descriptor.equals("()V")) {
				mark = "thread";
			} else if (forkJoin && method.equals("compute") && descriptor.startsWith("()")) {
				mark = "compute";
			} else if (method.equals("main") && descriptor.equals("([Ljava/lang/String;)V")
					&& (access & Opcodes.ACC_STATIC) != 0) {
				mark = "main";
			}
			return new MethodRewriter(next, this, access, mark, method.equals("<init>"));
		}
	}

	private final class MethodRewriter extends MethodVisitor {
		private final Rewriter owner;
		private final boolean synchronizedMethod;
		private final boolean staticMethod;
		private final String mark;
		private final boolean constructor;
		private int line;

		MethodRewriter(MethodVisitor next, Rewriter owner, int access, String mark, boolean constructor) {
			super(Opcodes.ASM9, next);
			this.owner = owner;
			this.constructor = constructor;
			this.synchronizedMethod = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
			this.staticMethod = (access & Opcodes.ACC_STATIC) != 0;
			this.mark = mark;
		}

		@Override
		public void visitCode() {
			super.visitCode();
			if ("thread".equals(mark)) {
				super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD_HOOKS, "threadBegin", "()V", false);
				owner.changed = true;
			} else if ("compute".equals(mark)) {
				super.visitVarInsn(Opcodes.ALOAD, 0);
				super.visitMethodInsn(Opcodes.INVOKESTATIC, TASKS, "computeBegin", "(" + O + ")V", false);
				owner.changed = true;
			}
			if (synchronizedMethod) {
				pushMonitor();
				site();
				super.visitMethodInsn(Opcodes.INVOKESTATIC, LOCK_HOOKS, "locked", "(" + O + "I)V", false);
				owner.changed = true;
			}
		}

		@Override
		public void visitLineNumber(int number, Label start) {
			line = number;
			super.visitLineNumber(number, start);
		}

		private void site() {
			super.visitLdcInsn(Hooks.site(owner.source, line));
		}

		private void pushMonitor() {
			if (staticMethod) {
				super.visitLdcInsn(org.objectweb.asm.Type.getObjectType(owner.name));
			} else {
				super.visitVarInsn(Opcodes.ALOAD, 0);
			}
		}

		@Override
		public void visitInsn(int opcode) {
			switch (opcode) {
			case Opcodes.MONITORENTER:
				super.visitInsn(Opcodes.DUP);
				super.visitInsn(Opcodes.MONITORENTER);
				site();
				super.visitMethodInsn(Opcodes.INVOKESTATIC, LOCK_HOOKS, "locked", "(" + O + "I)V", false);
				owner.changed = true;
				return;
			case Opcodes.MONITOREXIT:
				super.visitInsn(Opcodes.DUP);
				site();
				super.visitMethodInsn(Opcodes.INVOKESTATIC, LOCK_HOOKS, "unlocking", "(" + O + "I)V", false);
				owner.changed = true;
				break;
			case Opcodes.RETURN:
			case Opcodes.IRETURN:
			case Opcodes.LRETURN:
			case Opcodes.FRETURN:
			case Opcodes.DRETURN:
			case Opcodes.ARETURN:
				if (synchronizedMethod) {
					pushMonitor();
					site();
					super.visitMethodInsn(Opcodes.INVOKESTATIC, LOCK_HOOKS, "unlocking", "(" + O + "I)V", false);
				}
				if ("thread".equals(mark)) {
					super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD_HOOKS, "threadEnd", "()V", false);
				} else if ("compute".equals(mark)) {
					super.visitVarInsn(Opcodes.ALOAD, 0);
					super.visitMethodInsn(Opcodes.INVOKESTATIC, TASKS, "computeEnd", "(" + O + ")V", false);
				} else if ("main".equals(mark)) {
					super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD_HOOKS, "mainEnd", "()V", false);
					owner.changed = true;
				}
				break;
			default:
				// not synchronisation
			}
			super.visitInsn(opcode);
		}

		@Override
		public void visitMethodInsn(int opcode, String type, String method, String descriptor, boolean isInterface) {
			if (opcode == Opcodes.INVOKESPECIAL && method.equals("<init>")) {
				if (type.equals("java/lang/Thread") && wrapsRunnable(descriptor)) {
					return;
				}
				super.visitMethodInsn(opcode, type, method, descriptor, isInterface);
				String created = CREATED.get(type);
				if (created != null && !(constructor && type.equals(owner.superName))) {
					// new X; dup; ...; invokespecial <init> leaves the object built on the stack: the hook gets a copy
					super.visitInsn(Opcodes.DUP);
					int paren = created.indexOf('(');
					super.visitMethodInsn(Opcodes.INVOKESTATIC, SYNC_HOOKS, created.substring(0, paren), created.substring(paren),
							false);
					owner.changed = true;
				}
				return;
			}
			Hook hook = hook(opcode, type, method + descriptor);
			if (hook != null) {
				site();
				super.visitMethodInsn(Opcodes.INVOKESTATIC, hook.owner, hook.name, hook.descriptor, false);
				owner.changed = true;
				return;
			}
			String object = opcode == Opcodes.INVOKEVIRTUAL ? objectMethod(method + descriptor) : null;
			if (object != null) {
				site();
				super.visitMethodInsn(Opcodes.INVOKESTATIC, LOCK_HOOKS, object, Hook.of(LOCK_HOOKS, object, O, descriptor).descriptor,
						false);
				owner.changed = true;
				return;
			}
			super.visitMethodInsn(opcode, type, method, descriptor, isInterface);
		}

		/** {@code new Thread(r)} or {@code new Thread(r, name)}: r wrapped by {@link ThreadHooks#task(Runnable)}. */
		private boolean wrapsRunnable(String descriptor) {
			String task = "(Ljava/lang/Runnable;)Ljava/lang/Runnable;";
			if (descriptor.equals("(Ljava/lang/Runnable;)V")) {
				super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD_HOOKS, "task", task, false);
			} else if (descriptor.equals("(Ljava/lang/Runnable;Ljava/lang/String;)V")) {
				super.visitInsn(Opcodes.SWAP);
				super.visitMethodInsn(Opcodes.INVOKESTATIC, THREAD_HOOKS, "task", task, false);
				super.visitInsn(Opcodes.SWAP);
			} else {
				return false;
			}
			super.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Thread", "<init>", descriptor, false);
			owner.changed = true;
			return true;
		}

		private Hook hook(int opcode, String type, String signature) {
			if (opcode == Opcodes.INVOKESTATIC) {
				Map<String, Hook> hooks = STATIC.get(type);
				if (hooks == null && signature.startsWith("sleep(") && !excluded(type)
						&& extendsClass(type, "java/lang/Thread", owner.loader)) {
					// sleep(n) in a Thread subclass names the subclass
					hooks = STATIC.get("java/lang/Thread");
				}
				return hooks == null ? null : hooks.get(signature);
			}
			if (opcode == Opcodes.INVOKEINTERFACE) {
				Map<String, Hook> hooks = BY_INTERFACE.get(type);
				return hooks == null ? null : hooks.get(signature);
			}
			if (opcode != Opcodes.INVOKEVIRTUAL) {
				return null;
			}
			if (CONCRETE_LOCKS.contains(type)) {
				return LOCKS.get(signature);
			}
			if (CONCRETE_QUEUES.contains(type)) {
				return QUEUES.get(signature);
			}
			Map<String, Hook> hooks = BY_CLASS.get(type);
			if (hooks != null) {
				return hooks.get(signature);
			}
			for (Map.Entry<String, Map<String, Hook>> e : BY_CLASS.entrySet()) {
				Hook h = e.getValue().get(signature);
				if (h != null && !excluded(type) && extendsClass(type, e.getKey(), owner.loader)) {
					return h;
				}
			}
			return null;
		}
	}
}
