// blockpack: compresses a file in blocks on a pool of std::threads, the way C++ programs commonly do it.
//
//   blockpack [-t THREADS] [-b BLOCK_KIB] [-l LEVEL] FILE        writes FILE.bpk
//
// The main thread reads FILE into memory and submits one task per block (default 1024 KiB) to a thread pool
// (std::thread workers taking std::packaged_task from a queue under a std::mutex, woken by a
// std::condition_variable). A task compresses its block with zlib (compress2, default level 6) and hashes it
// with OpenSSL's SHA-256 (EVP), then adds its sizes to totals shared under another std::mutex. The main thread
// keeps at most 4 x THREADS blocks in flight: it waits for the oldest block's std::future, writes the block
// (length, SHA-256, compressed bytes) and submits the next. Meanwhile std::async hashes the whole file with
// SHA-256 on a thread of its own; the main thread writes that hash at the end.
//
// Build: g++ -O2 -g -pthread -o blockpack blockpack.cpp -lz -lcrypto   (zlib1g-dev, libssl-dev)

#include <openssl/evp.h>
#include <zlib.h>

#include <array>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using Digest = std::array<unsigned char, 32>;

Digest sha256(const unsigned char *data, std::size_t size) {
	Digest digest{};
	unsigned int length = 0;
	std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
	if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1
			|| EVP_DigestUpdate(context.get(), data, size) != 1
			|| EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1) {
		throw std::runtime_error("SHA-256 failed");
	}
	return digest;
}

std::string hex(const Digest &digest) {
	static const char digits[] = "0123456789abcdef";
	std::string s;
	for (unsigned char b : digest) {
		s += digits[b >> 4];
		s += digits[b & 15];
	}
	return s;
}

/** A fixed pool of threads running submitted tasks in the order submitted. */
class ThreadPool {
public:
	explicit ThreadPool(unsigned threads) {
		for (unsigned i = 0; i < threads; i++) {
			workers_.emplace_back([this] { work(); });
		}
	}

	~ThreadPool() {
		{
			std::lock_guard<std::mutex> lock(mutex_);
			stopping_ = true;
		}
		ready_.notify_all();
		for (std::thread &worker : workers_) {
			worker.join();
		}
	}

	ThreadPool(const ThreadPool &) = delete;
	ThreadPool &operator=(const ThreadPool &) = delete;

	template <class F> auto submit(F f) -> std::future<decltype(f())> {
		auto task = std::make_shared<std::packaged_task<decltype(f())()>>(std::move(f));
		std::future<decltype(f())> result = task->get_future();
		{
			std::lock_guard<std::mutex> lock(mutex_);
			tasks_.emplace_back([task] { (*task)(); });
		}
		ready_.notify_one();
		return result;
	}

private:
	void work() {
		for (;;) {
			std::function<void()> task;
			{
				std::unique_lock<std::mutex> lock(mutex_);
				ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
				if (tasks_.empty()) {
					return;
				}
				task = std::move(tasks_.front());
				tasks_.pop_front();
			}
			task();
		}
	}

	std::vector<std::thread> workers_;
	std::deque<std::function<void()>> tasks_;
	std::mutex mutex_;
	std::condition_variable ready_;
	bool stopping_ = false;
};

struct Block {
	std::vector<unsigned char> compressed;
	Digest digest;
	std::size_t size;
};

struct Totals {
	std::mutex mutex;
	std::uint64_t in = 0, out = 0, blocks = 0;
};

Block pack(const unsigned char *data, std::size_t size, int level, Totals &totals) {
	Block block;
	block.size = size;
	uLongf length = compressBound(size);
	block.compressed.resize(length);
	if (compress2(block.compressed.data(), &length, data, size, level) != Z_OK) {
		throw std::runtime_error("zlib compress2 failed");
	}
	block.compressed.resize(length);
	block.digest = sha256(data, size);
	std::lock_guard<std::mutex> lock(totals.mutex);
	totals.in += size;
	totals.out += length;
	totals.blocks++;
	return block;
}

void put32(std::ofstream &out, std::uint32_t v) {
	unsigned char b[4] = {static_cast<unsigned char>(v >> 24), static_cast<unsigned char>(v >> 16),
			static_cast<unsigned char>(v >> 8), static_cast<unsigned char>(v)};
	out.write(reinterpret_cast<const char *>(b), 4);
}

int usage() {
	std::cerr << "usage: blockpack [-t THREADS] [-b BLOCK_KIB] [-l LEVEL] FILE   (writes FILE.bpk)\n";
	return 2;
}

} // namespace

int main(int argc, char **argv) {
	unsigned threads = 2;
	std::size_t block = 1024 * 1024;
	int level = 6;
	std::string file;
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		if ((a == "-t" || a == "-b" || a == "-l") && i + 1 < argc) {
			long v = std::strtol(argv[++i], nullptr, 10);
			if (v <= 0) {
				return usage();
			}
			if (a == "-t") {
				threads = static_cast<unsigned>(v);
			} else if (a == "-b") {
				block = static_cast<std::size_t>(v) * 1024;
			} else {
				level = static_cast<int>(v);
			}
		} else if (file.empty() && a[0] != '-') {
			file = a;
		} else {
			return usage();
		}
	}
	if (file.empty()) {
		return usage();
	}
	try {
		std::ifstream in(file, std::ios::binary);
		if (!in) {
			throw std::runtime_error("cannot read " + file);
		}
		in.seekg(0, std::ios::end);
		std::vector<unsigned char> data(static_cast<std::size_t>(in.tellg()));
		in.seekg(0);
		if (!in.read(reinterpret_cast<char *>(data.data()), static_cast<std::streamsize>(data.size()))) {
			throw std::runtime_error("cannot read " + file);
		}
		std::ofstream out(file + ".bpk", std::ios::binary | std::ios::trunc);
		if (!out) {
			throw std::runtime_error("cannot write " + file + ".bpk");
		}
		std::future<Digest> whole = std::async(std::launch::async, [&data] { return sha256(data.data(), data.size()); });
		Totals totals;
		{
			ThreadPool pool(threads);
			std::deque<std::future<Block>> inFlight;
			const std::size_t window = 4 * threads;
			std::size_t next = 0;
			while (next < data.size() || !inFlight.empty()) {
				while (next < data.size() && inFlight.size() < window) {
					const std::size_t size = std::min(block, data.size() - next);
					const unsigned char *start = data.data() + next;
					inFlight.push_back(pool.submit([start, size, level, &totals] { return pack(start, size, level, totals); }));
					next += size;
				}
				Block done = inFlight.front().get();
				inFlight.pop_front();
				put32(out, static_cast<std::uint32_t>(done.size));
				put32(out, static_cast<std::uint32_t>(done.compressed.size()));
				out.write(reinterpret_cast<const char *>(done.digest.data()), done.digest.size());
				out.write(reinterpret_cast<const char *>(done.compressed.data()),
						static_cast<std::streamsize>(done.compressed.size()));
			}
		}
		const Digest digest = whole.get();
		out.write(reinterpret_cast<const char *>(digest.data()), digest.size());
		out.close();
		if (!out) {
			throw std::runtime_error("cannot write " + file + ".bpk");
		}
		std::cout << "blockpack: " << totals.blocks << " blocks, " << totals.in << " -> " << totals.out
				<< " bytes on " << threads << " threads, sha256 " << hex(digest) << "\n";
	} catch (const std::exception &e) {
		std::cerr << "blockpack: " << e.what() << "\n";
		return 1;
	}
	return 0;
}
