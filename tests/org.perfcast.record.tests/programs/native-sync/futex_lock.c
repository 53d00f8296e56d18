/* A lock of its own on a futex (0 free, 1 held, 2 held with waiters, as in Drepper's "Futexes Are Tricky"): two
   threads each compute ROUNDS units and update a shared total under the lock after each (a fiftieth of a unit), so
   that they seldom wait for each other: twice as fast on two processors as on one. */
#include <linux/futex.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ROUNDS 150
#define UNIT 400000L

static int word;
static double total;

static void work(long n) {
	volatile double x = 1;
	for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9;
}

static void lock(void) {
	int c = 0;
	if (__atomic_compare_exchange_n(&word, &c, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return;
	if (c != 2) c = __atomic_exchange_n(&word, 2, __ATOMIC_ACQUIRE);
	while (c != 0) {
		syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 2, 0, 0, 0);
		c = __atomic_exchange_n(&word, 2, __ATOMIC_ACQUIRE);
	}
}

static void unlock(void) {
	if (__atomic_fetch_sub(&word, 1, __ATOMIC_RELEASE) != 1) {
		__atomic_store_n(&word, 0, __ATOMIC_RELEASE);
		syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
	}
}

static void *worker(void *p) {
	for (int r = 0; r < ROUNDS; r++) {
		work(UNIT);
		lock();
		work(UNIT / 50);
		total += 1;
		unlock();
	}
	return p;
}

int main(void) {
	pthread_t t[2];
	pthread_create(&t[0], NULL, worker, NULL);
	pthread_create(&t[1], NULL, worker, NULL);
	for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
	return total == 2 * ROUNDS ? 0 : 1;
}
