package org.perfcast.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.Manifest;

/** {@code perfcast version}: prints the Perfcast and Java versions. */
final class VersionCommand extends AbstractCommand {

	VersionCommand() {
		super("version", "print the Perfcast and Java versions", "usage: perfcast version");
	}

	@Override
	public int run(List<String> args, Console console) throws UsageException {
		if (!args.isEmpty()) {
			throw new UsageException("takes no arguments");
		}
		console.out().println("perfcast " + version() + " (Java " + Runtime.version() + ")");
		return ExitCode.OK;
	}

	/** The Bundle-Version of org.perfcast.cli from its manifest, or "unknown" if it cannot be read. */
	static String version() {
		try {
			Enumeration<URL> manifests = VersionCommand.class.getClassLoader().getResources("META-INF/MANIFEST.MF");
			while (manifests.hasMoreElements()) {
				try (InputStream in = manifests.nextElement().openStream()) {
					Attributes main = new Manifest(in).getMainAttributes();
					String name = main.getValue("Bundle-SymbolicName");
					if (name != null && name.split(";")[0].strip().equals("org.perfcast.cli")) {
						return main.getValue("Bundle-Version");
					}
				}
			}
		} catch (IOException e) {
			// fall through: the version is informative only
		}
		return "unknown";
	}
}
