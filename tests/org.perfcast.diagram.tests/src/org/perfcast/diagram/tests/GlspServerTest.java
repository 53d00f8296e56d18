package org.perfcast.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.edit.domain.AdapterFactoryEditingDomain;
import org.eclipse.emf.edit.provider.ComposedAdapterFactory;
import org.eclipse.glsp.graph.GModelRoot;
import org.eclipse.glsp.graph.util.GraphUtil;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.actions.ActionMessage;
import org.eclipse.glsp.server.actions.SaveModelAction;
import org.eclipse.glsp.server.di.ServerModule;
import org.eclipse.glsp.server.features.core.model.ComputedBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestBoundsAction;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.directediting.ApplyLabelEditOperation;
import org.eclipse.glsp.server.features.undoredo.RedoAction;
import org.eclipse.glsp.server.features.undoredo.UndoAction;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.DeleteOperation;
import org.eclipse.glsp.server.protocol.GLSPServer;
import org.eclipse.glsp.server.protocol.InitializeClientSessionParameters;
import org.eclipse.glsp.server.protocol.InitializeParameters;
import org.eclipse.emf.edit.command.SetCommand;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GLabel;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.graph.GPreRenderedElement;
import org.eclipse.glsp.server.actions.MessageAction;
import org.eclipse.glsp.server.features.popup.RequestPopupModelAction;
import org.eclipse.glsp.server.features.popup.SetPopupModelAction;
import org.eclipse.glsp.server.features.validation.Marker;
import org.eclipse.glsp.server.features.validation.SetMarkersAction;
import org.eclipse.glsp.server.operations.ReconnectEdgeOperation;
import org.perfcast.diagram.glsp.MachineDiagramModule;
import org.perfcast.diagram.server.Decorations;
import org.perfcast.diagram.server.MachineDiagram;
import org.perfcast.diagram.server.Predictions;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.Numbers;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.glamis.ProgramDerivation;
import org.perfcast.glamis.Solver;
import org.perfcast.model.core.CorePackage;
import org.perfcast.model.machine.CustomTopology;
import org.perfcast.model.machine.Link;
import org.perfcast.model.machine.Machine;
import org.perfcast.model.machine.Processor;
import org.perfcast.model.program.Message;
import org.perfcast.model.routing.Network;
import org.perfcast.model.validation.ParameterEnvironment;
import org.perfcast.pamela.CriticalPath;
import org.perfcast.pamela.Pamela;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.diagram.glsp.ProgramDiagramModule;
import org.perfcast.diagram.server.DiagramDocument;
import org.perfcast.diagram.server.DiagramIds;
import org.perfcast.diagram.server.ModelThread;
import org.perfcast.diagram.server.ProgramDiagram;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.program.Task;
import org.perfcast.model.resource.ModelFiles;

import com.google.inject.Guice;

/**
 * The program diagram's GLSP server driven as a client would, in process: the model served from the document,
 * and every edit (a task from the palette, a message drawn between two processes, a label edit, a delete) an EMF
 * command on the document's stack that undo and redo take back and replay, and save writes.
 */
class GlspServerTest {

	@TempDir
	Path dir;

	@Test
	void testEditsAreEmfCommandsWithUndoRedoAndSave() throws Exception {
		Path file = Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring",
				"matvec.program"), dir.resolve("matvec.program"));
		Files.copy(Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring", "ring.machine"),
				dir.resolve("ring.machine"));
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(
				ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(), ModelFiles.newResourceSet());
		String uri = URI.createFileURI(file.toString()).toString();
		ModelFiles.Loaded loaded = ModelFiles.load(domain.getResourceSet(), URI.createURI(uri), "matvec.program");
		DiagramDocument document = new DiagramDocument(domain, loaded.resource(), ModelThread.locked());
		Program program = (Program) document.root();
		try (GlspTestClient client = new GlspTestClient(new ProgramDiagramModule(), uri, document)) {

			// a task from the palette, placed where the user clicked
			client.send(new CreateNodeOperation(ProgramDiagram.TASK, GraphUtil.point(40, 60)));
			client.await(() -> document.read(() -> program.getTasks().size()) == 1, "the new task");
			Task task = program.getTasks().get(0);
			assertEquals("task1", task.getName());
			assertEquals(40, document.notation().position(task, "").getX());
			assertTrue(document.isDirty());

			client.send(new UndoAction());
			client.await(() -> document.read(() -> program.getTasks().isEmpty()), "undo");
			assertNull(document.notation().position(task, ""), "undo takes the position back too");
			client.send(new RedoAction());
			client.await(() -> document.read(() -> program.getTasks().size()) == 1, "redo");

			// a message drawn from process 0 to process 1 of the second step
			Step second = program.getSteps().get(1);
			String stepId = DiagramIds.of(second);
			client.send(new CreateEdgeOperation(ProgramDiagram.MESSAGE, DiagramIds.process(stepId, 0),
					DiagramIds.process(stepId, 1)));
			client.await(() -> document.read(() -> second.getMessages().size()) == 1, "the new message");
			assertEquals("0", second.getMessages().get(0).getFrom());
			assertEquals("1", second.getMessages().get(0).getTo());

			// a label edit renames the task
			client.send(new ApplyLabelEditOperation(DiagramIds.label(DiagramIds.of(task)), "worker"));
			client.await(() -> "worker".equals(document.read(task::getName)), "the rename");

			client.send(new SaveModelAction());
			client.await(() -> !document.isDirty(), "the save");
			String saved = Files.readString(file);
			assertTrue(saved.contains("name=\"worker\"") && saved.contains("p0 to p1"), saved);
			assertTrue(Files.exists(dir.resolve("matvec.program.notation")), "positions beside the model");

			// layout on demand: one command moving the shapes, undone at once
			String before = document.read(() -> String.valueOf(document.notation().position(second, "")));
			client.send(new org.eclipse.glsp.server.operations.LayoutOperation(List.of()));
			client.await(() -> document.isDirty(), "the layout");
			client.send(new UndoAction());
			client.await(() -> !document.isDirty(), "the layout undone");
			assertEquals(before, document.read(() -> String.valueOf(document.notation().position(second, ""))));

			client.send(new DeleteOperation(List.of(DiagramIds.of(task))));
			client.await(() -> document.read(() -> program.getTasks().isEmpty()), "the delete");
			assertTrue(document.isDirty());
			assertEquals(0, client.count("message"), "no error reported: " + client.received);
		}
	}

	/** A copy of the matvec example (program and ring machine) in the test folder, loaded as a document. */
	private DiagramDocument document(String name) throws Exception {
		Path examples = Path.of(System.getProperty("perfcast.examples", "../../examples"), "matvec-ring");
		for (String f : List.of("matvec.program", "ring.machine")) {
			if (!Files.exists(dir.resolve(f))) {
				Files.copy(examples.resolve(f), dir.resolve(f));
			}
		}
		return load(dir.resolve(name));
	}

	private static DiagramDocument load(Path file) {
		AdapterFactoryEditingDomain domain = new AdapterFactoryEditingDomain(new ComposedAdapterFactory(
				ComposedAdapterFactory.Descriptor.Registry.INSTANCE), new BasicCommandStack(), ModelFiles.newResourceSet());
		ModelFiles.Loaded loaded = ModelFiles.load(domain.getResourceSet(), URI.createFileURI(file.toString()),
				file.getFileName().toString());
		assertTrue(loaded.ok(), loaded.diagnostics().toString());
		return new DiagramDocument(domain, loaded.resource(), ModelThread.locked());
	}

	private static String uri(DiagramDocument document) {
		return document.resource().getURI().toString();
	}

	private static boolean hasClass(GlspTestClient client, String id, String css) {
		GModelElement element = client.element(id);
		return element != null && element.getCssClasses().contains(css);
	}

	private static boolean errorSaying(GlspTestClient client, String text) {
		return client.received.stream().anyMatch(a -> a instanceof MessageAction m && m.getMessage().contains(text));
	}

	@Test
	void testProcessesFromThePaletteReconnectedMessagesAndChangesMadeElsewhere() throws Exception {
		DiagramDocument document = document("matvec.program");
		Program program = (Program) document.root();
		try (GlspTestClient client = new GlspTestClient(new ProgramDiagramModule(), uri(document), document)) {
			String exchange = DiagramIds.of(program.getSteps().get(0));
			String update = DiagramIds.of(program.getSteps().get(1));
			// the process count is the parameter P (default 6): a new process raises its default
			client.send(new CreateNodeOperation(ProgramDiagram.PROCESS, GraphUtil.point(0, 0)));
			client.await(() -> "7".equals(document.read(() -> program.getParameters().get(1).getDefaultValue())), "P = 7");
			client.await(() -> client.element(DiagramIds.process(update, 6)) != null, "process 6 drawn");

			// a message drawn, then its ends moved to processes 2 and 3
			client.send(new CreateEdgeOperation(ProgramDiagram.MESSAGE, DiagramIds.process(update, 0),
					DiagramIds.process(update, 1)));
			client.await(() -> document.read(() -> program.getSteps().get(1).getMessages().size()) == 1, "the message");
			Message message = program.getSteps().get(1).getMessages().get(0);
			String edge = DiagramIds.of(message) + "-0";
			client.await(() -> client.element(edge) != null, "the message drawn");
			client.send(new ReconnectEdgeOperation(edge, DiagramIds.process(update, 2), DiagramIds.process(update, 3)));
			client.await(() -> "2".equals(document.read(message::getFrom)) && "3".equals(document.read(message::getTo)),
					"the reconnected message");
			client.send(new UndoAction());
			client.await(() -> "0".equals(document.read(message::getFrom)), "the reconnection undone");

			// a message with index ranges keeps its expressions: the user is told where to change them
			Message indexed = program.getSteps().get(0).getMessages().get(0);
			client.send(new ReconnectEdgeOperation(DiagramIds.of(indexed) + "-0", DiagramIds.process(exchange, 3),
					DiagramIds.process(exchange, 4)));
			client.await(() -> errorSaying(client, "index ranges"), "the refusal");
			assertEquals("p", document.read(indexed::getFrom));

			// a change made outside the diagram (the Properties view, the tree editor) is drawn at once
			long updates = client.count("updateModel");
			document.execute(SetCommand.create(document.domain(), program.getSteps().get(0),
					CorePackage.Literals.NAMED_ELEMENT__NAME, "exchange blocks"));
			client.await(() -> client.count("updateModel") > updates
					&& client.element(DiagramIds.label(exchange)) instanceof GLabel label
					&& "exchange blocks".equals(label.getText()), "the outside rename drawn");

			// only the last of counted processes can be deleted
			client.send(new DeleteOperation(List.of(DiagramIds.process(update, 2))));
			client.await(() -> errorSaying(client, "only the last"), "the refusal to delete p2");
			client.send(new DeleteOperation(List.of(DiagramIds.process(update, 6))));
			client.await(() -> "6".equals(document.read(() -> program.getParameters().get(1).getDefaultValue())), "P = 6");

			// the editor closed while the model stays open elsewhere: the diagram no longer follows its changes
			client.await(() -> client.element(DiagramIds.process(update, 6)) == null, "process 6 gone");
			document.close();
			long before = client.count("updateModel") + client.count("setModel");
			document.execute(SetCommand.create(document.domain(), program.getSteps().get(0),
					CorePackage.Literals.NAMED_ELEMENT__NAME, "after close"));
			for (long end = System.nanoTime() + 500_000_000L; System.nanoTime() < end; Thread.sleep(20)) {
				client.await(() -> true, "bounds requests answered"); // a redraw would now come back as an update
			}
			assertEquals(before, client.count("updateModel") + client.count("setModel"));
		}
	}

	@Test
	void testPredictionsDecorateTheProgramDiagram() throws Exception {
		DiagramDocument document = document("matvec.program");
		Program program = (Program) document.root();
		Pamela.Result result = Pamela.analyseProgram(dir.resolve("matvec.program"), "matvec.program",
				ParameterBindings.EMPTY, EngineMonitor.NULL);
		CriticalPath path = result.criticalPath();
		// ring of 6, b = 10: process 0 sends 100 items over 1 + 2 + 3 + 4 + 5 hops of 0.025; then 2 b N t_f = 240
		assertEquals(2, path.steps().size());
		assertEquals(0, path.steps().get(0).process());
		assertEquals(37.5, path.steps().get(0).time(), 1e-9);
		assertEquals(240, path.steps().get(1).time(), 1e-9);
		assertEquals(result.prediction().Tcplx(), path.length(), 1e-9);

		String exchange = DiagramIds.of(program.getSteps().get(0));
		try (GlspTestClient client = new GlspTestClient(new ProgramDiagramModule(), uri(document), document)) {
			document.decorate(Predictions.program(result.prediction(), path, List.of(
					new Decorations.DiagramMarker(exchange, "warning",
							"contention on l[0] <a href=\"https://x\" style=\"position:fixed;inset:0\">x</a>"),
					new Decorations.DiagramMarker(DiagramIds.of(program.getSteps().get(0).getMessages().get(0)), "info",
							"30 messages"))));
			client.await(() -> hasClass(client, DiagramIds.process(exchange, 0), "critical"), "the critical process");
			String message = DiagramIds.of(program.getSteps().get(0).getMessages().get(0));
			int critical = 0;
			for (int k = 0; k < 30; k++) {
				GEdge edge = (GEdge) client.element(message + "-" + k);
				boolean fromZero = edge.getSourceId().equals(DiagramIds.process(exchange, 0));
				assertEquals(fromZero, edge.getCssClasses().contains("critical"), edge.getId());
				critical += fromZero ? 1 : 0;
			}
			assertEquals(5, critical, "process 0's five messages are on the critical path");
			assertFalse(hasClass(client, DiagramIds.process(exchange, 1), "critical"));

			// the markers as GLSP markers: one on the step, one on the message's first edge
			client.await(() -> client.last(SetMarkersAction.class).map(m -> m.getMarkers().size() == 2).orElse(false),
					"the markers");
			List<Marker> markers = client.last(SetMarkersAction.class).orElseThrow().getMarkers();
			assertEquals(exchange, markers.get(0).getElementId());
			assertEquals("warning", markers.get(0).getType());
			// GLSP's hover renders a marker's message as HTML: the model's text in it is escaped
			assertEquals("contention on l[0] &lt;a href=&quot;https://x&quot; style=&quot;position:fixed;inset:0&quot;"
					+ "&gt;x&lt;/a&gt;", markers.get(0).getDescription());
			assertEquals(message + "-0", markers.get(1).getElementId());

			// predicted times in tooltips
			client.send(new RequestPopupModelAction(DiagramIds.process(exchange, 0), GraphUtil.bounds(0, 0, 10, 10)));
			client.await(() -> client.last(SetPopupModelAction.class).isPresent(), "the tooltip");
			String html = ((GPreRenderedElement) client.last(SetPopupModelAction.class).orElseThrow().getNewRoot()
					.getChildren().get(0)).getCode();
			assertTrue(html.contains("on the critical path: computes and sends for 37.5"), html);
			client.send(new RequestPopupModelAction(exchange, GraphUtil.bounds(0, 0, 10, 10)));
			client.await(() -> client.count("setPopupModel") == 2, "the step's tooltip");
			html = ((GPreRenderedElement) client.last(SetPopupModelAction.class).orElseThrow().getNewRoot().getChildren()
					.get(0)).getCode();
			assertTrue(html.contains("step time 37.5") && html.contains("14 % of the critical path"), html);
		}
	}

	@Test
	void testMachineDiagramProcessorsLinksAndLoads() throws Exception {
		Path file = dir.resolve("custom.machine");
		Files.writeString(file, """
				<?xml version="1.0" encoding="UTF-8"?>
				<machine:Machine xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
				    xmlns:machine="http://perfcast.org/model/machine/1.0" name="custom" processorCount="3">
				  <processors name="front" index="0"/>
				  <processors name="back" index="2"/>
				  <topology xsi:type="machine:CustomTopology" hopTime="1">
				    <links name="a" source="0" target="1"/>
				    <links name="b" source="1" target="2"/>
				  </topology>
				</machine:Machine>
				""");
		DiagramDocument document = load(file);
		Machine machine = (Machine) document.root();
		CustomTopology topology = (CustomTopology) machine.getTopology();
		try (GlspTestClient client = new GlspTestClient(new MachineDiagramModule(), uri(document), document)) {
			assertTrue(client.element("p2") instanceof GNode && client.element("p3") == null);
			client.send(new CreateNodeOperation(MachineDiagram.PROCESSOR, GraphUtil.point(0, 0)));
			client.await(() -> "4".equals(document.read(machine::getProcessorCount)), "four processors");
			client.await(() -> client.element("p3") != null, "P3 drawn");

			client.send(new CreateEdgeOperation(MachineDiagram.LINK, "p0", "p3"));
			client.await(() -> document.read(() -> topology.getLinks().size()) == 3, "the new link");
			Link link = topology.getLinks().get(2);
			assertEquals(0, link.getSource());
			assertEquals(3, link.getTarget());
			client.await(() -> client.element("link-0-3") != null, "the link drawn");
			client.send(new ReconnectEdgeOperation("link-0-3", "p2", "p3"));
			client.await(() -> document.read(link::getSource) == 2, "the link reconnected");

			// deleting P1: its links go, P2 and P3 become P1 and P2 (names and links follow)
			client.send(new DeleteOperation(List.of("p1")));
			client.await(() -> "3".equals(document.read(machine::getProcessorCount)), "three processors");
			assertEquals(1, document.read(() -> topology.getLinks().size()));
			assertEquals(1, link.getSource());
			assertEquals(2, link.getTarget());
			assertEquals(List.of("front", "back"), machine.getProcessors().stream().map(Processor::getName).toList());
			assertEquals(1, machine.getProcessors().get(1).getIndex());
			client.send(new UndoAction());
			client.await(() -> "4".equals(document.read(machine::getProcessorCount)), "the delete undone");
			assertEquals(3, topology.getLinks().size());
			assertEquals(2, machine.getProcessors().get(1).getIndex());
			assertEquals(2, link.getSource());
		}
	}

	@Test
	void testMachineLinksColouredByTheProgramsLoads() throws Exception {
		DiagramDocument document = document("ring.machine");
		Machine machine = (Machine) document.root();
		try (GlspTestClient client = new GlspTestClient(new MachineDiagramModule(), uri(document), document)) {
			// a ring's links are fixed by its topology: drawing one is refused with the reason
			client.send(new CreateEdgeOperation(MachineDiagram.LINK, "p0", "p3"));
			client.await(() -> errorSaying(client, "only in a custom topology"), "the refusal");

			Pamela.Result result = Pamela.analyseProgram(dir.resolve("matvec.program"), "matvec.program",
					ParameterBindings.EMPTY, EngineMonitor.NULL);
			Program program = (Program) load(dir.resolve("matvec.program")).root();
			Map<Integer, Double> u = ProgramDerivation.linkUtilisation(program, "matvec.program", ParameterBindings.EMPTY,
					Solver.EXACT, EngineMonitor.NULL);
			assertEquals(6, u.size());
			u.values().forEach(x -> assertTrue(x > 0 && x < 1, "U = " + x));
			Network network = MachineDiagram.network(machine, ParameterEnvironment.of(machine, ParameterBindings.EMPTY).scope());
			Predictions.LinkLoad load = new Predictions.LinkLoad("matvec.program", result.prediction().resources(), u, "");
			document.decorate(Predictions.machine(network, List.of(load), Predictions.Colouring.WORKLOAD, List.of()));
			// the ring is symmetric: every link carries the largest workload
			client.await(() -> hasClass(client, "link-0-1", "load-4"), "the links coloured");
			for (int p = 0; p < 6; p++) {
				String id = "link-" + Math.min(p, (p + 1) % 6) + "-" + Math.max(p, (p + 1) % 6);
				assertTrue(hasClass(client, id, "load-4"), id);
			}
			// by utilisation: U of the ring's links is the fraction of the program's time they are busy
			document.decorate(Predictions.machine(network, List.of(load), Predictions.Colouring.UTILISATION, List.of()));
			int expected = (int) Math.floor(u.get(0) * 5);
			client.await(() -> hasClass(client, "link-0-1", "load-" + expected), "the links coloured by U");
			client.send(new RequestPopupModelAction("link-0-1", GraphUtil.bounds(0, 0, 10, 10)));
			client.await(() -> client.last(SetPopupModelAction.class).isPresent(), "the link's tooltip");
			String html = ((GPreRenderedElement) client.last(SetPopupModelAction.class).orElseThrow().getNewRoot()
					.getChildren().get(0)).getCode();
			assertTrue(html.contains("in matvec.program: σ = " + Numbers.format(result.prediction().resources().get("l[0]")))
					&& html.contains("U = "), html);
		}
	}
}
