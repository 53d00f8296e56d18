package org.perfcast.diagram.server;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.glsp.graph.GNode;
import org.perfcast.engine.expr.ExpressionException;
import org.perfcast.engine.expr.Scope;
import org.perfcast.model.program.Message;
import org.perfcast.model.program.Process;
import org.perfcast.model.program.Program;
import org.perfcast.model.program.Step;
import org.perfcast.model.program.Task;

/**
 * Draws a program: each step a group holding a node per process, its messages as edges between them labelled
 * with their size (one edge per message an indexed element stands for, with the parameters' defaults), and the
 * tasks as nodes with their dependencies as edges.
 */
public final class ProgramDiagram {

	/** The diagram type. */
	public static final String TYPE = "perfcast-program";
	public static final String STEP = "node:step";
	public static final String PROCESS = "node:process";
	public static final String TASK = "node:task";
	public static final String MESSAGE = "edge:message";
	public static final String DEPENDENCY = "edge:dependency";

	/** At most this many processes are drawn per step. */
	public static final int MAX_PROCESSES = 1000;
	/** At most this many message edges are drawn in all. */
	public static final int MAX_MESSAGES = 20_000;

	private ProgramDiagram() {
	}

	/** The number of processes of {@code program}: its listed processes, else its process count. */
	public static long processCount(Program program, Scope scope) {
		if (!program.getProcesses().isEmpty()) {
			return program.getProcesses().size();
		}
		return Expressions.integer(program.getProcessCount(), scope, 0);
	}

	/** The label of process {@code p}. */
	public static String processName(Program program, long p) {
		if (p < program.getProcesses().size()) {
			Process process = program.getProcesses().get((int) p);
			if (process.getName() != null && !process.getName().isBlank()) {
				return process.getName();
			}
		}
		return "p" + p;
	}

	/** Draws {@code program} into {@code drawing}. */
	public static void draw(Program program, Drawing drawing) {
		Scope scope = Expressions.scope(program);
		long processes = processCount(program, scope);
		if (processes == 0 && !program.getSteps().isEmpty()) {
			drawing.notes().add("the process count '" + program.getProcessCount() + "' does not evaluate to a number of processes");
		}
		if (processes > MAX_PROCESSES) {
			drawing.notes().add("only the first " + MAX_PROCESSES + " of " + processes + " processes are drawn");
			processes = MAX_PROCESSES;
		}
		int edges = 0;
		for (Step step : program.getSteps()) {
			String stepId = DiagramIds.of(step);
			GNode group = drawing.group(STEP, stepId, name(step.getName(), "step"), step, step, "");
			List<GNode> nodes = new ArrayList<>();
			for (long p = 0; p < processes; p++) {
				String id = DiagramIds.process(stepId, p);
				GNode node = drawing.node(PROCESS, id, processName(program, p),
					p < program.getProcesses().size() ? program.getProcesses().get((int) p) : null, step, "p" + p);
				drawing.index().process(id, step, p);
				nodes.add(node);
				Drawing.body(group).getChildren().add(node);
			}
			for (Message message : step.getMessages()) {
				String messageId = DiagramIds.of(message);
				List<MessageInstances.Instance> instances;
				try {
					instances = MessageInstances.of(message, scope, MAX_MESSAGES - edges + 1);
				} catch (ExpressionException | ArithmeticException e) {
					drawing.notes().add("message " + name(message.getName(), messageId) + " is not drawn: " + e.getMessage());
					continue;
				}
				int k = 0;
				for (MessageInstances.Instance m : instances) {
					if (edges >= MAX_MESSAGES) {
						drawing.notes().add("only the first " + MAX_MESSAGES + " messages are drawn");
						break;
					}
					if (m.from() == m.to() || m.from() < 0 || m.to() < 0 || m.from() >= processes || m.to() >= processes) {
						continue;
					}
					String edgeId = messageId + "-" + k++;
					Drawing.body(group).getChildren().add(drawing.edge(MESSAGE, edgeId,
						nodes.get((int) m.from()), nodes.get((int) m.to()), sizeLabel(message), message));
					drawing.key(edgeId, DiagramIds.messageInstance(messageId, m.from(), m.to()));
					edges++;
				}
			}
			drawing.add(group);
		}
		List<GNode> taskNodes = new ArrayList<>();
		for (Task task : program.getTasks()) {
			String id = DiagramIds.of(task);
			GNode node = drawing.node(TASK, id, name(task.getName(), "task"), task, task, "");
			taskNodes.add(node);
			drawing.add(node);
		}
		for (int t = 0; t < program.getTasks().size(); t++) {
			Task task = program.getTasks().get(t);
			for (int d = 0; d < task.getDependsOn().size(); d++) {
				int before = program.getTasks().indexOf(task.getDependsOn().get(d));
				if (before >= 0) {
					drawing.add(drawing.edge(DEPENDENCY, DiagramIds.of(task) + "-dep" + d, taskNodes.get(before),
						taskNodes.get(t), null, task));
				}
			}
		}
	}

	/** The text of a message edge's label: its size expression. */
	static String sizeLabel(Message message) {
		return message.getSize() == null || message.getSize().isBlank() ? "?" : message.getSize();
	}

	static String name(String name, String fallback) {
		return name == null || name.isBlank() ? fallback : name;
	}
}
