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

	static final String PROGRAM_TAB = "Program";
	static final String PROJECT_GROUP = "Project";
	static final String PROJECT_TIP = "The project that receives the trace PROGRAM.vtrace and whose source files get "
			+ "the bottleneck markers";
	static final String PROGRAM_GROUP = "Program";
	static final String PROGRAM_TIP = "The executable to record, relative to the project or absolute; ${...} "
			+ "variables are expanded. Build it with -pthread, and -g for source lines in the markers.";
	static final String PROGRAM_BROWSE = "Choose the executable to record:";
	static final String WORKSPACE = "&Workspace…";
	static final String FILE_SYSTEM = "File &System…";
	static final String ARGUMENTS_GROUP = "Program arguments";
	static final String ARGUMENTS_TIP = "The program's arguments; quote an argument with spaces: \"two words\"";
	static final String DIRECTORY_GROUP = "Working directory";
	static final String DIRECTORY_TIP = "Where the program and the build command run: relative to the project, or "
			+ "absolute; empty for the project's folder";
	static final String DIRECTORY_DEFAULT = "the project's folder";
	static final String BUILD_GROUP = "Build before recording";
	static final String BUILD_TIP = "A shell command run in the working directory before each recording, e.g. make; "
			+ "its output goes to the Console and a failure stops the launch. Empty for none.";
	static final String BUILD_EXAMPLE = "e.g. make (empty: record the program as it is)";

	static final String PREDICTION_TAB = "Prediction";
	static final String PREDICTION_GROUP = "Prediction of the recording";
	static final String PROCESSORS_LABEL = "Bottlenecks on &processors:";
	static final String PROCESSORS_TIP = "The processor count whose bottlenecks are marked on the source lines";
	static final String VISIBLE_LABEL = "Processors the program &sees:";
	static final String VISIBLE_TIP = "The program runs on one processor but sees this many (the processor count, "
			+ "affinity masks, /proc/cpuinfo, OpenMP's default team, Java's availableProcessors): a pool sized from "
			+ "the processor count gets this size. Record with the processor count you predict.";
	static final String PREDICTION_HELP = "When the program has ended, its trace is predicted on 1, 2, 4 and 8 "
			+ "processors and on this many, and the synchronisation points that hold it back on this many (those on "
			+ "the critical path, and where threads wait at least 1 % of their time) become warnings on their source "
			+ "lines, listed in the Problems view. The next prediction replaces them.";

	static final String RECORD_SHORTCUT_TITLE = "Perfcast Recorded Program";
	static final String PROMPT_TITLE = "Perfcast recording";
	static final String PROMPT_MESSAGE = "The recording of %s is in %s.\n\nPredict its run on %s processors now, and "
			+ "mark its bottlenecks on %d? (Run configuration '%s'.)";
	static final String PROMPT_TOGGLE = "Always predict after recording";

	static final String RUN_ON_TAB = "Run On";
	static final String RUN_ON_LABEL = "Run the points of the sweeps on:";
	static final String RUN_ON_THIS_MACHINE = "&This machine (in parallel, one point per processor)";
	static final String RUN_ON_SLURM = "&SLURM cluster (a job array; the results arrive in the Results view as tasks end)";
	static final String RUN_ON_CLUSTER = "Submitted with sbatch on %s; partition: %s; time limit: %s; nodes run: %s";
	static final String RUN_ON_LOCAL_SBATCH = "this machine";
	static final String RUN_ON_DEFAULT = "the cluster's default";
	static final String RUN_ON_PREFERENCES = "<a>Cluster settings...</a>";

	static final String CLUSTER_DESCRIPTION = "Where simulations that run on a SLURM cluster are submitted. The "
			+ "cluster's nodes run the perfcast-cli distribution (see docs/sweeps.md, Sweeps on a SLURM cluster).";
	static final String CLUSTER_SUBMIT = "Submit with";
	static final String CLUSTER_SUBMIT_LOCAL = "this machine's sbatch (its file system is shared with the nodes)";
	static final String CLUSTER_SUBMIT_SSH = "ssh to a login node (keys or an agent; no password prompt)";
	static final String CLUSTER_HOST = "Login node (ssh):";
	static final String CLUSTER_USER = "User (ssh; empty: ssh's default):";
	static final String CLUSTER_REMOTE_DIR = "Folder for the jobs' files (ssh):";
	static final String CLUSTER_PARTITION = "Partition (empty: the default):";
	static final String CLUSTER_TIME_LIMIT = "Time limit per task (e.g. 30, 2:00:00):";
	static final String CLUSTER_DISTRIBUTION = "perfcast-cli installed in (empty: on PATH):";
	static final String CLUSTER_POINTS_PER_TASK = "Points per task (0: chosen):";

	private Messages() {
	}
}
