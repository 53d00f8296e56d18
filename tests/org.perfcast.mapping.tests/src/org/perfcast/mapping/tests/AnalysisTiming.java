package org.perfcast.mapping.tests;

import java.util.Arrays;
import java.util.List;

import org.perfcast.engine.EngineMonitor;
import org.perfcast.engine.ParameterBindings;
import org.perfcast.mapping.MappingAnalysis;
import org.perfcast.model.program.Program;

/**
 * Prints the time of the mapping analysis per save of the example programs (load the model, analyse it):
 * median and minimum of 200 runs after a warm-up. A helper for closing notes, not a test; run its main
 * method with the test class path and -Dperfcast.examples=DIR.
 */
public final class AnalysisTiming {

	private AnalysisTiming() {
	}

	public static void main(String[] args) {
		for (String example : List.of("linear-array/loop.program", "matvec-ring/matvec.program")) {
			Runnable save = () -> {
				Program program = Examples.program(example);
				MappingAnalysis.analyse(program, example, ParameterBindings.EMPTY, List.of(), EngineMonitor.NULL);
			};
			for (int i = 0; i < 300; i++) {
				save.run();
			}
			double[] millis = new double[200];
			for (int i = 0; i < millis.length; i++) {
				long start = System.nanoTime();
				save.run();
				millis[i] = (System.nanoTime() - start) / 1e6;
			}
			Arrays.sort(millis);
			System.out.printf("%-28s load + analyse: median %.3f ms, min %.3f ms%n", example, millis[100], millis[0]);
		}
	}
}
