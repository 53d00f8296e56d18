/* Clients send requests to a shared queue served by two server threads; a request's cost depends on the
 * client, so answers come back out of order; each client waits on its own reply semaphore.
 * Usage: clientserver [clients] [requests] [servers] */
#include <pthread.h>
#include <semaphore.h>
#include "common.h"

#define MAX 64
static int clients, requests, servers;
static int queue[4096], head, count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER;
static sem_t replies[MAX];

static void send_request(int client) {
	pthread_mutex_lock(&lock);
	queue[(head + count++) % 4096] = client;
	pthread_cond_signal(&nonempty);
	pthread_mutex_unlock(&lock);
}

static int next_request(void) {
	pthread_mutex_lock(&lock);
	while (count == 0) pthread_cond_wait(&nonempty, &lock);
	int client = queue[head];
	head = (head + 1) % 4096;
	count--;
	pthread_mutex_unlock(&lock);
	return client;
}

static void *server(void *p) {
	(void) p;
	for (;;) {
		int client = next_request();
		if (client < 0) return NULL;
		sink += work(13 + 20 * (client % 3));
		sem_post(&replies[client]);
	}
}

static void *client(void *p) {
	int me = (int) (long) p;
	for (int i = 0; i < requests; i++) {
		sink += work(10);
		send_request(me);
		sem_wait(&replies[me]);
	}
	return NULL;
}

int main(int argc, char **argv) {
	clients = arg(argc, argv, 1, 6);
	requests = arg(argc, argv, 2, 40);
	servers = arg(argc, argv, 3, 2);
	for (int c = 0; c < clients; c++) sem_init(&replies[c], 0, 0);
	double start = now();
	pthread_t s[MAX], c[MAX];
	for (long i = 0; i < servers; i++) pthread_create(&s[i], NULL, server, (void *) i);
	for (long i = 0; i < clients; i++) pthread_create(&c[i], NULL, client, (void *) i);
	for (int i = 0; i < clients; i++) pthread_join(c[i], NULL);
	for (int i = 0; i < servers; i++) send_request(-1);
	for (int i = 0; i < servers; i++) pthread_join(s[i], NULL);
	printf("elapsed %.6f\n", now() - start);
	return 0;
}
