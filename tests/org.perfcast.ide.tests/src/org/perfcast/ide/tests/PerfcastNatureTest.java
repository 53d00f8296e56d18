package org.perfcast.ide.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.eclipse.core.resources.ICommand;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.runtime.CoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.perfcast.ide.PerfcastBuilder;
import org.perfcast.ide.PerfcastNature;
import org.perfcast.ide.PerfcastProjects;

class PerfcastNatureTest {

	@AfterEach
	void tearDown() throws CoreException {
		Workspaces.clear();
	}

	private static String[] builders(IProject project) throws CoreException {
		return Arrays.stream(project.getDescription().getBuildSpec()).map(ICommand::getBuilderName)
				.toArray(String[]::new);
	}

	@Test
	void testCreatedProjectHasNatureAndBuilder() throws CoreException {
		IProject project = PerfcastProjects.create("created", null, null);
		assertTrue(project.isOpen());
		assertTrue(project.hasNature(PerfcastNature.ID));
		assertTrue(PerfcastProjects.isPerfcastProject(project));
		assertArrayEquals(new String[] { PerfcastBuilder.ID }, builders(project));
	}

	@Test
	void testCreateRefusesExistingAndInvalidNames() throws CoreException {
		PerfcastProjects.create("twice", null, null);
		CoreException e = assertThrows(CoreException.class, () -> PerfcastProjects.create("twice", null, null));
		assertEquals("A project named 'twice' already exists.", e.getMessage());
		assertThrows(CoreException.class, () -> PerfcastProjects.create("bad/name", null, null));
	}

	@Test
	void testAddNatureToPlainProjectAndRemoveIt() throws CoreException {
		IProject project = Workspaces.root().getProject("plain");
		project.create(null);
		project.open(null);
		assertFalse(PerfcastProjects.isPerfcastProject(project));
		assertEquals(0, builders(project).length);

		PerfcastProjects.addNature(project, null);
		PerfcastProjects.addNature(project, null); // idempotent
		assertTrue(project.hasNature(PerfcastNature.ID));
		assertArrayEquals(new String[] { PerfcastBuilder.ID }, builders(project));

		IProjectDescription description = project.getDescription();
		description.setNatureIds(new String[0]);
		project.setDescription(description, null);
		assertFalse(project.hasNature(PerfcastNature.ID));
		assertEquals(0, builders(project).length);
	}
}
