/** CPU work of a known result for the programs here: {@code spin(n)} takes time proportional to n. */
final class Work {
	private Work() {
	}

	/** n steps of a xorshift generator, which the JIT cannot fold into fewer; its last value's top bits. */
	static long spin(long n) {
		long x = 88172645463325252L;
		for (long i = 0; i < n; i++) {
			x ^= x << 13;
			x ^= x >>> 7;
			x ^= x << 17;
		}
		return x >>> 40;
	}

	/** The time since {@code start} (of {@link System#nanoTime()}), as the line {@code perfcast accuracy} reads. */
	static void elapsed(long start) {
		System.out.println("elapsed " + (System.nanoTime() - start) / 1e9);
	}
}
