package org.perfcast.record;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.perfcast.engine.NativeTools;

/**
 * Turns the code addresses the pthreads recorder writes ({@code at=@N+0xOFFSET}, module N listed as
 * {@code # module N PATH}) into source locations with {@code addr2line} (binutils): {@code at=/path/file.c:42} when
 * the module has debug information ({@code -g}), else {@code at=function}; an address nothing is known of loses its
 * {@code at=}. Of an address's inlined frames, and of the frames a call through the C++ runtime lists
 * ({@code at=@N+0xA,@M+0xB}, the caller first), the first in the program's own sources wins over code from the
 * system's headers.
 */
public final class SourceLines {

	// module numbers fit an int and offsets a long: longer ones are not the recorder's and are left as they are
	private static final Pattern MODULE = Pattern.compile("^# module (\\d{1,9}) (.+)$");
	private static final Pattern ADDRESS = Pattern.compile(
			" at=(@\\d{1,9}\\+0x[0-9a-f]{1,16}(?:,@\\d{1,9}\\+0x[0-9a-f]{1,16})*)(?![0-9a-f])");
	private static final Pattern FRAME = Pattern.compile("@(\\d{1,9})\\+0x([0-9a-f]{1,16})");

	private SourceLines() {
	}

	/**
	 * Rewrites {@code trace} in place (through a temporary file) with source locations.
	 *
	 * @return a remark when locations could not be found (no addr2line), else null
	 */
	public static String resolve(Path trace) throws IOException {
		Map<Integer, String> modules = new HashMap<>();
		Map<Integer, Set<Long>> wanted = new HashMap<>();
		try (BufferedReader in = Files.newBufferedReader(trace, StandardCharsets.UTF_8)) {
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				Matcher m = MODULE.matcher(line);
				if (m.matches()) {
					modules.put(Integer.parseInt(m.group(1)), m.group(2));
					continue;
				}
				Matcher a = ADDRESS.matcher(line);
				if (!line.startsWith("@name ") && a.find()) { // a thread's name is text, whatever it holds
					for (Matcher f = FRAME.matcher(a.group(1)); f.find();) {
						wanted.computeIfAbsent(Integer.parseInt(f.group(1)), k -> new LinkedHashSet<>())
								.add(Long.parseUnsignedLong(f.group(2), 16));
					}
				}
			}
		}
		if (wanted.isEmpty()) {
			return null;
		}
		Path addr2line = NativeTools.onPath("addr2line");
		Map<String, String> names = new HashMap<>();
		if (addr2line != null) {
			for (Map.Entry<Integer, Set<Long>> w : wanted.entrySet()) {
				String module = modules.get(w.getKey());
				if (module != null && Files.isRegularFile(Path.of(module))) {
					List<Long> addresses = new ArrayList<>(w.getValue());
					List<String> found = locate(addr2line, module, addresses);
					for (int i = 0; i < addresses.size(); i++) {
						names.put(w.getKey() + "+" + Long.toHexString(addresses.get(i)), found.get(i));
					}
				}
			}
		}
		Path temporary = trace.resolveSibling(trace.getFileName() + ".part");
		try (BufferedReader in = Files.newBufferedReader(trace, StandardCharsets.UTF_8);
				BufferedWriter out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				Matcher a = ADDRESS.matcher(line);
				if (!line.startsWith("@name ") && a.find()) {
					String name = null;
					for (Matcher f = FRAME.matcher(a.group(1)); f.find();) {
						String here = names.get(f.group(1) + "+" + f.group(2));
						if (name == null || here != null && library(name) && !library(here)) {
							name = here;
						}
					}
					line = line.substring(0, a.start()) + (name == null ? "" : " at=" + name) + line.substring(a.end());
				}
				out.write(line);
				out.write('\n');
			}
		}
		Files.move(temporary, trace, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		return addr2line == null ? "no addr2line on the PATH (binutils): the trace has no source locations" : null;
	}

	/** file:line, or the function, or null, for each return address of {@code module}. */
	private static List<String> locate(Path addr2line, String module, List<Long> addresses) throws IOException {
		Process process = new ProcessBuilder(addr2line.toString(), "-a", "-i", "-f", "-C", "-e", module)
				.redirectErrorStream(true).start();
		Thread feeder = new Thread(() -> {
			try (OutputStream in = process.getOutputStream()) {
				for (long a : addresses) {
					// a return address is just after the call: its line is that of the byte before
					in.write(("0x" + Long.toHexString(a - 1) + "\n").getBytes(StandardCharsets.US_ASCII));
				}
			} catch (IOException e) {
				// addr2line ended early: the lines it wrote are read below
			}
		}, "perfcast-addr2line");
		feeder.start();
		List<String> lines;
		try (InputStream out = process.getInputStream()) {
			lines = new String(out.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
		}
		try {
			process.waitFor();
			feeder.join();
		} catch (InterruptedException e) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		}
		// per address: the address, then function and place of each inlined frame, innermost first
		List<String> found = new ArrayList<>();
		int i = 0;
		while (i < lines.size() && found.size() < addresses.size()) {
			if (!lines.get(i).startsWith("0x")) {
				i++;
				continue;
			}
			i++;
			String chosen = null;
			String innermost = null;
			for (; i + 1 < lines.size() && !lines.get(i).startsWith("0x"); i += 2) {
				String here = location(lines.get(i), lines.get(i + 1));
				if (innermost == null) {
					innermost = here;
				}
				if (chosen == null && here != null && !library(lines.get(i + 1))) {
					chosen = here;
				}
			}
			found.add(chosen != null ? chosen : innermost);
		}
		while (found.size() < addresses.size()) {
			found.add(null);
		}
		return found;
	}

	/** Whether a place is in a header or source of the system's libraries (inlined into the program). */
	private static boolean library(String place) {
		return place.startsWith("/usr/include/") || place.startsWith("/usr/lib/") || place.startsWith("??");
	}

	/** "file:line" without addr2line's discriminator, else the function without its parameters, else null. */
	static String location(String function, String place) {
		String p = place.replaceFirst(" \\(discriminator \\d+\\)$", "").strip();
		int colon = p.lastIndexOf(':');
		if (colon > 0 && !p.startsWith("??") && p.substring(colon + 1).matches("[1-9][0-9]*")) {
			return p.replace(" ", "%20");
		}
		String f = function.strip();
		int paren = f.indexOf('(');
		if (paren > 0) {
			f = f.substring(0, paren);
		}
		f = f.replace(" ", "");
		return f.isEmpty() || f.startsWith("??") ? null : f;
	}
}
