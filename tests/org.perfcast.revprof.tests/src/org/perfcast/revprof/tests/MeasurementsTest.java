package org.perfcast.revprof.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.perfcast.revprof.Measurement;
import org.perfcast.revprof.Measurements;
import org.perfcast.revprof.MeasurementsException;

class MeasurementsTest {

	private static String error(String text) {
		MeasurementsException e = assertThrows(MeasurementsException.class, () -> Measurements.read(text));
		return e.line() + ": " + e.getMessage();
	}

	@Test
	void testReadsRows() throws MeasurementsException {
		assertEquals(List.of(new Measurement("MPI_Bcast", 4, 1024, 12.5, 2), new Measurement("MPI_Bcast", 4, 1024, 13, 4)),
				Measurements.read("function,p,d,time\nMPI_Bcast,4,1024,12.5\n\n MPI_Bcast , 4 , 1024 , 13 \n"));
	}

	@Test
	void testBadFilesNameTheLine() {
		assertEquals("0: the file is empty; expected the header function,p,d,time", error("\n\n"));
		assertEquals("1: expected the header function,p,d,time, got 'fn,procs,bytes,us'", error("fn,procs,bytes,us\n"));
		assertEquals("0: the file has a header but no measurements", error("function,p,d,time\n"));
		assertEquals("2: expected 4 cells (function,p,d,time), got 3", error("function,p,d,time\nMPI_Send,2,8\n"));
		assertEquals("3: p '2.5' is not a whole number", error("function,p,d,time\nMPI_Send,2,8,1\nMPI_Send,2.5,8,1\n"));
		assertEquals("2: p must be 1 or more and at most 2147483647, was 0", error("function,p,d,time\nMPI_Send,0,8,1\n"));
		assertEquals("2: d must be 0 or more, was -8", error("function,p,d,time\nMPI_Send,2,-8,1\n"));
		assertEquals("2: time 'fast' is not a number", error("function,p,d,time\nMPI_Send,2,8,fast\n"));
		assertEquals("2: time must be a finite number of microseconds >= 0, was NaN",
				error("function,p,d,time\nMPI_Send,2,8,NaN\n"));
		assertEquals("2: the function is empty", error("function,p,d,time\n,2,8,1\n"));
	}
}
