package org.perfcast.ui.charts;

/** What is under the mouse in a {@link TimelineChart}: a bar or an arrow. */
public sealed interface TimelineHit {

	/** The caller's object of the bar or arrow (see {@link TimelineData.Bar#data()}), or null. */
	Object data();

	/**
	 * A bar.
	 *
	 * @param row   its row's index
	 * @param index its index in the row
	 * @param bar   the bar
	 */
	record OnBar(int row, int index, TimelineData.Bar bar) implements TimelineHit {
		@Override
		public Object data() {
			return bar.data();
		}
	}

	/**
	 * An arrow.
	 *
	 * @param index its index in the data's arrows
	 * @param arrow the arrow
	 */
	record OnArrow(int index, TimelineData.Arrow arrow) implements TimelineHit {
		@Override
		public Object data() {
			return arrow.data();
		}
	}
}
