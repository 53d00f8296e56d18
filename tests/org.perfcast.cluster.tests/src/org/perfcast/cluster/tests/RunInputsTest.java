package org.perfcast.cluster.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.cli.EngineRegistry;
import org.perfcast.cluster.ClusterException;
import org.perfcast.cluster.RunInputs;
import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.engine.run.Engine;
import org.perfcast.engine.run.EngineInput;
import org.perfcast.engine.run.EngineResult;
import org.perfcast.engine.run.OptionValues;
import org.perfcast.engine.run.RunRequest;

/**
 * What a run through ssh copies to the cluster: the model and the files it refers to, per kind of model, and never a
 * hidden file or one outside the model's folder.
 */
class RunInputsTest {

	@TempDir
	Path dir;

	private static final Path EXAMPLES = Path.of(System.getProperty("perfcast.examples"));

	@Test
	void aProgramTakesItsMachineAndLayoutAndTheFilesItsOptionsName() throws Exception {
		Path folder = copy("gauss-elim", "gauss-elim.program", "meiko.machine", "here.machine", "diagonal.layout",
				"row-striped.layout");
		Files.writeString(folder.resolve(".netrc"), "machine example.org password secret\n");
		assertEquals(List.of("gauss-elim.program", "meiko.machine", "diagonal.layout"),
				inputs("loggp", folder.resolve("gauss-elim.program"), Map.of()));
		assertEquals(List.of("gauss-elim.program", "here.machine", "row-striped.layout", "meiko.machine",
				"diagonal.layout"), inputs("loggp", folder.resolve("gauss-elim.program"),
						Map.of("machine", "here.machine", "layouts", "row-striped.layout")));
	}

	@Test
	void aTraceTakesTheRanksFilesOfItsIndex() throws Exception {
		Path folder = copy("mpi-validation/jacobi-2-ranks", "trace.mpitrace", "rank-0.txt", "rank-1.txt");
		Files.writeString(folder.resolve("unrelated.txt"), "x\n");
		assertEquals(List.of("trace.mpitrace", "rank-0.txt", "rank-1.txt"), inputs("replay",
				folder.resolve("trace.mpitrace"), Map.of()));
	}

	@Test
	void aPamelaTextTakesWhatItImports() throws Exception {
		Path folder = copy("matvec-ring", "ring.machine");
		Files.writeString(folder.resolve("parts.pamela"), "param t_f = 1\n");
		Files.writeString(folder.resolve("main.pamela"), "import \"parts.pamela\"\nmachine \"ring.machine\"\n"
				+ "main = par(p = 0 .. P - 1) seq { delay(t_f); use(l[p], t_l) }\n");
		assertEquals(Set.of("main.pamela", "parts.pamela", "ring.machine"),
				Set.copyOf(inputs("pamela", folder.resolve("main.pamela"), Map.of())));
	}

	@Test
	void aCProgramTakesItsSummaryAndTheHeadersItIncludesBesideIt() throws Exception {
		Path folder = copy("mpi-validation", "jacobi.c", "loggp-params.c", "revprof-summary.txt");
		Files.createDirectories(folder.resolve("inc"));
		Files.writeString(folder.resolve("inc/grid.h"), "#include \"size.h\"\n");
		Files.writeString(folder.resolve("inc/size.h"), "#define N 10\n");
		Files.writeString(folder.resolve("jacobi.c"), "#include \"inc/grid.h\"\n" + Files.readString(folder.resolve(
				"jacobi.c")));
		assertEquals(List.of("jacobi.c", "inc/grid.h", "inc/size.h", "revprof-summary.txt"),
				inputs("revprof", folder.resolve("jacobi.c"), Map.of()));
	}

	@Test
	void aPatternTakesItselfAlone() throws Exception {
		Path folder = copy("loggp-step", "figure3.pattern");
		Files.writeString(folder.resolve(".netrc"), "secret\n");
		assertEquals(List.of("figure3.pattern"), inputs("loggp-step", folder.resolve("figure3.pattern"), Map.of()));
	}

	@Test
	void aHiddenFileAModelRefersToIsRefusedByName() throws Exception {
		Path folder = copy("matvec-ring", "matvec.program", "ring.machine");
		Files.move(folder.resolve("ring.machine"), folder.resolve(".ring.machine"));
		Files.writeString(folder.resolve("matvec.program"), Files.readString(folder.resolve("matvec.program"))
				.replace("href=\"ring.machine#/\"", "href=\".ring.machine#/\""));
		ClusterException e = assertThrows(ClusterException.class,
				() -> inputs("mapping", folder.resolve("matvec.program"), Map.of()));
		assertEquals(folder.resolve(".ring.machine") + ", which matvec.program refers to, is hidden (.ring.machine): a run"
				+ " through ssh never copies hidden files, such as .netrc, to the cluster; rename it", e.getMessage());
	}

	@Test
	void aFileOutsideTheModelsFolderIsRefusedByNameAsAPathOrALink() throws Exception {
		Path folder = copy("gauss-elim", "gauss-elim.program", "meiko.machine", "diagonal.layout");
		Files.copy(EXAMPLES.resolve("gauss-elim/here.machine"), dir.resolve("outside.machine"));
		ClusterException outside = assertThrows(ClusterException.class, () -> inputs("loggp",
				folder.resolve("gauss-elim.program"), Map.of("machine", "../outside.machine")));
		assertTrue(outside.getMessage().startsWith(dir.resolve("outside.machine") + ", which gauss-elim.program refers"
				+ " to, is outside the model's folder " + folder + ": "), outside.getMessage());
		Files.createSymbolicLink(folder.resolve("link.machine"), dir.resolve("outside.machine"));
		ClusterException link = assertThrows(ClusterException.class, () -> inputs("loggp",
				folder.resolve("gauss-elim.program"), Map.of("machine", "link.machine")));
		assertTrue(link.getMessage().startsWith(folder.resolve("link.machine") + ", which gauss-elim.program refers to,"
				+ " is a link to " + dir.resolve("outside.machine").toRealPath() + ", outside the model's folder "),
				link.getMessage());
	}

	@Test
	void anEngineThatDoesNotSayWhatItReadsGetsTheModelAlone() throws Exception {
		Path folder = copy("loggp-step", "figure3.pattern");
		Files.writeString(folder.resolve("data.txt"), "x\n");
		Engine silent = new Engine() {
			@Override
			public String id() {
				return "silent";
			}

			@Override
			public String name() {
				return "Silent";
			}

			@Override
			public String version() {
				return "1";
			}

			@Override
			public Set<String> fileExtensions() {
				return Set.of("pattern");
			}

			@Override
			public EngineResult run(EngineInput input, EngineMonitor monitor) {
				throw new UnsupportedOperationException();
			}
		};
		RunInputs inputs = RunInputs.of(silent, request(silent, folder.resolve("figure3.pattern"), Map.of()));
		assertEquals(List.of(Path.of("figure3.pattern")), inputs.files());
		assertFalse(inputs.complete());
	}

	private List<String> inputs(String engineId, Path model, Map<String, String> options) throws ClusterException {
		Engine engine = EngineRegistry.builtin().engine(engineId).orElseThrow();
		RunInputs inputs = RunInputs.of(engine, request(engine, model, options));
		assertTrue(inputs.complete());
		assertEquals(model.getParent(), inputs.folder());
		return inputs.files().stream().map(Path::toString).toList();
	}

	private static RunRequest request(Engine engine, Path model, Map<String, String> options) {
		return new RunRequest(model, model.getFileName().toString(), ParameterBindings.of(Map.of()), List.of(),
				OptionValues.of(engine.options(), options));
	}

	/** A folder of {@code dir} with copies of {@code names} of the example {@code example}. */
	private Path copy(String example, String... names) throws IOException {
		Path folder = Files.createDirectories(dir.resolve(Path.of(example).getFileName()));
		for (String name : names) {
			Files.copy(EXAMPLES.resolve(example).resolve(name), folder.resolve(name));
		}
		return folder;
	}
}
