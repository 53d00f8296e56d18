/*
 * Channels between a process's own threads (channels.c), also for the IPC objects of ipc.c: each a queue of posts
 * with their units. Hidden, like recorder.h; the functions that look at or change channels want the recorder's lock
 * held (ends_of does not).
 */
#ifndef PERFCAST_CHANNELS_H
#define PERFCAST_CHANNELS_H

#include "recorder.h"

struct post { long long units, serial; int taken; };
struct channel {
	char name[40];
	struct post *posts; /* the posts not wholly consumed, oldest first from head */
	size_t head, count, capacity;
	long long posted;    /* posts made, which numbers them */
	int refs;            /* descriptors (or IPC ids) naming it */
	int key, number;     /* System V: the id and the semaphore's number; -1 otherwise */
};

/* The channel read and the one written through a descriptor, 1-based indexes (0: not a channel). */
struct ends { unsigned read, write; };

INTERNAL struct ends ends_of(int fd);
/* A new channel named kind.N (kind.key.number for a key other than -1): its index. */
INTERNAL unsigned new_channel(const char *kind, int key, int number);
INTERNAL struct channel *channel(unsigned index);
INTERNAL void release(unsigned index);
/* Descriptor fd reads channel r and writes channel w (0 for none). */
INTERNAL void bind_descriptor(int fd, unsigned r, unsigned w);
INTERNAL struct channel *channel_keyed(const char *kind, int key, int number);
INTERNAL void channels_release_key(int key);
/* A post of units by the calling thread (its number, or -1 when the thread is not recorded); what a post did not
   deliver; units consumed, taking the posts of which they were the first units. */
INTERNAL long long posting(struct channel *c, long long units, void *site);
INTERNAL void delivered(struct channel *c, long long serial, long long missing);
INTERNAL void consuming(struct channel *c, long long units, void *site);

#endif
