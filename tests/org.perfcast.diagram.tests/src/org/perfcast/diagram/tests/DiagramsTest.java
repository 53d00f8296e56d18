package org.perfcast.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GLabel;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.diagram.server.Diagrams;
import org.perfcast.diagram.server.Drawing;
import org.perfcast.diagram.server.MachineDiagram;
import org.perfcast.diagram.server.Notation;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.model.core.Model;
import org.perfcast.model.program.Program;
import org.perfcast.model.resource.ModelFiles;

/**
 * Diagrams of the examples: what the graph holds, ELK placing every shape without overlaps, positions kept in
 * the notation file across a save, and a program of 500 processes and 2000 messages drawn and laid out.
 */
class DiagramsTest {

	@TempDir
	Path dir;

	private static Path example(String relative) {
		return Path.of(System.getProperty("perfcast.examples", "../../examples")).resolve(relative);
	}

	private static Resource load(Path file) {
		ModelFiles.Loaded loaded = ModelFiles.load(ModelFiles.newResourceSet(),
				URI.createFileURI(file.toAbsolutePath().toString()), file.getFileName().toString());
		assertTrue(loaded.ok(), loaded.diagnostics().toString());
		return loaded.resource();
	}

	private static List<GModelElement> all(GModelElement root, String type) {
		List<GModelElement> out = new ArrayList<>();
		for (GModelElement child : root.getChildren()) {
			if (type.equals(child.getType())) {
				out.add(child);
			}
			out.addAll(all(child, type));
		}
		return out;
	}

	@Test
	void testProgramDiagram() {
		Resource resource = load(example("matvec-ring/matvec.program"));
		Drawing drawing = Diagrams.draw((Model) resource.getContents().get(0), Notation.load(resource));
		List<GModelElement> steps = all(drawing.graph(), ProgramDiagram.STEP);
		assertEquals(2, steps.size(), "a group per step");
		assertEquals(12, all(drawing.graph(), ProgramDiagram.PROCESS).size(), "six processes in each step");
		List<GModelElement> messages = all(drawing.graph(), ProgramDiagram.MESSAGE);
		assertEquals(30, messages.size(), "every process to every other");
		GEdge first = (GEdge) messages.get(0);
		assertEquals("b * b", ((GLabel) first.getChildren().get(0)).getText(), "labelled with the size");
		assertEquals(List.of(), drawing.notes());
		assertEquals(12 + 2, drawing.unplaced().size(), "no notation yet: every shape to lay out");
	}

	@Test
	void testMachineDiagram() {
		Resource resource = load(example("matvec-ring/ring.machine"));
		Drawing drawing = Diagrams.draw((Model) resource.getContents().get(0), Notation.load(resource));
		assertEquals(6, all(drawing.graph(), MachineDiagram.PROCESSOR).size());
		assertEquals(6, all(drawing.graph(), MachineDiagram.LINK).size(), "a unidirectional ring of six");
	}

	@Test
	void testLayoutPlacesEveryShapeWithoutOverlaps() {
		Resource resource = load(example("matvec-ring/matvec.program"));
		Drawing drawing = Diagrams.draw((Model) resource.getContents().get(0), Notation.load(resource));
		assertEquals(14, Diagrams.layout(drawing, false));
		for (GModelElement step : all(drawing.graph(), ProgramDiagram.STEP)) {
			List<GNode> nodes = all(step, ProgramDiagram.PROCESS).stream().map(GNode.class::cast).toList();
			for (int i = 0; i < nodes.size(); i++) {
				for (int j = i + 1; j < nodes.size(); j++) {
					assertTrue(apart(nodes.get(i), nodes.get(j)), nodes.get(i).getId() + " overlaps " + nodes.get(j).getId());
				}
			}
		}
		List<GNode> groups = all(drawing.graph(), ProgramDiagram.STEP).stream().map(GNode.class::cast).toList();
		assertTrue(groups.get(0).getPosition().getX() != groups.get(1).getPosition().getX()
				|| groups.get(0).getPosition().getY() != groups.get(1).getPosition().getY(), "the steps are apart");
	}

	private static boolean apart(GNode a, GNode b) {
		return a.getPosition().getX() + a.getSize().getWidth() <= b.getPosition().getX()
				|| b.getPosition().getX() + b.getSize().getWidth() <= a.getPosition().getX()
				|| a.getPosition().getY() + a.getSize().getHeight() <= b.getPosition().getY()
				|| b.getPosition().getY() + b.getSize().getHeight() <= a.getPosition().getY();
	}

	@Test
	void testPositionsAreKeptInTheNotationNextToTheModel() throws IOException {
		Path program = Files.copy(example("matvec-ring/matvec.program"), dir.resolve("matvec.program"));
		Files.copy(example("matvec-ring/ring.machine"), dir.resolve("ring.machine"));
		String before = Files.readString(program);
		Resource resource = load(program);
		Program model = (Program) resource.getContents().get(0);
		Notation notation = Notation.load(resource);
		notation.place(model.getSteps().get(0), "", 120, 40);
		notation.save(resource);
		assertTrue(Files.exists(dir.resolve("matvec.program.notation")));
		assertEquals(before, Files.readString(program), "the model file is left alone");

		Resource again = load(program);
		Drawing drawing = Diagrams.draw((Model) again.getContents().get(0), Notation.load(again));
		GNode step = (GNode) all(drawing.graph(), ProgramDiagram.STEP).get(0);
		assertEquals(120, step.getPosition().getX());
		assertEquals(40, step.getPosition().getY());
		assertEquals(12 + 1, drawing.unplaced().size(), "only the other step and the processes are unplaced");
	}

	@Test
	void testALargeProgram() throws IOException {
		Files.copy(example("matvec-ring/ring.machine"), dir.resolve("ring.machine"));
		Path program = Files.writeString(dir.resolve("large.program"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<program:Program xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" \
				xmlns:program="http://perfcast.org/model/program/1.0" name="large" processCount="P">
				  <parameters name="P" defaultValue="500"/>
				  <steps name="exchange">
				    <messages name="to four neighbours">
				      <indices variable="p" from="0" to="P - 1"/>
				      <indices variable="k" from="1" to="4"/>
				      <from>p</from>
				      <to>(p + 7 * k) mod P</to>
				      <size>64</size>
				    </messages>
				  </steps>
				</program:Program>
				""");
		Resource resource = load(program);
		long start = System.nanoTime();
		Drawing drawing = Diagrams.draw((Model) resource.getContents().get(0), Notation.load(resource));
		long drawn = System.nanoTime();
		assertEquals(500, all(drawing.graph(), ProgramDiagram.PROCESS).size());
		assertEquals(2000, all(drawing.graph(), ProgramDiagram.MESSAGE).size());
		assertEquals(501, Diagrams.layout(drawing, false));
		long laidOut = System.nanoTime();
		for (GModelElement node : all(drawing.graph(), ProgramDiagram.PROCESS)) {
			assertNotNull(((GNode) node).getPosition());
		}
		// a measurement for the record, not a check: see the README
		Path timing = Path.of("target", "diagram-timing.txt");
		Files.createDirectories(timing.getParent());
		Files.writeString(timing, String.format("500 nodes, 2000 edges: graph %.0f ms, ELK layout %.0f ms%n",
				(drawn - start) / 1e6, (laidOut - drawn) / 1e6));
	}
}
