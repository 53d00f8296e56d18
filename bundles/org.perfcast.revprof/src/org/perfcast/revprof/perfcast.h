/*
 * Perfcast reverse profiling: include in an MPI program and call PERFCAST_COMPUTE(n) where it does n
 * compute steps. Run normally, the call does nothing; run by perfcast revprof, each step adds the
 * configured time to the rank's simulated time.
 */
#ifndef PERFCAST_H
#define PERFCAST_H
extern void perfcast_compute(double n) __attribute__((weak));
#define PERFCAST_COMPUTE(n) do { if (perfcast_compute) perfcast_compute((double) (n)); } while (0)
#endif
