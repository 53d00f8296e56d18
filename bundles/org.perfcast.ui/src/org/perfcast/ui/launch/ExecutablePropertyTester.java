package org.perfcast.ui.launch;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.eclipse.core.expressions.PropertyTester;
import org.eclipse.core.resources.IFile;

/** {@code org.perfcast.ui.executable}: an executable ELF file, a program the pthreads recorder can record. */
public final class ExecutablePropertyTester extends PropertyTester {

	private static final byte[] ELF = { 0x7f, 'E', 'L', 'F' };

	@Override
	public boolean test(Object receiver, String property, Object[] args, Object expectedValue) {
		return receiver instanceof IFile file && isExecutable(file);
	}

	/** Whether {@code file} is an executable ELF file on the local file system. */
	public static boolean isExecutable(IFile file) {
		if (file.getLocation() == null) {
			return false;
		}
		Path path = file.getLocation().toPath();
		if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
			return false;
		}
		try (InputStream in = Files.newInputStream(path)) {
			return Arrays.equals(in.readNBytes(4), ELF);
		} catch (IOException e) {
			return false;
		}
	}
}
