package org.perfcast.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;

/** Real mouse events on a diagram page in an SWT Browser, and waiting while the workbench runs. */
final class DiagramPages {

	private static final Pattern XY = Pattern.compile("\\{\"x\":(-?\\d+),\"y\":(-?\\d+)\\}");

	private DiagramPages() {
	}

	/** The display location of the centre of the page's {@code kind} ({@code element}, {@code palette}) {@code key}. */
	static Point centre(Browser browser, String kind, String key) {
		Object json = browser.evaluate("return window.perfcast.centre('" + kind + "', '" + key + "')");
		Matcher m = XY.matcher(String.valueOf(json));
		assertTrue(m.find(), "no " + kind + " " + key + " on the page: " + json);
		return browser.toDisplay(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
	}

	/** Moves the mouse to {@code at} in steps, as a hand does (the edge tool follows the moves), and clicks. */
	static void click(Display display, Point at) {
		Point from = display.getCursorLocation();
		for (int i = 1; i <= 8; i++) {
			move(display, from.x + (at.x - from.x) * i / 8, from.y + (at.y - from.y) * i / 8);
			pause(30);
		}
		Event down = new Event();
		down.type = SWT.MouseDown;
		down.button = 1;
		display.post(down);
		pause(60);
		Event up = new Event();
		up.type = SWT.MouseUp;
		up.button = 1;
		display.post(up);
		pause(400);
	}

	/** Moves the mouse to an empty corner of the page, so that no tooltip covers a screenshot. */
	static void restMouse(Browser browser) {
		Point corner = browser.toDisplay(browser.getSize().x - 30, browser.getSize().y - 30);
		move(browser.getDisplay(), corner.x, corner.y);
		pause(800);
	}

	private static void move(Display display, int x, int y) {
		Event move = new Event();
		move.type = SWT.MouseMove;
		move.x = x;
		move.y = y;
		display.post(move);
	}

	/** Runs the event loop for {@code millis}. */
	static void pause(long millis) {
		long end = System.currentTimeMillis() + millis;
		while (System.currentTimeMillis() < end) {
			UiTests.flush();
		}
	}
}
