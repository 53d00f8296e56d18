/*
 * A known answer for synchronisation the pthread recorder sees outside pthreads: threads A and B hand a token back
 * and forth ROUNDS times, each computing UNIT after it gets it (a chain of 2 * ROUNDS units that no processor count
 * shortens), while a bystander X computes ROUNDS / 2 units of its own. On one processor that is 2.5 * ROUNDS units;
 * on two the chain runs beside X: 2 * ROUNDS units, a speed-up of 1.25. (Without the handoffs, A, B and X would
 * take 1.5 * ROUNDS on two, 1.67 times faster; with each wait taken for I/O of its length on one processor, which
 * holds X's time too, no faster than on one.) Each program includes this after defining how the token travels:
 * setup(), give(to) and get(me) for the threads 0 (A) and 1 (B). A unit is about 2 ms, so that the time a woken
 * thread takes to run on the other processor (tens of microseconds in a virtual machine) stays a small part of it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef ROUNDS
#define ROUNDS 100
#endif
#ifndef UNIT
#define UNIT 400000L
#endif
#ifndef BYSTANDER
#define BYSTANDER 1
#endif

static void setup(void);
static void give(int to);
static void get(int me);

static void work(long n) {
	volatile double x = 1;
	for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9;
}

static void *a(void *p) {
	for (int r = 0; r < ROUNDS; r++) {
		work(UNIT);
		give(1);
		get(0);
	}
	return p;
}

static void *b(void *p) {
	for (int r = 0; r < ROUNDS; r++) {
		get(1);
		work(UNIT);
		give(0);
	}
	return p;
}

static void *x(void *p) {
	work(ROUNDS * UNIT / 2);
	return p;
}

int main(void) {
	setup();
	pthread_t ta, tb, tx;
	pthread_create(&ta, NULL, a, NULL);
	pthread_create(&tb, NULL, b, NULL);
	if (BYSTANDER) pthread_create(&tx, NULL, x, NULL);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	if (BYSTANDER) pthread_join(tx, NULL);
	return 0;
}
