package org.perfcast.diagram.tests;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.eclipse.glsp.server.protocol.GLSPServer;
import org.perfcast.diagram.glsp.JsonRpc;

import com.google.inject.Injector;

/**
 * For tests only: the diagram page and a GLSP server on one loopback port, the page over HTTP from the diagram
 * bundle's {@code web/} folder and the server's JSON-RPC over a websocket at {@code /glsp} (a minimal RFC 6455:
 * text frames, one client at a time). The IDE connects the page through the Browser bridge instead.
 */
final class TestWebServer implements AutoCloseable {

	private static final String GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

	private final ServerSocket socket;
	private final Injector injector;
	private final Class<?> webOwner;
	private final Thread acceptor;

	TestWebServer(Injector injector, Class<?> webOwner) throws IOException {
		this.injector = injector;
		this.webOwner = webOwner;
		// the server's classes start log4j, whose lookup of a provider deadlocks under OSGi when it first happens
		// on another thread than the framework's: done here, on the caller's
		injector.getInstance(GLSPServer.class);
		socket = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
		acceptor = new Thread(this::accept, "test-web-server");
		acceptor.setDaemon(true);
		acceptor.start();
	}

	int port() {
		return socket.getLocalPort();
	}

	private void accept() {
		while (!socket.isClosed()) {
			try {
				Socket client = socket.accept();
				Thread t = new Thread(() -> serve(client), "test-web-client");
				t.setDaemon(true);
				t.start();
			} catch (IOException e) {
				return;
			}
		}
	}

	private void serve(Socket client) {
		try (client) {
			InputStream in = client.getInputStream();
			OutputStream out = client.getOutputStream();
			String request = readLine(in);
			Map<String, String> headers = new HashMap<>();
			for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
				int colon = line.indexOf(':');
				if (colon > 0) {
					headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
				}
			}
			String path = request.split(" ")[1];
			if ("websocket".equalsIgnoreCase(headers.get("upgrade")) && path.startsWith("/glsp")) {
				websocket(headers.get("sec-websocket-key"), in, out);
				return;
			}
			String name = path.substring(1).replaceFirst("\\?.*$", "");
			InputStream file = name.contains("..") || name.isEmpty() ? null : webOwner.getResourceAsStream("/web/" + name);
			if (file == null) {
				out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
						.getBytes(StandardCharsets.US_ASCII));
				return;
			}
			byte[] body;
			try (file) {
				body = file.readAllBytes();
			}
			String type = name.endsWith(".html") ? "text/html; charset=utf-8" : name.endsWith(".js")
					? "text/javascript" : name.endsWith(".css") ? "text/css" : "application/octet-stream";
			out.write(("HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + body.length
					+ "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
			out.write(body);
			out.flush();
		} catch (IOException e) {
			// the client went away
		} catch (RuntimeException | Error e) {
			failure = e;
		}
	}

	/** The first error of the server side, for the test to report. */
	volatile Throwable failure;

	/** Upgrades to a websocket and connects it to a GLSP server as lsp4j JSON-RPC. */
	private void websocket(String key, InputStream in, OutputStream out) throws IOException {
		String accept;
		try {
			accept = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-1")
					.digest((key + GUID).getBytes(StandardCharsets.US_ASCII)));
		} catch (NoSuchAlgorithmException e) {
			throw new IOException(e);
		}
		out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
				+ "Sec-WebSocket-Accept: " + accept + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
		out.flush();
		JsonRpc rpc = new JsonRpc(injector, text -> send(out, text));
		DataInputStream frames = new DataInputStream(in);
		ByteArrayOutputStream message = new ByteArrayOutputStream();
		while (true) {
			int first = frames.read();
			if (first < 0) {
				return;
			}
			int second = frames.readUnsignedByte();
			int opcode = first & 0x0f;
			long length = second & 0x7f;
			if (length == 126) {
				length = frames.readUnsignedShort();
			} else if (length == 127) {
				length = frames.readLong();
			}
			byte[] mask = new byte[4];
			if ((second & 0x80) != 0) {
				frames.readFully(mask);
			}
			byte[] payload = new byte[(int) length];
			frames.readFully(payload);
			for (int i = 0; i < payload.length; i++) {
				payload[i] ^= mask[i % 4];
			}
			if (opcode == 8) {
				return;
			}
			if (opcode == 9) {
				frame(out, 0xA, payload);
				continue;
			}
			if (opcode == 1 || opcode == 0) {
				message.write(payload);
				if ((first & 0x80) != 0) {
					String text = message.toString(StandardCharsets.UTF_8);
					message.reset();
					rpc.receive(text);
				}
			}
		}
	}

	private static void send(OutputStream out, String text) {
		try {
			frame(out, 1, text.getBytes(StandardCharsets.UTF_8));
		} catch (IOException e) {
			// the page went away
		}
	}

	private static void frame(OutputStream out, int opcode, byte[] payload) throws IOException {
		synchronized (out) {
			out.write(0x80 | opcode);
			if (payload.length < 126) {
				out.write(payload.length);
			} else if (payload.length < 65536) {
				out.write(126);
				out.write(payload.length >>> 8);
				out.write(payload.length & 0xff);
			} else {
				out.write(127);
				for (int shift = 56; shift >= 0; shift -= 8) {
					out.write((int) ((long) payload.length >>> shift) & 0xff);
				}
			}
			out.write(payload);
			out.flush();
		}
	}

	private static String readLine(InputStream in) throws IOException {
		StringBuilder line = new StringBuilder();
		for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
			if (c != '\r') {
				line.append((char) c);
			}
		}
		return line.toString();
	}

	@Override
	public void close() throws IOException {
		socket.close();
	}
}
