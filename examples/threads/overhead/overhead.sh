#!/usr/bin/env bash
# The recorders' cost per event: one thread taking and releasing an uncontended lock N times (2N events), timed
# with and without the recorder (median of 5 runs each); OpenMP critical sections (N) and barriers (N/10) likewise;
# and what the Java recorder's I/O hooks add to N small writes to a file, which do not block (nothing is recorded
# for them). Usage: bash examples/threads/overhead/overhead.sh [N]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
N=${1:-1000000}
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/javac" ]; then
	for jdk in /usr/lib/jvm/*25* /usr/lib/jvm/*21*; do
		if [ -x "$jdk/bin/javac" ]; then JAVA_HOME=$jdk; break; fi
	done
fi
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
cc -O2 -pthread -o "$BUILD/overhead" "$HERE/overhead.c"
"$JAVA_HOME/bin/javac" -d "$BUILD" "$HERE/Overhead.java" "$HERE/FileWrites.java"
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
elapsed() { grep '^elapsed' | awk '{ print $2 }'; }
time_plain() { for _ in 1 2 3 4 5; do taskset -c 0 "$@" | elapsed; done | median; }
time_recorded() {
	for _ in 1 2 3 4 5; do
		"$ROOT/perfcast" record --out "$BUILD/t.vtrace" -- "$@" 2>/dev/null | elapsed
	done | median
}
for kind in C Java; do
	if [ "$kind" = C ]; then cmd=("$BUILD/overhead" "$N"); else cmd=("$JAVA_HOME/bin/java" -cp "$BUILD" Overhead "$N"); fi
	plain=$(time_plain "${cmd[@]}")
	recorded=$(time_recorded "${cmd[@]}")
	awk -v k="$kind" -v n="$N" -v p="$plain" -v r="$recorded" 'BEGIN {
		printf "%s: %d events: %.3f s plain, %.3f s recorded: %.3f µs per event\n", k, 2 * n, p, r, (r - p) * 1e6 / (2 * n) }'
done
# OpenMP on LLVM's runtime, with and without the recorder's OMPT tool (the plain run preloads libomp as recording does)
LIBOMP=$(/sbin/ldconfig -p | awk '/libomp\.so\.5 /{ print $NF; exit }')
if [ -n "$LIBOMP" ]; then
	gcc -O2 -fopenmp -o "$BUILD/openmp" "$HERE/openmp.c"
	for construct in critical barrier; do
		if [ "$construct" = critical ]; then count=$N; per=2; else count=$((N / 10)); per=4; fi
		plain=$(time_plain env LD_PRELOAD="$LIBOMP" "$BUILD/openmp" "$construct" "$count")
		recorded=$(time_recorded "$BUILD/openmp" "$construct" "$count")
		awk -v k="$construct" -v n="$count" -v e="$per" -v p="$plain" -v r="$recorded" 'BEGIN {
			printf "OpenMP %s: %d events: %.3f s plain, %.3f s recorded: %.3f µs per event\n", k, e * n, p, r,
				(r - p) * 1e6 / (e * n) }'
	done
else
	echo "OpenMP: libomp not installed (apt-get install libomp5): not measured"
fi
cmd=("$JAVA_HOME/bin/java" -cp "$BUILD" FileWrites "$N")
plain=$(time_plain "${cmd[@]}")
recorded=$(time_recorded "${cmd[@]}")
awk -v n="$N" -v p="$plain" -v r="$recorded" 'BEGIN {
	printf "Java file writes: %d writes of 16 bytes: %.3f s plain, %.3f s recorded: %.3f µs per write more\n", n, p, r, (r - p) * 1e6 / n }'
