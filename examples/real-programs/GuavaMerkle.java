import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;

import com.google.common.hash.HashCode;
import com.google.common.hash.Hashing;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.ListeningExecutorService;
import com.google.common.util.concurrent.MoreExecutors;

/**
 * A Merkle tree of a file's SHA-256 hashes on Guava's futures: the file's parts are hashed by tasks on a
 * {@link ListeningExecutorService} (Guava's {@code MoreExecutors.listeningDecorator} of a fixed pool), each pair
 * of hashes of a level is combined when both are done ({@code Futures.whenAllSucceed(...).call(..., pool)}), and
 * the root is turned into text by a listener run inline ({@code Futures.transform(..., directExecutor())}); the
 * main thread reads the file first and waits for the root ({@code get}). None of the concurrency is written here.
 * <p>
 * {@code java -cp GUAVA-JARS:. GuavaMerkle FILE [THREADS] [ROUNDS]}: THREADS (default 2) pool threads, each
 * part of 256 KiB hashed ROUNDS times (default 8).
 */
public final class GuavaMerkle {

	public static void main(String[] args) throws Exception {
		if (args.length < 1 || args.length > 3) {
			System.err.println("usage: GuavaMerkle FILE [THREADS] [ROUNDS]");
			System.exit(2);
		}
		byte[] data = Files.readAllBytes(Path.of(args[0]));
		int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
		int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 8;
		ListeningExecutorService pool = MoreExecutors.listeningDecorator(Executors.newFixedThreadPool(threads));
		int part = 256 * 1024;
		List<ListenableFuture<HashCode>> level = new ArrayList<>();
		for (int offset = 0; offset < data.length; offset += part) {
			int from = offset;
			int length = Math.min(part, data.length - offset);
			level.add(pool.submit(() -> {
				HashCode hash = Hashing.sha256().hashBytes(data, from, length);
				for (int r = 1; r < rounds; r++) {
					hash = Hashing.sha256().newHasher().putBytes(hash.asBytes()).putBytes(data, from, length).hash();
				}
				return hash;
			}));
		}
		while (level.size() > 1) {
			List<ListenableFuture<HashCode>> up = new ArrayList<>();
			for (int i = 0; i < level.size(); i += 2) {
				if (i + 1 == level.size()) {
					up.add(level.get(i));
					continue;
				}
				ListenableFuture<HashCode> left = level.get(i);
				ListenableFuture<HashCode> right = level.get(i + 1);
				up.add(Futures.whenAllSucceed(left, right).call(() -> Hashing.sha256().newHasher()
						.putBytes(Futures.getDone(left).asBytes()).putBytes(Futures.getDone(right).asBytes()).hash(), pool));
			}
			level = up;
		}
		ListenableFuture<String> root = Futures.transform(level.get(0), HashCode::toString, MoreExecutors.directExecutor());
		System.out.println("GuavaMerkle: " + data.length + " bytes, " + threads + " threads, root " + root.get());
		pool.shutdown();
	}
}
