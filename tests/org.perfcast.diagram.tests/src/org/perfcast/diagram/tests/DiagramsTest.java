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

	@Test
	void testCyclesGoOnACircleWhereStraightEdgesMissTheOtherShapes() {
		Resource program = load(example("matvec-ring/matvec.program"));
		Drawing programDrawing = Diagrams.draw((Model) program.getContents().get(0), Notation.load(program));
		Diagrams.layout(programDrawing, true);
		// the step where every process sends to every other
		GModelElement exchange = all(programDrawing.graph(), ProgramDiagram.STEP).stream()
				.filter(step -> !all(step, ProgramDiagram.MESSAGE).isEmpty()).findFirst().orElseThrow();
		assertStraightEdgesMissOtherShapes(exchange, ProgramDiagram.PROCESS, ProgramDiagram.MESSAGE);
		List<GNode> processes = all(exchange, ProgramDiagram.PROCESS).stream().map(GNode.class::cast).toList();
		assertTrue(processes.get(0).getPosition().getY() < processes.get(3).getPosition().getY(),
				"p0 at the top of the circle, p3 at the bottom");

		Resource machine = load(example("matvec-ring/ring.machine"));
		Drawing machineDrawing = Diagrams.draw((Model) machine.getContents().get(0), Notation.load(machine));
		Diagrams.layout(machineDrawing, true);
		assertStraightEdgesMissOtherShapes(machineDrawing.graph(), MachineDiagram.PROCESSOR, MachineDiagram.LINK);
	}

	@Test
	void testCirclesOfUpToTwentyShapesKeepEdgesClearAndLargerOnesApart() {
		for (int n : new int[] { 3, 4, 5, 8, 12, 15, 20, 21, 40, 64 }) {
			StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<program:Program "
					+ "xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\" "
					+ "xmlns:program=\"http://perfcast.org/model/program/1.0\" name=\"all\" processCount=\"" + n + "\">\n"
					+ "  <steps name=\"all to all\">\n    <messages name=\"m\">\n"
					+ "      <indices variable=\"p\" from=\"0\" to=\"" + (n - 1) + "\"/>\n"
					+ "      <indices variable=\"q\" from=\"0\" to=\"" + (n - 1) + "\"/>\n"
					+ "      <from>p</from>\n      <to>q</to>\n      <size>1</size>\n      <condition>p != q</condition>\n"
					+ "    </messages>\n  </steps>\n</program:Program>\n");
			Path file = dir.resolve("all" + n + ".program");
			try {
				Files.writeString(file, xml);
			} catch (IOException e) {
				throw new AssertionError(e);
			}
			Resource resource = load(file);
			Drawing drawing = Diagrams.draw((Model) resource.getContents().get(0), Notation.load(resource));
			Diagrams.layout(drawing, true);
			GModelElement step = all(drawing.graph(), ProgramDiagram.STEP).get(0);
			List<GNode> nodes = all(step, ProgramDiagram.PROCESS).stream().map(GNode.class::cast).toList();
			assertEquals(n, nodes.size());
			for (int i = 0; i < n; i++) {
				for (int j = i + 1; j < n; j++) {
					assertTrue(apart(nodes.get(i), nodes.get(j)), n + ": " + nodes.get(i).getId() + " overlaps " + nodes.get(j).getId());
				}
			}
			if (n <= 20) {
				assertStraightEdgesMissOtherShapes(step, ProgramDiagram.PROCESS, ProgramDiagram.MESSAGE);
			}
		}
	}

	/** No edge of {@code edgeType} in {@code parent}, drawn centre to centre, crosses a shape it does not join. */
	private static void assertStraightEdgesMissOtherShapes(GModelElement parent, String shapeType, String edgeType) {
		List<GNode> shapes = all(parent, shapeType).stream().map(GNode.class::cast).toList();
		List<GModelElement> edges = all(parent, edgeType);
		assertTrue(!edges.isEmpty(), "edges to check");
		for (GModelElement e : edges) {
			GEdge edge = (GEdge) e;
			GNode source = shapes.stream().filter(s -> s.getId().equals(edge.getSourceId())).findFirst().orElseThrow();
			GNode target = shapes.stream().filter(s -> s.getId().equals(edge.getTargetId())).findFirst().orElseThrow();
			for (GNode other : shapes) {
				if (other == source || other == target) {
					continue;
				}
				for (int k = 0; k <= 200; k++) {
					double t = k / 200.0;
					double x = centreX(source) + t * (centreX(target) - centreX(source));
					double y = centreY(source) + t * (centreY(target) - centreY(source));
					assertTrue(x <= other.getPosition().getX() || x >= other.getPosition().getX() + other.getSize().getWidth()
							|| y <= other.getPosition().getY() || y >= other.getPosition().getY() + other.getSize().getHeight(),
							edge.getId() + " crosses " + other.getId());
				}
			}
		}
	}

	private static double centreX(GNode node) {
		return node.getPosition().getX() + node.getSize().getWidth() / 2;
	}

	private static double centreY(GNode node) {
		return node.getPosition().getY() + node.getSize().getHeight() / 2;
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
		// in a grid, in order: no two apart less than a shape, the whole about as wide as high
		List<GNode> nodes = all(drawing.graph(), ProgramDiagram.PROCESS).stream().map(GNode.class::cast).toList();
		double width = 0;
		double height = 0;
		for (int i = 0; i < nodes.size(); i++) {
			width = Math.max(width, nodes.get(i).getPosition().getX() + nodes.get(i).getSize().getWidth());
			height = Math.max(height, nodes.get(i).getPosition().getY() + nodes.get(i).getSize().getHeight());
			for (int j = i + 1; j < nodes.size(); j++) {
				assertTrue(apart(nodes.get(i), nodes.get(j)), nodes.get(i).getId() + " overlaps " + nodes.get(j).getId());
			}
		}
		assertTrue(width < 3 * height && height < 3 * width, width + " x " + height);
		assertTrue(nodes.get(0).getPosition().getY() < nodes.get(499).getPosition().getY(), "p0 first, p499 last");
		// a measurement for the record, not a check
		Path timing = Path.of("target", "diagram-timing.txt");
		Files.createDirectories(timing.getParent());
		Files.writeString(timing, String.format("500 nodes, 2000 edges: graph %.0f ms, layout %.0f ms%n",
				(drawn - start) / 1e6, (laidOut - drawn) / 1e6));
	}
}
