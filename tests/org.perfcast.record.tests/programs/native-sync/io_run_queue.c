/* A thread in I/O beside a busy one: 50 waits of 2 ms in poll (I/O that is no other thread's) while another thread
   computes. On one processor the I/O thread, ready again, waits for the processor: 100 ms of I/O, plus that wait. */
#include <poll.h>
#include <pthread.h>

static void *busy(void *p) {
	volatile double x = 1;
	for (long i = 0; i < 300000000L; i++) x = x * 1.0000001 + 1e-9;
	return p;
}

int main(void) {
	pthread_t t;
	pthread_create(&t, NULL, busy, NULL);
	for (int i = 0; i < 50; i++) poll(NULL, 0, 2);
	pthread_join(t, NULL);
	return 0;
}
