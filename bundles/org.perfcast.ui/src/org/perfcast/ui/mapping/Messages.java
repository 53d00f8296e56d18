package org.perfcast.ui.mapping;

/** UI text of the Mapping view and the mapping quick fix. */
final class Messages {

	static final String SWITCH_LABEL = "Switch the mapping to %s";
	static final String SWITCH_DESCRIPTION = "Sets the program's mapping technique to %s, predicted fastest (T = %s)."
			+ " The change is made in the model editor, so Undo takes it back.";
	static final String FASTEST = "the fastest technique";
	static final String SWITCH_DESCRIPTION_UNKNOWN = "Predicts the program again and sets its mapping technique to the"
			+ " fastest. The change is made in the model editor, so Undo takes it back.";
	static final String PREDICTING = "Predicting the fastest mapping of %s";
	static final String ALREADY_BEST = "%s already declares the fastest mapping technique, or advises no loop; nothing to switch.";
	static final String SWITCH_FAILED = "Cannot switch the mapping of %s";
	static final String NOT_A_PROGRAM = "%s does not contain a program model.";

	static final String NO_PROGRAM = "Select a program model (*.program) in the Project Explorer or open one in an editor"
			+ " to see how each mapping technique performs.";
	static final String ANALYSING = "Analysing %s…";
	static final String HAS_ERRORS = "%s has errors (see the Problems view); no prediction until they are fixed.";
	static final String FAILED = "%s: %s";
	static final String GENERAL_MODEL = "%s: general execution model, T = %s (processor %d finishes last)";
	static final String LOOP_HEADER = "%s: %s";
	static final String CROSSOVER = "%s and %s swap places at %s = %s%s";
	static final String APPROXIMATE = " (approximately)";
	static final String NO_CROSSOVER = "No crossover: the ranking of the two fastest does not flip in BB or N.";

	static final String COLUMN_TECHNIQUE = "Technique";
	static final String COLUMN_T = "T";
	static final String COLUMN_T_LOWER = "T lower";
	static final String COLUMN_T_UPPER = "T upper";
	static final String COLUMN_REMARK = "Remark";
	static final String COLUMN_PROCESSOR = "Processor";
	static final String BEST = "best";
	static final String DECLARED = "declared";
	static final String TOO_CLOSE = "too close to call";
	static final String NOT_APPLICABLE = "not applicable: %s";
	static final String CHART_AGAINST = "T against";
	static final String CHART_Y = "predicted T";
	static final String CHART_Y_IN = "predicted T (%s)";
	static final String CHART_Y_RELATIVE = "T / T of the fastest";
	static final String CHART_RELATIVE = "Relative to the fastest";
	static final String CHART_RELATIVE_TIP = "Divide each T by the smallest T at the same value, so that crossovers show as lines crossing 1";
	static final String CHART_CURRENT = "this program";
	static final String CHART_UNAVAILABLE = "No sensitivity chart: %s";

	private Messages() {
	}
}
