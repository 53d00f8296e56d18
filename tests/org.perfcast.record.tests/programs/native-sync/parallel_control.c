/* Two threads that compute alone: twice as fast on two processors as on one, unless other load takes the machine.
   The tests measure it beside the programs' real runs, to tell a wrong prediction from a busy machine. */
#include <pthread.h>

static void *work(void *p) {
	volatile double x = 1;
	for (long i = 0; i < 45000000L; i++) x = x * 1.0000001 + 1e-9;
	return p;
}

int main(void) {
	pthread_t a, b;
	pthread_create(&a, NULL, work, NULL);
	pthread_create(&b, NULL, work, NULL);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	return 0;
}
