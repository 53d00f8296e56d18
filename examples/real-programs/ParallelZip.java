import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;

import org.apache.commons.compress.archivers.zip.ParallelScatterZipCreator;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;

/**
 * Zips a file cut into parts with Apache Commons Compress's {@link ParallelScatterZipCreator}, whose own thread
 * pool deflates the entries; none of the concurrency is written here.
 * <p>
 * {@code java -cp commons-compress.jar:commons-io.jar:commons-lang3.jar:commons-codec.jar:. ParallelZip FILE [PART_KIB]}
 * writes {@code FILE.zip} with FILE's bytes as entries {@code part-0000.txt}, ... of PART_KIB KiB (default 1024).
 * <p>
 * The library creates a fixed pool of {@code Runtime.availableProcessors()} threads; each
 * {@code addArchiveEntry} submits a task ({@code ExecutorService.submit}) that deflates one entry into the pool
 * thread's own scatter stream (a temporary file); {@code writeTo} waits for every task ({@code Future.get}), shuts
 * the pool down and copies the scatter streams into the zip in order, on the calling thread.
 */
public final class ParallelZip {

	public static void main(String[] args) throws Exception {
		if (args.length < 1 || args.length > 2) {
			System.err.println("usage: ParallelZip FILE [PART_KIB]   (writes FILE.zip)");
			System.exit(2);
		}
		Path file = Path.of(args[0]);
		int part = (args.length > 1 ? Integer.parseInt(args[1]) : 1024) * 1024;
		byte[] data = Files.readAllBytes(file);
		ParallelScatterZipCreator creator = new ParallelScatterZipCreator();
		int parts = 0;
		for (int offset = 0; offset < data.length; offset += part) {
			ZipArchiveEntry entry = new ZipArchiveEntry(String.format("part-%04d.txt", parts++));
			entry.setMethod(ZipEntry.DEFLATED);
			int from = offset;
			int length = Math.min(part, data.length - offset);
			creator.addArchiveEntry(entry, () -> new ByteArrayInputStream(data, from, length));
		}
		Path zip = Path.of(file + ".zip");
		try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(zip)) {
			creator.writeTo(out);
		}
		System.out.println("ParallelZip: " + parts + " entries, " + data.length + " -> " + Files.size(zip) + " bytes on "
				+ Runtime.getRuntime().availableProcessors() + " threads; " + creator.getStatisticsMessage());
	}
}
