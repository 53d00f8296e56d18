package org.perfcast.ui.internal.tour;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.eclipse.core.commands.ParameterizedCommand;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.part.ViewPart;
import org.osgi.framework.Bundle;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The Perfcast Tour: the steps of {@code tour/tour.xml} (Eclipse's cheat sheet format: an intro, then items with a
 * title, a description and an {@code <action class param1...>} or a {@code <command serialization>}), each with a
 * button that does it and a mark when done.
 */
public final class TourView extends ViewPart {

	/**
	 * A step of the tour.
	 *
	 * @param title       its title
	 * @param description what it says
	 * @param action      the class of its {@link TourAction}, or empty
	 * @param params      the action's parameters
	 * @param command     the serialized command it runs instead, or empty
	 */
	public record Step(String title, String description, String action, List<String> params, String command) {
	}

	private final List<Button> buttons = new ArrayList<>();
	private final List<Label> marks = new ArrayList<>();
	private List<Step> steps = List.of();
	private ScrolledComposite scrolled;
	private Font bold;

	@Override
	public void createPartControl(Composite parent) {
		scrolled = new ScrolledComposite(parent, SWT.V_SCROLL);
		Composite body = new Composite(scrolled, SWT.NONE);
		body.setLayout(new GridLayout(2, false));
		FontData[] data = parent.getFont().getFontData();
		for (FontData d : data) {
			d.setStyle(SWT.BOLD);
		}
		bold = new Font(parent.getDisplay(), data);
		String intro;
		try {
			Element root = document();
			intro = text(root.getElementsByTagName("intro"));
			steps = steps(root);
			setPartName(root.getAttribute("title"));
		} catch (Exception e) {
			ILog.of(TourView.class).log(Status.error("Cannot read the tour", e));
			intro = "The tour cannot be read: " + e.getMessage();
		}
		label(body, intro, 2, false);
		for (int i = 0; i < steps.size(); i++) {
			Step step = steps.get(i);
			Label mark = new Label(body, SWT.NONE);
			mark.setText("  ");
			marks.add(mark);
			label(body, (i + 1) + ". " + step.title(), 1, true);
			new Label(body, SWT.NONE);
			label(body, step.description(), 1, false);
			new Label(body, SWT.NONE);
			Button button = new Button(body, SWT.PUSH);
			button.setText(i == 0 ? "Begin: do step 1" : "Do step " + (i + 1));
			int index = i;
			button.addListener(SWT.Selection, e -> perform(index));
			buttons.add(button);
		}
		scrolled.setContent(body);
		scrolled.setExpandHorizontal(true);
		scrolled.setExpandVertical(true);
		scrolled.addListener(SWT.Resize, e -> {
			int width = scrolled.getClientArea().width;
			scrolled.setMinSize(body.computeSize(width, SWT.DEFAULT));
		});
	}

	private Label label(Composite body, String text, int span, boolean heading) {
		Label label = new Label(body, SWT.WRAP);
		label.setText(text);
		if (heading) {
			label.setFont(bold);
		}
		GridData layout = new GridData(SWT.FILL, SWT.TOP, true, false, span, 1);
		layout.widthHint = 200;
		label.setLayoutData(layout);
		return label;
	}

	/** The tour's steps, in order. */
	public List<Step> steps() {
		return steps;
	}

	/** Whether step {@code index} was done (its mark is set). */
	public boolean done(int index) {
		return "\u2713".equals(marks.get(index).getText());
	}

	/** The buttons that do the steps, in order. */
	public List<Button> buttons() {
		return buttons;
	}

	/**
	 * Does step {@code index} as its button does, marks it done when it succeeded and gives the next step's button the
	 * focus.
	 *
	 * @return whether it succeeded
	 */
	public boolean perform(int index) {
		boolean done = run(steps.get(index));
		if (done) {
			marks.get(index).setText("\u2713");
			if (index + 1 < buttons.size()) {
				buttons.get(index + 1).setFocus();
				scrolled.showControl(buttons.get(index + 1)); // the next step in sight
			}
		}
		return done;
	}

	private static boolean run(Step step) {
		try {
			if (!step.action().isEmpty()) {
				Bundle bundle = Platform.getBundle("org.perfcast.ui");
				TourAction action = (TourAction) bundle.loadClass(step.action()).getConstructor().newInstance();
				return action.run(step.params().toArray(String[]::new));
			}
			ICommandService commands = PlatformUI.getWorkbench().getService(ICommandService.class);
			ParameterizedCommand command = commands.deserialize(step.command());
			PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(command, null);
			return true;
		} catch (Exception e) {
			ILog.of(TourView.class).log(Status.error("The tour's step '" + step.title() + "' failed", e));
			return false;
		}
	}

	@Override
	public void setFocus() {
		if (!buttons.isEmpty()) {
			buttons.stream().filter(b -> !b.isDisposed()).findFirst().ifPresent(Button::setFocus);
		}
	}

	@Override
	public void dispose() {
		if (bold != null) {
			bold.dispose();
		}
		super.dispose();
	}

	private static Element document() throws Exception {
		try (InputStream in = Platform.getBundle("org.perfcast.ui").getEntry("tour/tour.xml").openStream()) {
			DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
			factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
			return factory.newDocumentBuilder().parse(in).getDocumentElement();
		}
	}

	/** The steps of the tour's document. */
	static List<Step> steps(Element root) {
		List<Step> steps = new ArrayList<>();
		NodeList items = root.getElementsByTagName("item");
		for (int i = 0; i < items.getLength(); i++) {
			Element item = (Element) items.item(i);
			String action = "";
			List<String> params = new ArrayList<>();
			String command = "";
			NodeList actions = item.getElementsByTagName("action");
			if (actions.getLength() > 0) {
				Element a = (Element) actions.item(0);
				action = a.getAttribute("class");
				for (int p = 1; a.hasAttribute("param" + p); p++) {
					params.add(a.getAttribute("param" + p));
				}
			}
			NodeList commands = item.getElementsByTagName("command");
			if (commands.getLength() > 0) {
				command = ((Element) commands.item(0)).getAttribute("serialization");
			}
			steps.add(new Step(item.getAttribute("title"), text(item.getElementsByTagName("description")), action,
					List.copyOf(params), command));
		}
		return steps;
	}

	/** The text of the first of {@code nodes}, its markup (<b>) left out and its lines joined. */
	private static String text(NodeList nodes) {
		if (nodes.getLength() == 0) {
			return "";
		}
		Node node = nodes.item(0);
		return node.getTextContent().strip().replaceAll("\\s*\\n\\s*", " ");
	}
}
