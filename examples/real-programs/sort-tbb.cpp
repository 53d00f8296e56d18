// Sorts and sums random numbers with oneTBB (Debian's libtbb-dev): the main thread generates N doubles
// (std::mt19937_64, serial), then tbb::parallel_sort sorts them and tbb::parallel_reduce sums their square
// roots, inside a tbb::task_arena of THREADS threads (TBB's own workers, created and woken by its scheduler).
// Without -t the arena is TBB's default, the processors this process may run on.
//   g++ -O2 -g -pthread -o sort-tbb sort-tbb.cpp -ltbb
//   ./sort-tbb [-t THREADS] [MILLIONS]      (MILLIONS of numbers, default 20)
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_reduce.h>
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/task_arena.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

int main(int argc, char **argv) {
	int threads = tbb::info::default_concurrency();
	int arg = 1;
	if (argc > 2 && std::strcmp(argv[1], "-t") == 0) {
		threads = std::atoi(argv[2]);
		arg = 3;
	}
	long millions = arg < argc ? std::atol(argv[arg]) : 20;
	if (threads < 1 || millions < 1) {
		std::fprintf(stderr, "usage: sort-tbb [-t THREADS] [MILLIONS]\n");
		return 2;
	}
	std::vector<double> v(millions * 1000000);
	std::mt19937_64 random(42);
	std::uniform_real_distribution<double> uniform(0, 1e6);
	for (double &x : v) x = uniform(random);
	tbb::task_arena arena(threads);
	double sum = arena.execute([&] {
		tbb::parallel_sort(v.begin(), v.end());
		return tbb::parallel_reduce(
				tbb::blocked_range<size_t>(0, v.size()), 0.0,
				[&](const tbb::blocked_range<size_t> &r, double s) {
					for (size_t i = r.begin(); i != r.end(); i++) s += std::sqrt(v[i]);
					return s;
				},
				[](double a, double b) { return a + b; });
	});
	std::printf("sort-tbb: %ld million numbers on %d threads, min %.3f max %.3f, sum of roots %.6e\n", millions, threads,
			v.front(), v.back(), sum);
	return 0;
}
