/*
 * A known answer for a thread pool whose workers sleep on condition variables, of the kind of htslib's hts_tpool
 * (bgzip, samtools): the main thread prepares JOBS jobs, each PREP of work, and queues them into a queue of QSIZE,
 * waiting while it is full; two workers, each sleeping on a condition of its own, run them (4 * PREP each). As in
 * hts_tpool, queueing a job signals the lowest-numbered sleeping worker only when there are more queued jobs than
 * running workers, and a woken worker counts itself as running only once it runs.
 *
 * On two processors the first worker is running by the time the main thread has prepared the next job, so the third
 * queued job wakes the second worker, and the three threads keep both processors busy: 5 * PREP per job of work,
 * 2.5 * PREP per job on two processors, a speed-up of 2 (a worker may do up to 5/8 of the jobs and it still is).
 * On one processor the main thread runs on after its signal: the first worker has not run, so every job signals it
 * again and the second is never woken. Recorded so, one worker did every job and the prediction was 4 * PREP per job,
 * a speed-up of 1.25.
 */
#include <pthread.h>
#include <stdio.h>

#ifndef JOBS
#define JOBS 300
#endif
#ifndef PREP
#define PREP 100000L
#endif
#define WORKERS 2
#define QSIZE 4

static pthread_mutex_t pool = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pending[WORKERS] = { PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };
static pthread_cond_t input_not_full = PTHREAD_COND_INITIALIZER;
static int sleeping[WORKERS], top = -1, nwaiting, n_input, finished;
static int jobs_done[WORKERS];
static volatile double sink;

static void work(long n) {
	volatile double x = 1;
	for (long i = 0; i < n; i++) x = x * 1.0000001 + 1e-9;
	sink = x;
}

static void *worker(void *arg) {
	int me = (int) (long) arg;
	pthread_mutex_lock(&pool);
	while (!finished || n_input > 0) {
		if (n_input == 0) {
			nwaiting++;
			sleeping[me] = 1;
			if (top < 0 || top > me) top = me;
			pthread_cond_wait(&pending[me], &pool);
			sleeping[me] = 0;
			top = sleeping[0] ? 0 : sleeping[1] ? 1 : -1;
			nwaiting--;
			continue;
		}
		if (n_input-- >= QSIZE) pthread_cond_broadcast(&input_not_full);
		pthread_mutex_unlock(&pool);
		work(4 * PREP);
		pthread_mutex_lock(&pool);
		jobs_done[me]++;
	}
	pthread_mutex_unlock(&pool);
	return NULL;
}

int main(void) {
	pthread_t workers[WORKERS];
	for (long i = 0; i < WORKERS; i++) pthread_create(&workers[i], NULL, worker, (void *) i);
	for (int j = 0; j < JOBS; j++) {
		work(PREP);
		pthread_mutex_lock(&pool);
		while (n_input >= QSIZE) pthread_cond_wait(&input_not_full, &pool);
		n_input++;
		if (top >= 0 && n_input > WORKERS - nwaiting) pthread_cond_signal(&pending[top]);
		pthread_mutex_unlock(&pool);
	}
	pthread_mutex_lock(&pool);
	finished = 1;
	for (int i = 0; i < WORKERS; i++) pthread_cond_signal(&pending[i]);
	pthread_mutex_unlock(&pool);
	for (int i = 0; i < WORKERS; i++) pthread_join(workers[i], NULL);
	printf("jobs by worker: %d %d\n", jobs_done[0], jobs_done[1]);
	return 0;
}
