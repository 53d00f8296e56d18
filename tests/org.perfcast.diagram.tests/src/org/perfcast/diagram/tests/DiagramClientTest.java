package org.perfcast.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.server.di.ServerModule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.diagram.glsp.DiagramStorage;
import org.perfcast.diagram.glsp.OpenDocuments;
import org.perfcast.diagram.glsp.ProgramDiagramModule;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.diagram.server.Decorations;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.server.Predictions;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.program.Program;
import org.perfcast.pamela.Pamela;
import org.perfcast.model.resource.ModelFiles;

import com.google.inject.Guice;

/**
 * The diagram page (the GLSP client the diagram bundle builds from npm) in headless Chromium, driven by
 * Playwright ({@code playwright/diagram.mjs}) against the real Java server over the test websocket: a task and a
 * message created with the palette and the mouse, undo, redo, layout (no step overlapping another); the
 * predictions drawn (critical path, markers, a tooltip on hover) and a selection told to the editor; the model
 * changes are checked here.
 */
class DiagramClientTest {

	@TempDir
	Path dir;

	private static boolean onPath(String program) {
		for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
			if (Files.isExecutable(Path.of(d, program))) {
				return true;
			}
		}
		return false;
	}

	private static String run(List<String> command, Path in) throws IOException, InterruptedException {
		Process p = new ProcessBuilder(command).directory(in.toFile()).redirectErrorStream(true).start();
		String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertTrue(p.waitFor(5, TimeUnit.MINUTES), "timed out: " + command);
		assertEquals(0, p.exitValue(), command + ":\n" + out);
		return out;
	}

	@Test
	void testPaletteUndoRedoAndLayoutInChromium() throws Exception {
		Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
		assumeTrue(System.getenv("CI") != null || Files.isExecutable(chromium) && onPath("node"),
				"needs node and chromium (apt-get install nodejs npm chromium)");
		Path tests = Path.of("playwright").toAbsolutePath();
		if (!Files.isDirectory(tests.resolve("node_modules/playwright-core"))) {
			run(List.of("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"), tests);
		}
		Path file = Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring",
				"matvec.program"), dir.resolve("matvec.program"));
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				dir.resolve("ring.machine"));
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(
				ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(), ModelFiles.newResourceSet());
		String uri = URI.createFileURI(file.toString()).toString();
		DiagramDocument document = new DiagramDocument(domain,
				ModelFiles.load(domain.getResourceSet(), URI.createURI(uri), "matvec.program").resource(),
				ModelThread.locked());
		Program program = (Program) document.root();
		// the predictions as the IDE draws them after a build: PAMELA's critical path and a marker
		Pamela.Result result = Pamela.analyseProgram(file, "matvec.program", ParameterBindings.EMPTY, EngineMonitor.NULL);
		document.decorate(Predictions.program(result.prediction(), result.criticalPath(), List.of(new Decorations.DiagramMarker(
				DiagramIds.of(program.getSteps().get(1)), "info", "the step computes for 240"))));
		OpenDocuments documents = new OpenDocuments();
		documents.open(uri, document);
		try (TestWebServer web = new TestWebServer(Guice.createInjector(new ServerModule().configureDiagramModule(
				new ProgramDiagramModule()), documents), DiagramStorage.class)) {
			String page = "http://127.0.0.1:" + web.port() + "/index.html?type=perfcast-program&uri="
					+ URLEncoder.encode(uri, StandardCharsets.UTF_8) + "&ws=ws://127.0.0.1:" + web.port() + "/glsp";
			Path screenshot = Path.of("target", "screenshots", "diagram-chromium.png").toAbsolutePath();
			Files.createDirectories(screenshot.getParent());
			String out;
			try {
				out = run(List.of("node", "diagram.mjs", page, screenshot.toString()), tests);
				Files.writeString(screenshot.resolveSibling("diagram-chromium.log"), out);
			} catch (AssertionError e) {
				if (web.failure != null) {
					e.addSuppressed(web.failure);
				}
				throw e;
			}
			assertTrue(out.contains("banner: T = 277.5 cycles (critical-path-bound") && out.contains("critical path: ")
					&& out.contains("markers: ") && out.contains("tooltip: ")
					&& out.contains("selected "), out);
			assertTrue(out.contains("created a task") && out.contains("drew a message") && out.contains("undone")
					&& out.contains("redone") && out.contains("laid out") && out.endsWith("PASS\n"), out);
			assertEquals(1, document.read(() -> program.getTasks().size()), "the task in the model");
			assertEquals(1, document.read(() -> program.getSteps().get(1).getMessages().size()), "the message in the model");
			assertTrue(document.isDirty());
			assertTrue(Files.size(screenshot) > 1000);
		}
	}
}
