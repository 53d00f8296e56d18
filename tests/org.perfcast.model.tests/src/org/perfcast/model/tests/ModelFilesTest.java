package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.model.core.CoreFactory;
import org.perfcast.model.core.Parameter;
import org.perfcast.model.layout.Distribution;
import org.perfcast.model.layout.Layout;
import org.perfcast.model.layout.LayoutFactory;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.MachineFactory;
import org.perfcast.model.machine.Mesh;
import org.perfcast.model.machine.Ring;
import org.perfcast.model.machine.RingDirection;
import org.perfcast.model.machine.TimeUnit;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.resource.PerfcastResource;

class ModelFilesTest {

	static Path examples() {
		return Path.of(System.getProperty("perfcast.examples", "../../examples"));
	}

	static Stream<Path> exampleModels() throws IOException {
		try (Stream<Path> files = Files.walk(examples())) {
			List<Path> models = files.filter(f -> ModelFiles.EXTENSIONS.contains(extension(f))).sorted().toList();
			return models.stream();
		}
	}

	private static String extension(Path file) {
		String name = file.getFileName().toString();
		return name.substring(name.lastIndexOf('.') + 1);
	}

	private static ModelFiles.Loaded load(Path file) {
		return ModelFiles.load(ModelFiles.newResourceSet(), URI.createFileURI(file.toAbsolutePath().toString()),
				file.getFileName().toString());
	}

	@ParameterizedTest
	@MethodSource("exampleModels")
	void testExampleModelsLoadWithoutProblems(Path file) {
		ModelFiles.Loaded loaded = load(file);
		assertEquals(List.of(), loaded.diagnostics(), file.toString());
		assertTrue(loaded.ok());
		assertEquals(extension(file), loaded.root().eClass().getName().toLowerCase());
	}

	@Test
	void testProgramReferencesItsMachineInAnotherFile() {
		ModelFiles.Loaded loaded = load(examples().resolve("matvec-ring/matvec.program"));
		Program program = (Program) loaded.root();
		Machine machine = program.getMachine();
		assertFalse(machine.eIsProxy());
		assertInstanceOf(Ring.class, machine.getTopology());
		assertEquals("t_l", machine.getTopology().getHopTime());
		assertEquals("q != p", program.getSteps().get(0).getMessages().get(0).getCondition());
	}

	@Test
	void testRoundTripKeepsEveryValue(@TempDir Path dir) throws IOException {
		Machine machine = MachineFactory.eINSTANCE.createMachine();
		machine.setName("torus");
		machine.setTimeUnit(TimeUnit.MICROSECONDS);
		machine.setProcessorCount("R * C");
		Parameter r = CoreFactory.eINSTANCE.createParameter();
		r.setName("R");
		r.setDefaultValue("4");
		r.setMinimum("1");
		machine.getParameters().add(r);
		Mesh mesh = MachineFactory.eINSTANCE.createMesh();
		mesh.setRows("R");
		mesh.setColumns("C");
		mesh.setTorus(true);
		mesh.setHopTime("0.5 * t");
		machine.setTopology(mesh);
		machine.setCommunication(MachineFactory.eINSTANCE.createCommunication());
		machine.getCommunication().setLatency("9");

		Layout layout = LayoutFactory.eINSTANCE.createLayout();
		layout.setDistribution(Distribution.DIAGONAL);
		layout.setRows("N");
		layout.setBlockSize("b");

		ResourceSet set = ModelFiles.newResourceSet();
		for (var model : List.of(machine, layout)) {
			String extension = model == machine ? "machine" : "layout";
			Resource resource = set.createResource(URI.createFileURI(dir.resolve("m." + extension).toString()));
			resource.getContents().add(model);
			resource.save(null);
		}

		ModelFiles.Loaded machineAgain = load(dir.resolve("m.machine"));
		ModelFiles.Loaded layoutAgain = load(dir.resolve("m.layout"));
		assertTrue(machineAgain.ok(), machineAgain.diagnostics().toString());
		assertTrue(EcoreUtil.equals(machine, machineAgain.root()));
		assertTrue(EcoreUtil.equals(layout, layoutAgain.root()));
		assertTrue(Files.readString(dir.resolve("m.machine")).contains("timeUnit=\"us\""));
	}

	@Test
	void testElementsKnowTheirLines() {
		ModelFiles.Loaded loaded = load(examples().resolve("matvec-ring/ring.machine"));
		PerfcastResource resource = (PerfcastResource) loaded.resource();
		Machine machine = (Machine) loaded.root();
		assertEquals(3, resource.lineOf(machine)); // the start tag spans lines 2 and 3
		assertEquals(4, resource.lineOf(machine.getParameters().get(0)));
		assertEquals(7, resource.lineOf(machine.getTopology()));
		assertEquals(0, resource.lineOf(MachineFactory.eINSTANCE.createBus()));
	}

	@Test
	void testMalformedFilesGiveErrorsWithLinesAndAreNotRewritten(@TempDir Path dir) throws IOException {
		Path truncated = dir.resolve("bad.machine");
		String text = """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:machine="http://perfcast.org/model/machine/1.0" name="m">
				  <parameters name="P" defaultValue="4">
				</machine:Machine>
				""";
		Files.writeString(truncated, text);
		ModelFiles.Loaded loaded = load(truncated);
		assertNull(loaded.root());
		Diagnostic error = loaded.diagnostics().get(0);
		assertEquals("model.load", error.code());
		assertEquals(4, ((Location.TextLocation) error.location()).line());
		assertEquals(text, Files.readString(truncated));

		Path unknown = dir.resolve("unknown.machine");
		Files.writeString(unknown, text.replace("defaultValue=\"4\">", "defalutValue=\"4\"/>"));
		loaded = load(unknown);
		assertFalse(loaded.ok());
		assertTrue(loaded.diagnostics().get(0).message().contains("defalutValue"), loaded.diagnostics().toString());
		assertEquals(3, ((Location.TextLocation) loaded.diagnostics().get(0).location()).line());
	}

	@Test
	void testEmptyFileWrongRootAndDanglingReference(@TempDir Path dir) throws IOException {
		Path empty = dir.resolve("empty.machine");
		Files.writeString(empty, "");
		assertFalse(load(empty).ok());

		Path wrongRoot = dir.resolve("wrong.machine");
		Files.writeString(wrongRoot, """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Ring xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:machine="http://perfcast.org/model/machine/1.0"/>
				""");
		ModelFiles.Loaded loaded = load(wrongRoot);
		assertEquals("model.root", loaded.diagnostics().get(0).code());
		assertEquals("the file's root is a Ring, not a machine, layout or program", loaded.diagnostics().get(0).message());

		Path dangling = dir.resolve("dangling.program");
		Files.writeString(dangling, """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:program="http://perfcast.org/model/program/1.0" name="p">
				  <machine href="missing.machine#/"/>
				</program:Program>
				""");
		loaded = load(dangling);
		assertFalse(loaded.ok());
		assertTrue(loaded.diagnostics().stream().anyMatch(d -> d.message().contains("missing.machine")), loaded.diagnostics().toString());
	}

	@Test
	void testRingDefaultsAreTheFirstLiterals() {
		Ring ring = MachineFactory.eINSTANCE.createRing();
		assertEquals(RingDirection.INCREASING, ring.getDirection());
		assertFalse(ring.isBidirectional());
		assertTrue(MachineFactory.eINSTANCE.createLinearArray().isHost());
	}

	/**
	 * A crafted model never makes loading fetch anything: a cross-file href, a namespace and a DOCTYPE naming a
	 * server that accepts connections and never answers. Each loads at once with an error at the file.
	 */
	@Test
	void testRemoteReferencesAreRefusedNotFetched(@TempDir Path dir) throws Exception {
		try (java.net.ServerSocket server = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
			String remote = "http://127.0.0.1:" + server.getLocalPort();
			String header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
			String program = "<program:Program xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\"\n"
					+ "    xmlns:program=\"http://perfcast.org/model/program/1.0\" name=\"p\" processCount=\"2\">\n";
			Path href = Files.writeString(dir.resolve("href.program"), header + program + "  <machine href=\"" + remote
					+ "/m.machine#/\"/>\n</program:Program>\n");
			Path namespace = Files.writeString(dir.resolve("namespace.program"), header + program.replace("xmlns:program",
					"xmlns:x=\"" + remote + "/ns\" xmlns:program") + "  <x:thing/>\n</program:Program>\n");
			Path doctype = Files.writeString(dir.resolve("doctype.program"), header + "<!DOCTYPE program:Program SYSTEM \""
					+ remote + "/p.dtd\">\n" + program + "</program:Program>\n");
			for (Path file : List.of(href, namespace, doctype)) {
				ModelFiles.Loaded loaded = load(file);
				assertFalse(loaded.ok(), file.getFileName() + " loads with an error");
				assertTrue(loaded.diagnostics().stream().allMatch(d -> d.location().file().equals(file.getFileName()
						.toString())), loaded.diagnostics().toString());
			}
			assertTrue(load(href).diagnostics().stream().anyMatch(d -> d.message().contains(remote)), "the href is named");
			assertTrue(load(doctype).diagnostics().stream().anyMatch(d -> d.message().contains("DOCTYPE")),
					load(doctype).diagnostics().toString());
			server.setSoTimeout(200);
			assertThrows(java.net.SocketTimeoutException.class, server::accept, "no connection was made to the server");
		}
		// and a resource set of the editors' kind, made elsewhere, refuses the same
		ResourceSet set = org.perfcast.model.resource.LocalFilesOnly.install(new org.eclipse.emf.ecore.resource.impl
				.ResourceSetImpl());
		assertThrows(java.io.IOException.class, () -> set.getURIConverter().createInputStream(URI.createURI(
				"https://example.org/m.machine")));
		assertTrue(set.getURIConverter().getURIHandlers().get(0) instanceof org.perfcast.model.resource.LocalFilesOnly);
		assertEquals(1, org.perfcast.model.resource.LocalFilesOnly.install(set).getURIConverter().getURIHandlers().stream()
				.filter(org.perfcast.model.resource.LocalFilesOnly.class::isInstance).count(), "installed once");
	}

	/**
	 * Saving a model that fails half way (a reference to a machine in no file) leaves the file as it was; a
	 * successful save replaces it whole and keeps its permissions.
	 */
	@Test
	void testSavesAreWholeOrNothing(@TempDir Path dir) throws Exception {
		Path source = examples().resolve("linear-array");
		Files.copy(source.resolve("array.machine"), dir.resolve("array.machine"));
		Path program = Files.copy(source.resolve("loop.program"), dir.resolve("loop.program"));
		byte[] before = Files.readAllBytes(program);
		ModelFiles.Loaded loaded = load(program);
		assertTrue(loaded.ok(), loaded.diagnostics().toString());
		Program p = (Program) loaded.root();
		p.setMachine(MachineFactory.eINSTANCE.createMachine()); // in no resource: the save fails when it gets there
		assertThrows(Exception.class, () -> loaded.resource().save(null));
		assertEquals(new String(before), Files.readString(program), "the file is as it was");

		java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions = java.nio.file.attribute
				.PosixFilePermissions.fromString("rw-r-----");
		Files.setPosixFilePermissions(program, permissions);
		ModelFiles.Loaded again = load(program);
		((Program) again.root()).setName("renamed");
		Object inode = Files.readAttributes(program, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
		again.resource().save(null);
		assertFalse(inode.equals(Files.readAttributes(program, java.nio.file.attribute.BasicFileAttributes.class)
				.fileKey()), "a new file moved into place, not the old one truncated and rewritten");
		assertTrue(Files.readString(program).contains("name=\"renamed\""));
		assertEquals(permissions, Files.getPosixFilePermissions(program), "permissions kept");
		try (Stream<Path> files = Files.list(dir)) {
			assertEquals(List.of("array.machine", "loop.program"), files.map(f -> f.getFileName().toString()).sorted()
					.toList(), "no temporary file left");
		}
	}
}
