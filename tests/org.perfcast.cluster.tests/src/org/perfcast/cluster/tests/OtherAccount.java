package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.perfcast.engine.PrivateFiles;

/**
 * The second local account the attack tests act as: {@code perfcast-other}, uid 4001 ({@code .ci/run} adds it), run
 * through {@code setpriv} by tests that run as root. A missing precondition fails the test and says what is missing.
 */
final class OtherAccount {

	static final int UID = 4001;
	static final String NAME = "perfcast-other";

	private OtherAccount() {
	}

	/** Fails unless this runs as root, the account exists with uid 4001 and setpriv is installed. */
	static void require() {
		if (PrivateFiles.uid() != 0) {
			fail("the attack tests act as a second account (setpriv --reuid " + UID + ") and need root; they run as uid "
					+ PrivateFiles.uid());
		}
		LocalSlurm.Result entry = LocalSlurm.exec(List.of("getent", "passwd", NAME));
		if (entry.exitCode() != 0 || !entry.output().split(":")[2].equals(Integer.toString(UID))) {
			fail("the attack tests need the account " + NAME + " with uid " + UID + " (" + entry.output().strip()
					+ "): useradd --uid 4001 --user-group --no-create-home --home-dir /nonexistent --shell"
					+ " /usr/sbin/nologin perfcast-other");
		}
		if (!Files.isExecutable(Path.of("/usr/bin/setpriv"))) {
			fail("the attack tests act as " + NAME + " with setpriv, which is missing: apt-get install util-linux");
		}
	}

	/** {@code command} as the other account. */
	static List<String> as(List<String> command) {
		List<String> argv = new ArrayList<>(List.of("setpriv", "--reuid", Integer.toString(UID), "--regid",
				Integer.toString(UID), "--clear-groups", "--"));
		argv.addAll(command);
		return argv;
	}

	/** A process of the other account that listens on a Unix socket and tells each connection it receives. */
	static final class Listener implements AutoCloseable {
		private final Process process;
		private final List<String> lines = new CopyOnWriteArrayList<>();
		private final Path socket;

		private Listener(Process process, Path socket) {
			this.process = process;
			this.socket = socket;
		}

		/** Starts listening at {@code socket} as the other account (its folder must let that account write). */
		static Listener at(Path socket) throws IOException, InterruptedException {
			Path dir = Files.createTempDirectory("perfcast-attacker");
			Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
			Path source = dir.resolve("Plant.java");
			Files.writeString(source, """
					import java.net.StandardProtocolFamily;
					import java.net.UnixDomainSocketAddress;
					import java.nio.channels.ServerSocketChannel;
					import java.nio.channels.SocketChannel;

					public class Plant {
						public static void main(String[] args) throws Exception {
							ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
							server.bind(UnixDomainSocketAddress.of(args[0]));
							System.out.println("listening uid=" + new com.sun.security.auth.module.UnixSystem().getUid());
							System.out.flush();
							while (true) {
								SocketChannel client = server.accept();
								System.out.println("connected");
								System.out.flush();
								client.close();
							}
						}
					}
					""");
			Files.setPosixFilePermissions(source, PosixFilePermissions.fromString("rw-r--r--"));
			String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
			Process process = new ProcessBuilder(as(List.of(java, source.toString(), socket.toString())))
					.redirectErrorStream(true).start();
			Listener listener = new Listener(process, socket);
			Thread.ofPlatform().daemon().start(() -> {
				try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
						StandardCharsets.UTF_8))) {
					for (String line; (line = in.readLine()) != null;) {
						listener.lines.add(line);
					}
				} catch (IOException e) {
					listener.lines.add(e.toString());
				}
			});
			for (int i = 0; i < 300 && listener.lines.stream().noneMatch(l -> l.startsWith("listening")); i++) {
				if (!process.isAlive()) {
					break;
				}
				Thread.sleep(50);
			}
			if (listener.lines.stream().noneMatch(l -> l.equals("listening uid=" + UID))) {
				listener.close();
				fail("the other account's listener did not start at " + socket + ": " + listener.lines);
			}
			return listener;
		}

		/** How many connections it received. */
		long connections() {
			return lines.stream().filter(l -> l.equals("connected")).count();
		}

		@Override
		public void close() throws InterruptedException, IOException {
			process.destroy();
			process.waitFor(10, TimeUnit.SECONDS);
			Files.deleteIfExists(socket);
		}
	}
}
