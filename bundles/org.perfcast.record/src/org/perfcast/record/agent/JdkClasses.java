package org.perfcast.record.agent;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The few JDK classes the recorder changes, so that it sees what happens inside the JDK and inside libraries
 * alike: {@code Thread} (and {@code VirtualThread}) call {@link Threads} when a thread starts and when it ends,
 * {@code LockSupport} calls {@link Parks} when a thread parks, returns from a park and unparks another, and a virtual
 * thread tells {@link Threads} when it mounts and unmounts (its CPU clock is its carriers' while it is mounted). Only calls
 * at a method's entry and before its returns are added (no branch, no handler, no local), so that the classes can
 * be retransformed once loaded. The JDK's classes can call the agent because the agent jar is on the boot class
 * path ({@code Boot-Class-Path}) and {@code java.base} is made to read its module.
 * <p>
 * Runs in the recorded program's JVM, any Java from 11 up: Java 11's language and API only.
 */
final class JdkClasses {

	static final String THREAD = "java/lang/Thread";
	static final String VIRTUAL_THREAD = "java/lang/VirtualThread";
	static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";

	private static final Set<String> CLASSES = new HashSet<>(Arrays.asList(THREAD, VIRTUAL_THREAD, LOCK_SUPPORT));
	private static final String THREADS = Threads.class.getName().replace('.', '/');
	private static final String PARKS = Parks.class.getName().replace('.', '/');

	private JdkClasses() {
	}

	static boolean changes(String className) {
		return CLASSES.contains(className);
	}

	/**
	 * Lets {@code java.base} call the agent and changes the JDK classes already loaded; false, saying why, if the
	 * agent is not on the boot class path (the threads and parks of the JDK are then not recorded).
	 */
	static boolean install(Instrumentation instrumentation) {
		if (JdkClasses.class.getClassLoader() != null) {
			System.err.println("perfcast recorder: the agent is not on the boot class path (no Boot-Class-Path in its "
					+ "jar): threads started and parks made inside the JDK are not recorded");
			return false;
		}
		Module base = Object.class.getModule();
		instrumentation.redefineModule(base, Set.of(JdkClasses.class.getModule()), Map.of(), Map.of(), Set.of(),
				Map.of());
		List<Class<?>> loaded = new ArrayList<>();
		try {
			for (String name : CLASSES) {
				Class<?> type;
				try {
					type = Class.forName(name.replace('/', '.'), false, null);
				} catch (ClassNotFoundException e) {
					continue; // no virtual threads before Java 19
				}
				loaded.add(type);
			}
			instrumentation.retransformClasses(loaded.toArray(new Class<?>[0]));
		} catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
			System.err.println("perfcast recorder: cannot change the JDK's " + loaded + " (" + e
					+ "): threads started and parks made inside the JDK are not recorded");
			return false;
		}
		return true;
	}

	/** The class file of JDK class {@code className} with its hooks. */
	static byte[] transform(String className, byte[] bytes) {
		ClassReader reader = new ClassReader(bytes);
		ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
		reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
			@Override
			public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
					String[] exceptions) {
				MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
				if (next == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
					return next;
				}
				boolean instance = (access & Opcodes.ACC_STATIC) == 0;
				if (className.equals(LOCK_SUPPORT) && !instance) {
					return lockSupport(next, name, descriptor);
				}
				if (instance && name.equals("start") && descriptor.endsWith(")V")) {
					return atEntry(next, THREADS, "starting");
				}
				if (instance && className.equals(VIRTUAL_THREAD) && descriptor.equals("()V")
						&& (name.equals("mount") || name.equals("unmount"))) {
					return name.equals("mount") ? atEntry(next, THREADS, "mounting")
							: beforeReturn(next, THREADS, "unmounted");
				}
				if (instance && (name.equals("exit") && descriptor.equals("()V") && className.equals(THREAD)
						|| (name.equals("afterDone") || name.equals("afterTerminate"))
								&& className.equals(VIRTUAL_THREAD))) {
					return atEntry(next, THREADS, "exiting");
				}
				return next;
			}
		}, 0);
		return writer.toByteArray();
	}

	/** {@code hook(this)} at the method's entry. */
	private static MethodVisitor atEntry(MethodVisitor next, String owner, String hook) {
		return new MethodVisitor(Opcodes.ASM9, next) {
			@Override
			public void visitCode() {
				super.visitCode();
				super.visitVarInsn(Opcodes.ALOAD, 0);
				super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, hook, "(L" + THREAD + ";)V", false);
			}
		};
	}

	/** {@code hook(this)} before each return of the method. */
	private static MethodVisitor beforeReturn(MethodVisitor next, String owner, String hook) {
		return new MethodVisitor(Opcodes.ASM9, next) {
			@Override
			public void visitInsn(int opcode) {
				if (opcode == Opcodes.RETURN) {
					super.visitVarInsn(Opcodes.ALOAD, 0);
					super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, hook, "(L" + THREAD + ";)V", false);
				}
				super.visitInsn(opcode);
			}
		};
	}

	/** LockSupport's park methods: a hook at the entry (with the timeout) and before each return; unpark's. */
	private static MethodVisitor lockSupport(MethodVisitor next, String name, String descriptor) {
		if (name.equals("unpark") && descriptor.equals("(L" + THREAD + ";)V")) {
			return atEntry(next, PARKS, "unpark");
		}
		String entry;
		int timeout; // the local of the timeout, or -1
		switch (name + descriptor) {
		case "park()V":
		case "park(Ljava/lang/Object;)V":
			entry = "park";
			timeout = -1;
			break;
		case "parkNanos(J)V":
		case "parkUntil(J)V":
			entry = name;
			timeout = 0;
			break;
		case "parkNanos(Ljava/lang/Object;J)V":
		case "parkUntil(Ljava/lang/Object;J)V":
			entry = name;
			timeout = 1;
			break;
		default:
			return next;
		}
		return new MethodVisitor(Opcodes.ASM9, next) {
			@Override
			public void visitCode() {
				super.visitCode();
				if (timeout >= 0) {
					super.visitVarInsn(Opcodes.LLOAD, timeout);
					super.visitMethodInsn(Opcodes.INVOKESTATIC, PARKS, entry, "(J)V", false);
				} else {
					super.visitMethodInsn(Opcodes.INVOKESTATIC, PARKS, entry, "()V", false);
				}
			}

			@Override
			public void visitInsn(int opcode) {
				if (opcode == Opcodes.RETURN) {
					super.visitMethodInsn(Opcodes.INVOKESTATIC, PARKS, "parked", "()V", false);
				}
				super.visitInsn(opcode);
			}
		};
	}
}
