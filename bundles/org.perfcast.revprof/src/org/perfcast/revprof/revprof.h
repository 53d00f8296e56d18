/*
 * What the reverse profiling library's C entry points (revprof.c) offer its Fortran bindings (fortran.c). Hidden: the
 * program does not see them.
 */
#ifndef PERFCAST_REVPROF_H
#define PERFCAST_REVPROF_H

#include <mpi.h>

#define INTERNAL __attribute__((visibility("hidden")))

/* Counts a call of name that the library does not time, for the report at MPI_Finalize. */
INTERNAL void not_covered(const char *name);
/* The rank's in- and out-neighbours (ranks of comm; MPI_PROC_NULL at a non-periodic edge), or 0 without a
 * topology. The lists are malloc'd. */
INTERNAL int topology_neighbours(MPI_Comm comm, int *in, int **sources, int *out, int **dests);

#endif
