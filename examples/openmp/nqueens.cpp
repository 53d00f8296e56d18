// The N queens problem (C++): counts the ways to put N queens on an N x N board so that none attacks
// another, by a depth-first search in which every placement of the first CUTOFF rows is an OpenMP task
// (#pragma omp task, then #pragma omp taskwait for the children's counts), each with its own board in a
// std::vector. One thread of the team starts the search; the tasks' sizes differ widely (some placements
// end at once, others hold thousands of solutions), and the team's threads take them as they come.
// Usage: nqueens [SIZE]   (SIZE: N, the board's side, default 14; about 3 s on one processor)
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static const int CUTOFF = 3; // rows placed in tasks; the rest is searched in the task that reaches them

// Whether a queen at (row, col) is safe from the queens of rows 0 .. row - 1.
static bool safe(const std::vector<int> &board, int row, int col) {
	for (int r = 0; r < row; r++) {
		int c = board[r];
		if (c == col || c - col == r - row || c - col == row - r) return false;
	}
	return true;
}

// The placements of rows row .. n - 1, in this task.
static std::uint64_t search(std::vector<int> &board, int row) {
	int n = static_cast<int>(board.size());
	if (row == n) return 1;
	std::uint64_t count = 0;
	for (int col = 0; col < n; col++)
		if (safe(board, row, col)) {
			board[row] = col;
			count += search(board, row + 1);
		}
	return count;
}

// The placements of rows row .. n - 1, a task per placement of this row while row < CUTOFF.
static std::uint64_t solve(std::vector<int> board, int row) {
	int n = static_cast<int>(board.size());
	if (row >= CUTOFF || row == n) return search(board, row);
	std::vector<std::uint64_t> counts(n, 0);
	for (int col = 0; col < n; col++)
		if (safe(board, row, col)) {
			board[row] = col;
#pragma omp task firstprivate(board, col) shared(counts)
			counts[col] = solve(board, row + 1);
		}
#pragma omp taskwait
	std::uint64_t count = 0;
	for (std::uint64_t c : counts) count += c;
	return count;
}

int main(int argc, char **argv) {
	long n = 14;
	if (argc > 1) {
		char *end;
		errno = 0;
		n = std::strtol(argv[1], &end, 10);
		if (errno != 0 || *end != '\0' || end == argv[1] || n < 1 || n > 20 || argc > 2) {
			std::fprintf(stderr, "usage: %s [SIZE]   (SIZE: the board's side, 1 to 20; default 14)\n", argv[0]);
			return 2;
		}
	}
	std::uint64_t solutions = 0;
#pragma omp parallel
#pragma omp single
	solutions = solve(std::vector<int>(n, -1), 0);
	std::printf("nqueens %ld: %llu solutions\n", n, static_cast<unsigned long long>(solutions));
	return 0;
}
