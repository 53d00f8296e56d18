import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;

import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import com.lmax.disruptor.util.DaemonThreadFactory;

/**
 * Checksums a file's lines through an LMAX Disruptor ring buffer: the main thread reads the lines and publishes
 * them ({@code RingBuffer.publishEvent}, one producer), two handlers each checksum every other line ROUNDS times
 * (CRC32), and a third handler that runs after both ({@code handleEventsWith(a, b).then(total)}) adds the
 * results in order; the handlers' threads are the Disruptor's, waiting with its {@link BlockingWaitStrategy}
 * (a lock and condition). The serial reader and the serial total bound the speed-up. None of the concurrency
 * is written here.
 * <p>
 * {@code java -cp DISRUPTOR-JAR:. DisruptorLines FILE [ROUNDS]} (default 24).
 */
public final class DisruptorLines {

	/** One slot of the ring. */
	static final class Line {
		String text;
		long checksum;
	}

	public static void main(String[] args) throws Exception {
		if (args.length < 1 || args.length > 2) {
			System.err.println("usage: DisruptorLines FILE [ROUNDS]");
			System.exit(2);
		}
		int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 24;
		Disruptor<Line> disruptor = new Disruptor<>(Line::new, 4096, DaemonThreadFactory.INSTANCE, ProducerType.SINGLE,
				new BlockingWaitStrategy());
		long[] total = new long[2];
		EventHandler<Line> even = (line, sequence, endOfBatch) -> checksum(line, sequence, 0, rounds);
		EventHandler<Line> odd = (line, sequence, endOfBatch) -> checksum(line, sequence, 1, rounds);
		EventHandler<Line> sum = (line, sequence, endOfBatch) -> {
			total[0] += line.checksum;
			total[1]++;
			for (int i = 0; i < 40; i++) {
				total[0] = total[0] * 31 + line.text.hashCode();
			}
		};
		disruptor.handleEventsWith(even, odd).then(sum);
		var ring = disruptor.start();
		long lines = 0;
		try (BufferedReader in = Files.newBufferedReader(Path.of(args[0]))) {
			for (String text; (text = in.readLine()) != null; lines++) {
				ring.publishEvent((line, sequence, t) -> line.text = t, text);
			}
		}
		disruptor.shutdown();
		System.out.println("DisruptorLines: " + lines + " lines, " + total[1] + " summed, total " + total[0]);
	}

	private static void checksum(Line line, long sequence, int parity, int rounds) {
		if ((sequence & 1) != parity) {
			return;
		}
		byte[] bytes = line.text.getBytes();
		CRC32 crc = new CRC32();
		long value = 0;
		for (int r = 0; r < rounds; r++) {
			crc.update(bytes);
			value = value * 31 + crc.getValue() + bytes[r % bytes.length];
		}
		line.checksum = value;
	}
}
