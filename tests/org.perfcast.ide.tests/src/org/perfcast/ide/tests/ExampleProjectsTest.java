package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.perfcast.ide.ExampleProjects;
import org.perfcast.ide.PerfcastProjects;

class ExampleProjectsTest {

	@AfterEach
	void tearDown() throws CoreException {
		for (IProject project : Workspaces.root().getProjects()) {
			project.delete(false, true, null); // keep the files: they are the repository's examples
		}
	}

	private static void writeProject(Path folder, String name) throws Exception {
		Files.createDirectories(folder);
		Files.writeString(folder.resolve(".project"), """
				<?xml version="1.0" encoding="UTF-8"?>
				<projectDescription>
					<name>%s</name>
					<comment></comment>
					<projects></projects>
					<buildSpec><buildCommand><name>org.perfcast.ide.builder</name><arguments></arguments></buildCommand></buildSpec>
					<natures><nature>org.perfcast.ide.nature</nature></natures>
				</projectDescription>
				""".formatted(name));
	}

	@Test
	void testImportsProjectFoldersInPlace(@TempDir Path dir) throws Exception {
		writeProject(dir.resolve("b-folder"), "beta");
		writeProject(dir.resolve("a-folder"), "alpha");
		Files.createDirectories(dir.resolve("not-a-project"));
		Files.writeString(dir.resolve("a-folder/model.txt"), "kept");

		List<IProject> projects = ExampleProjects.importAll(dir, null);
		assertEquals(List.of("alpha", "beta"), projects.stream().map(IProject::getName).toList());
		IProject alpha = projects.get(0);
		assertTrue(alpha.isOpen());
		assertTrue(PerfcastProjects.isPerfcastProject(alpha));
		assertEquals(IPath.fromPath(dir.resolve("a-folder").toRealPath()), alpha.getLocation());
		assertTrue(alpha.getFile("model.txt").exists());

		// a second import leaves them alone, and reopens closed ones
		alpha.close(null);
		assertEquals(2, ExampleProjects.importAll(dir, null).size());
		assertTrue(alpha.isOpen());
		assertEquals("kept", Files.readString(dir.resolve("a-folder/model.txt")));
	}

	@Test
	void testMissingFolderIsAClearError(@TempDir Path dir) {
		CoreException e = assertThrows(CoreException.class, () -> ExampleProjects.importAll(dir.resolve("nope"), null));
		assertTrue(e.getMessage().startsWith("Cannot list example projects in "), e.getMessage());
	}

	@Test
	void testRepositoryExamplesArePerfcastProjects() throws Exception {
		Path examples = Path.of(System.getProperty("perfcast.examples", "../../examples"));
		List<IProject> projects = ExampleProjects.importAll(examples, null);
		assertFalse(projects.isEmpty(), "no example projects in " + examples.toAbsolutePath());
		for (IProject project : projects) {
			assertTrue(PerfcastProjects.isPerfcastProject(project), project.getName());
		}
	}
}
