package org.perfcast.ui.internal.emf;

import org.eclipse.emf.ecore.EClass;
import org.perfcast.model.layout.LayoutPackage;
import org.perfcast.model.machine.MachinePackage;
import org.perfcast.model.program.ProgramPackage;

/** The kinds of Perfcast model file: a file extension and the class of the file's one root object. */
public enum ModelKind {

	MACHINE("machine", MachinePackage.Literals.MACHINE),
	LAYOUT("layout", LayoutPackage.Literals.LAYOUT),
	PROGRAM("program", ProgramPackage.Literals.PROGRAM);

	private final String extension;
	private final EClass root;

	ModelKind(String extension, EClass root) {
		this.extension = extension;
		this.root = root;
	}

	/** The file extension, without the dot. */
	public String extension() {
		return extension;
	}

	/** The class of a file's root object. */
	public EClass root() {
		return root;
	}

	/** The kind of files with {@code extension}, or null if it is none of Perfcast's. */
	public static ModelKind of(String extension) {
		for (ModelKind kind : values()) {
			if (kind.extension.equals(extension)) {
				return kind;
			}
		}
		return null;
	}
}
