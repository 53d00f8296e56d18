/* Producers and consumers over a bounded queue (a mutex and two condition variables).
 * Usage: prodcons [items] [producers] [consumers] [capacity] */
#include <pthread.h>
#include "common.h"

static int items, producers, consumers, capacity;
static int *ring, head, count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;

static void put(int item) {
	pthread_mutex_lock(&lock);
	while (count == capacity) pthread_cond_wait(&not_full, &lock);
	ring[(head + count++) % capacity] = item;
	pthread_cond_signal(&not_empty);
	pthread_mutex_unlock(&lock);
}

static int take(void) {
	pthread_mutex_lock(&lock);
	while (count == 0) pthread_cond_wait(&not_empty, &lock);
	int item = ring[head];
	head = (head + 1) % capacity;
	count--;
	pthread_cond_signal(&not_full);
	pthread_mutex_unlock(&lock);
	return item;
}

static void *producer(void *p) {
	for (int i = (int) (long) p; i < items; i += producers) {
		sink += work(7);
		put(i);
	}
	return NULL;
}

static void *consumer(void *p) {
	for (int i = (int) (long) p; i < items; i += consumers) sink += work(20 + 10 * (take() % 3));
	return NULL;
}

int main(int argc, char **argv) {
	items = arg(argc, argv, 1, 400);
	producers = arg(argc, argv, 2, 2);
	consumers = arg(argc, argv, 3, 6);
	capacity = arg(argc, argv, 4, 4);
	ring = malloc(sizeof(int) * capacity);
	double start = now();
	pthread_t t[64];
	for (long i = 0; i < producers; i++) pthread_create(&t[i], NULL, producer, (void *) i);
	for (long i = 0; i < consumers; i++) pthread_create(&t[producers + i], NULL, consumer, (void *) i);
	for (int i = 0; i < producers + consumers; i++) pthread_join(t[i], NULL);
	printf("elapsed %.6f\n", now() - start);
	return 0;
}
