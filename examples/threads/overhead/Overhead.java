/** Uncontended synchronized blocks in one thread: two recorded events each. Usage: java Overhead [blocks] */
public class Overhead {
	static final Object LOCK = new Object();
	static long count;

	public static void main(String[] args) {
		int blocks = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
		long start = System.nanoTime();
		for (int i = 0; i < blocks; i++) {
			synchronized (LOCK) {
				count++;
			}
		}
		System.out.printf("elapsed %.6f%n", (System.nanoTime() - start) / 1e9);
	}
}
