import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;

/**
 * Small writes to a file, which do not block (they go to the page cache): what the Java recorder's I/O hooks cost
 * when there is nothing to record. Usage: java FileWrites [writes]
 */
public class FileWrites {
	public static void main(String[] args) throws IOException {
		int writes = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
		File file = File.createTempFile("perfcast-writes", ".bin");
		file.deleteOnExit();
		byte[] small = new byte[16];
		long start;
		try (FileOutputStream out = new FileOutputStream(file)) {
			start = System.nanoTime();
			for (int i = 0; i < writes; i++) {
				out.write(small);
			}
		}
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
