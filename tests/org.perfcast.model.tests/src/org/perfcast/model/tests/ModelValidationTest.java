package org.perfcast.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.perfcast.engine.Diagnostic;
import org.perfcast.engine.Location;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.model.resource.ModelFiles;
import org.perfcast.model.validation.ModelValidation;

class ModelValidationTest {

	private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
	private static final String NS = "xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\" "
			+ "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" ";

	@TempDir
	Path dir;

	private List<Diagnostic> validate(String fileName, String xml, ParameterBindings bindings) throws IOException {
		Path file = dir.resolve(fileName);
		Files.writeString(file, xml);
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(), URI.createFileURI(file.toString()),
				fileName);
		List<Diagnostic> diagnostics = ModelValidation.validate(loaded, fileName, bindings);
		assertEquals(xml, Files.readString(file), "validation never rewrites the file");
		return diagnostics;
	}

	private List<Diagnostic> machine(String attributes, String body) throws IOException {
		return validate("m.machine", HEAD + "<machine:Machine " + NS
				+ "xmlns:machine=\"http://perfcast.org/model/machine/1.0\" name=\"m\" " + attributes + ">\n"
				+ "  <parameters name=\"P\" defaultValue=\"4\"/>\n" + body + "</machine:Machine>\n", ParameterBindings.EMPTY);
	}

	private static List<String> messages(List<Diagnostic> diagnostics) {
		return diagnostics.stream().map(Diagnostic::message).toList();
	}

	private static int line(Diagnostic diagnostic) {
		return switch (diagnostic.location()) {
		case Location.ElementLocation e -> e.line();
		case Location.TextLocation t -> t.line();
		case Location.FileLocation f -> 0;
		};
	}

	@ParameterizedTest
	@MethodSource("org.perfcast.model.tests.ModelFilesTest#exampleModels")
	void testExampleModelsAreValid(Path file) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(file.toAbsolutePath().toString()), file.getFileName().toString());
		assertEquals(List.of(), ModelValidation.validate(loaded, file.getFileName().toString(), ParameterBindings.EMPTY));
	}

	@Test
	void testUnknownParameterPointsAtTheElement() throws IOException {
		List<Diagnostic> d = machine("processorCount=\"P\"", "  <topology xsi:type=\"machine:Ring\" hopTime=\"t_x * 2\"/>\n");
		assertEquals(List.of("hopTime: unknown parameter 't_x'"), messages(d));
		assertEquals(4, line(d.get(0)));
		assertEquals("m.machine:4: error: Ring: hopTime: unknown parameter 't_x'", d.get(0).toString());
		assertEquals("model.2", d.get(0).code());
	}

	@Test
	void testSyntaxErrorsNameTheColumn() throws IOException {
		List<Diagnostic> d = machine("processorCount=\"P +\"", "");
		assertEquals(1, d.size());
		assertTrue(d.get(0).message().startsWith("processorCount: "), d.get(0).message());
		assertTrue(d.get(0).message().endsWith("at column 4 of 'P +'"), d.get(0).message());
	}

	@Test
	void testNegativeAndNotANumberCostsAndFractions() throws IOException {
		List<Diagnostic> d = machine("processorCount=\"P\"", """
				  <computation flopTime="1 - P">
				    <operations name="update" cost="size * 2">
				      <costTable size="10" cost="NaN"/>
				    </operations>
				  </computation>
				  <communication latency="9" overlap="1.5" gap="-0.5"/>
				""");
		assertEquals(List.of("flopTime: -3 is negative; costs and times must not be",
				"cost: NaN is not a finite number",
				"gap: -0.5 is negative; costs and times must not be",
				"overlap: 1.5 is not a fraction between 0 and 1"), messages(d));
	}

	@Test
	void testBasicOperationNeedsACostAndASaneTable() throws IOException {
		assertEquals(List.of("cost: basic operation update needs a cost expression or a cost table",
				"costTable: cost table has two points for size 10.0"), messages(machine("processorCount=\"P\"", """
						  <computation>
						    <operations name="update"/>
						    <operations name="scale">
						      <costTable size="10" cost="1"/>
						      <costTable size="10" cost="2"/>
						    </operations>
						  </computation>
						""")));
	}

	@Test
	void testTopologyConsistency() throws IOException {
		assertEquals(List.of("a mesh of 3 x 3 has 9 processors, but the processor count is 4"),
				messages(machine("processorCount=\"P\"", "  <topology xsi:type=\"machine:Mesh\" rows=\"3\" columns=\"3\"/>\n")));
		assertEquals(List.of("a hypercube needs a power of two processors, but the processor count is 6"),
				messages(machine("processorCount=\"P + 2\"", "  <topology xsi:type=\"machine:Hypercube\"/>\n")));
		assertEquals(List.of("target: processor index 4 is out of range 0 .. 3"),
				messages(machine("processorCount=\"P\"", """
						  <topology xsi:type="machine:CustomTopology">
						    <links source="0" target="4"/>
						  </topology>
						""")));
		assertEquals(List.of("processorCount: 0 is not a whole number of at least 1"),
				messages(machine("processorCount=\"P - 4\"", "")));
	}

	@Test
	void testParameters() throws IOException {
		List<Diagnostic> d = validate("p.layout", HEAD + "<layout:Layout " + NS
				+ "xmlns:layout=\"http://perfcast.org/model/layout/1.0\" rows=\"N\" blockSize=\"b\" processors=\"4\">\n"
				+ "  <parameters name=\"N\" defaultValue=\"100\" minimum=\"1\" maximum=\"50\"/>\n"
				+ "  <parameters name=\"b\" defaultValue=\"4\" minimum=\"8\" maximum=\"2\"/>\n"
				+ "  <parameters name=\"N\" defaultValue=\"1\"/>\n"
				+ "  <parameters name=\"2x\"/>\n"
				+ "</layout:Layout>\n", ParameterBindings.EMPTY);
		assertEquals(List.of("defaultValue: 100 is outside the range 1 .. 50",
				"maximum: 2 is below the minimum 8",
				"name: parameter N is declared twice",
				"name: a parameter needs a name made of letters, digits and _ (not starting with a digit)"), messages(d));
		assertEquals(List.of(3, 4, 5, 6), d.stream().map(ModelValidationTest::line).toList());
	}

	@Test
	void testCustomLayoutWithUnownedBlocks() throws IOException {
		List<Diagnostic> d = validate("c.layout", HEAD + "<layout:Layout " + NS
				+ "xmlns:layout=\"http://perfcast.org/model/layout/1.0\" rows=\"4\" columns=\"4\" blockSize=\"2\" "
				+ "processors=\"2\" distribution=\"custom\">\n"
				+ "  <ownerTable blockRow=\"0\" blockColumn=\"0\" processor=\"0\"/>\n"
				+ "  <ownerTable blockRow=\"1\" blockColumn=\"1\" processor=\"2\"/>\n"
				+ "</layout:Layout>\n", ParameterBindings.EMPTY);
		assertEquals(List.of("ownerTable: 2 blocks have no owner: (0, 1), (1, 0)",
				"ownerTable: block (1, 1) belongs to processor 2, outside the processors 0..1"), messages(d));
	}

	private List<Diagnostic> program(String body, ParameterBindings bindings) throws IOException {
		return validate("p.program", HEAD + "<program:Program " + NS
				+ "xmlns:program=\"http://perfcast.org/model/program/1.0\" name=\"p\" processCount=\"P\">\n"
				+ "  <parameters name=\"P\" defaultValue=\"4\"/>\n" + body + "</program:Program>\n", bindings);
	}

	@Test
	void testMessagesToMissingProcesses() throws IOException {
		String ring = """
				  <steps name="shift">
				    <messages name="right">
				      <indices variable="p" from="0" to="P - 1"/>
				      <from>p</from>
				      <to>p + 1</to>
				      <size>8 - 3 * p</size>
				    </messages>
				  </steps>
				""";
		assertEquals(List.of("size: message 'right' has the size -1 for p = 3; sizes must be numbers of at least 0",
				"to: message 'right' goes to the missing process 4 for p = 3; processes are 0 .. 3"),
				messages(program(ring, ParameterBindings.EMPTY)).stream().sorted().toList());
		assertEquals(List.of("to: message 'right' goes to the missing process 2 for p = 1; processes are 0 .. 1"),
				messages(program(ring.replace("8 - 3 * p", "1"), ParameterBindings.parse(List.of("P=2")))));
		assertEquals(List.of(), messages(program(ring.replace("p + 1", "(p + 1) mod P").replace("8 - 3 * p", "1"),
				ParameterBindings.EMPTY)));
		assertEquals(List.of("to: unknown parameter 'q'"), messages(program(ring.replace("p + 1", "q"), ParameterBindings.EMPTY)));
	}

	@Test
	void testRepeatedStepsAndCountsOnBlocks() throws IOException {
		String wave = """
				  <steps name="wave">
				    <indices variable="t" from="0" to="2"/>
				    <messages name="shift">
				      <indices variable="p" from="0" to="P - 1 - t"/>
				      <from>p</from>
				      <to>p + t</to>
				      <size>1</size>
				    </messages>
				  </steps>
				""";
		assertEquals(List.of(), messages(program(wave, ParameterBindings.EMPTY)));
		assertEquals(1, messages(program(wave.replace("P - 1 - t", "P - 1"), ParameterBindings.EMPTY)).size());
		assertTrue(messages(program(wave.replace("P - 1 - t", "P - 1"), ParameterBindings.EMPTY)).get(0)
				.contains("goes to the missing process 4"));
		assertEquals(List.of("to: owner(i, j) needs a program with a layout, which tells the owner of each block"),
				messages(program(wave.replace("<to>p + t</to>", "<to>owner(p, t)</to>"), ParameterBindings.EMPTY)));
		assertEquals(List.of("to: unknown parameter 'k'"),
				messages(program(wave.replace("<to>p + t</to>", "<to>p + k</to>"), ParameterBindings.EMPTY)));
		List<String> counts = messages(program("""
				  <steps name="wave">
				    <indices variable="t" from="0" to="2"/>
				    <operations row="t" size="q"/>
				    <operations size="1"><indices variable="i" from="0" to="t"/></operations>
				  </steps>
				""", ParameterBindings.EMPTY));
		assertEquals(List.of("indices: a count with indices needs a row and a column, the block it applies to",
				"operation: name the machine's basic operation to count",
				"operation: name the machine's basic operation to count",
				"row and column: a count on a block needs both its row and its column",
				"row: a count on a block needs the program's layout, which tells the block's owner",
				"size: unknown parameter 'q'"), counts.stream().sorted().toList());
	}

	@Test
	void testCyclicTaskDependencies() throws IOException {
		List<Diagnostic> d = program("""
				  <tasks name="a" cost="1" process="0" dependsOn="//@tasks.2"/>
				  <tasks name="b" cost="1" process="1" dependsOn="//@tasks.0"/>
				  <tasks name="c" cost="1" process="9" dependsOn="//@tasks.1"/>
				  <tasks name="d" cost="-2" process="0" dependsOn="//@tasks.0"/>
				""", ParameterBindings.EMPTY);
		assertEquals(List.of("dependsOn: task a depends on itself through a -> c -> b -> a",
				"dependsOn: task c depends on itself through c -> b -> a -> c",
				"dependsOn: task b depends on itself through b -> a -> c -> b",
				"process: task c runs on process 9, but there are only 4 processes",
				"cost: -2 is negative; costs and times must not be"), messages(d));
	}
}
