// Counts the words of a file on a boost::asio::thread_pool (Boost.Asio, from Debian's libboost-dev): the main
// thread reads the file in blocks of 1 MiB (fread) and posts one task per block; each task counts its block's
// words into a map of its own and then merges it into the shared counts under one std::mutex (the lock every
// task queues for); pool.join() waits for the last task; the main thread then sorts the counts and prints the
// most frequent words.
//   g++ -O2 -g -pthread -o wordcount-asio wordcount-asio.cpp
//   ./wordcount-asio [-t THREADS] FILE      (THREADS default 2)
#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

int main(int argc, char **argv) {
	int threads = 2;
	int arg = 1;
	if (argc > 2 && std::strcmp(argv[1], "-t") == 0) {
		threads = std::atoi(argv[2]);
		arg = 3;
	}
	if (arg != argc - 1 || threads < 1) {
		std::fprintf(stderr, "usage: wordcount-asio [-t THREADS] FILE\n");
		return 2;
	}
	FILE *in = std::fopen(argv[arg], "rb");
	if (!in) {
		std::perror(argv[arg]);
		return 1;
	}
	std::unordered_map<std::string, long> counts;
	std::mutex countsLock;
	boost::asio::thread_pool pool(threads);
	std::string carry;
	for (;;) {
		auto block = std::make_shared<std::string>(carry);
		block->resize(carry.size() + (1 << 20));
		size_t got = std::fread(&(*block)[carry.size()], 1, 1 << 20, in);
		block->resize(carry.size() + got);
		size_t cut = got == 0 ? block->size() : block->find_last_of(" \n") + 1;
		carry = block->substr(cut);
		block->resize(cut);
		boost::asio::post(pool, [block, &counts, &countsLock] {
			std::unordered_map<std::string, long> mine;
			const std::string &s = *block;
			size_t i = 0;
			while (i < s.size()) {
				while (i < s.size() && (s[i] == ' ' || s[i] == '\n')) i++;
				size_t j = i;
				while (j < s.size() && s[j] != ' ' && s[j] != '\n') j++;
				if (j > i) mine[s.substr(i, j - i)]++;
				i = j;
			}
			std::lock_guard<std::mutex> hold(countsLock);
			for (auto &[word, n] : mine) counts[word] += n;
		});
		if (got == 0) break;
	}
	std::fclose(in);
	pool.join();
	std::vector<std::pair<long, std::string>> sorted;
	for (auto &[word, n] : counts) sorted.emplace_back(-n, word);
	std::sort(sorted.begin(), sorted.end());
	long total = 0;
	for (auto &p : sorted) total -= p.first;
	std::printf("wordcount-asio: %ld words, %zu distinct on %d threads; most frequent:", total, sorted.size(), threads);
	for (size_t i = 0; i < sorted.size() && i < 5; i++) std::printf(" %s %ld", sorted[i].second.c_str(), -sorted[i].first);
	std::printf("\n");
	return 0;
}
