package org.perfcast.ui.launch;

/** UI text of the simulation launch configuration. */
final class Messages {

	static final String MODEL_TAB = "Model";
	static final String MODEL_GROUP = "Model file";
	static final String MODEL_TIP = "The workspace path of the model to simulate, e.g. /project/matvec.program";
	static final String BROWSE = "&Browse…";
	static final String BROWSE_TITLE = "Model File";
	static final String BROWSE_MESSAGE = "Choose a model file that a simulation engine runs:";
	static final String NO_ENGINE_FOR = "No installed engine runs *.%s files";

	static final String ENGINE_TAB = "Engine";
	static final String ENGINE_LABEL = "&Engine:";
	static final String ENGINE_TIP = "The simulation engines that run this kind of model file";
	static final String OPTIONS_GROUP = "Options";
	static final String NO_OPTIONS = "This engine has no options.";
	static final String OPTION_HELP = "%s (default: %s)";
	static final String CHOOSE_ENGINE = "Choose an engine";

	static final String PARAMETERS_TAB = "Parameters";
	static final String BINDINGS_GROUP = "Parameter values (bound at every point)";
	static final String COLUMN_NAME = "Name";
	static final String COLUMN_VALUE = "Value";
	static final String ADD = "&Add";
	static final String REMOVE = "&Remove";
	static final String NEW_NAME = "N";
	static final String NEW_VALUE = "1";
	static final String SWEEPS_GROUP = "Sweeps (one a line; several make a grid)";
	static final String SWEEPS_TIP = "NAME=v1,v2,… or NAME=a..b:step, e.g. P=1,2,4,8 or N=100..1000:100."
			+ " Swept values override the parameter values above.";
	static final String POINTS = "%d points";
	static final String ONE_POINT = "1 point (no sweeps)";

	static final String SHORTCUT_NO_ENGINE = "No simulation engine runs %s.";
	static final String SHORTCUT_TITLE = "Perfcast Simulation";
	static final String SHORTCUT_CHOOSE = "Choose the engine to run %s:";

	private Messages() {
	}
}
