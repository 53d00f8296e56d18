#!/usr/bin/env bash
# Regenerates VALIDATION.md: MPI programs nobody on the team wrote, run as shipped (Debian's hpcc, the HPC
# Challenge suite, dynamically linked to Open MPI) or written here against a real library's communication pattern
# (jacobi.c: the halo exchange and residual Allreduce of PETSc's and HPCG's stencils), each predicted two ways and
# run for real at 1 and 2 ranks:
#   reverse profiling: the program runs under Perfcast's PMPI library (preloaded) with this machine's
#     characterisation (perfcast characterise + perfcast fit, made here with small sizes); its computation is
#     PERFCAST_COMPUTE(n) x step (jacobi.c, step calibrated on the 1-rank run) or measured on each rank's CPU
#     clock between MPI calls (PERFCAST_REVPROF_COMPUTE=cpu: what an unannotated binary like hpcc needs);
#   record and replay: perfcast record-mpi at N ranks, perfcast replay on this machine's LogGP parameters
#     (L, o, g, G measured by loggp-params.c at 2 ranks; eager limit 4096, Open MPI's shared memory's).
# Predictions for 4, 8 and 16 ranks are for a machine with a core per rank: reverse profiling at N ranks and
# replays of runs recorded at N ranks (oversubscribed; the CPU clock counts a rank's own work).
# Usage: bash examples/mpi-validation/validate.sh [RUNS]   (RUNS real runs per rank count, default 5)
# Needs Open MPI (openmpi-bin, libopenmpi-dev) and hpcc (apt-get install hpcc); takes about 10 minutes on an idle
# machine. PERFCAST=COMMAND uses another launcher than the repository's ./perfcast; ONLY="jacobi" runs only the
# rows named; each pair of real runs waits until the processors are idle, for IDLE_WAIT seconds at most (600).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RUNS=${1:-5}
PERFCAST=${PERFCAST:-$ROOT/perfcast}
IDLE_WAIT=${IDLE_WAIT:-600}
REVPROF_SRC=$ROOT/bundles/org.perfcast.revprof/src/org/perfcast/revprof
JACOBI_N=${JACOBI_N:-1500} JACOBI_IT=${JACOBI_IT:-500} HPCC_N=${HPCC_N:-2000}
WIDER=${WIDER:-4 8 16}
EAGER=4096
export LC_ALL=C OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# The real runs run as shipped, with Open MPI's defaults (mpi_yield_when_idle makes a polling program like hpcc's
# RandomAccess much slower); the predictions' runs on more ranks than cores yield, as perfcast's own runs do.
YIELD=(-x OMPI_MCA_mpi_yield_when_idle=1)

die() {
	echo "validate.sh: $*" >&2
	exit 2
}

case "$RUNS" in
'' | *[!0-9]* | 0) die "RUNS must be a positive number of runs, not '$RUNS'" ;;
esac
command -v mpirun > /dev/null && command -v mpicc > /dev/null \
	|| die "Open MPI not installed: apt-get install openmpi-bin libopenmpi-dev"
command -v hpcc > /dev/null || die "hpcc not installed: apt-get install hpcc"
[ "$(nproc)" -ge 2 ] || die "the real runs need 2 processors; this machine has $(nproc)"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mpicc -O2 -I "$REVPROF_SRC" -o "$WORK/jacobi" "$HERE/jacobi.c" -lm
mpicc -O2 -o "$WORK/loggp-params" "$HERE/loggp-params.c"
printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); MPI_Finalize(); return 0; }\n' > "$WORK/empty.c"
mpicc -O2 -o "$WORK/empty" "$WORK/empty.c"
MPIRUN=(mpirun --oversubscribe --allow-run-as-root)

# hpcc reads hpccinf.txt in its folder: an HPL.dat with N = HPCC_N, NB 80 and one process grid 1 x NP.
hpcc_dir() { # NP: prints the folder, made once
	local dir="$WORK/hpcc-$1"
	if [ ! -d "$dir" ]; then
		mkdir -p "$dir"
		cat > "$dir/hpccinf.txt" << INF
HPLinpack benchmark input file
Innovative Computing Laboratory, University of Tennessee
HPL.out      output file name (if any)
8            device out (6=stdout,7=stderr,file)
1            # of problems sizes (N)
$HPCC_N         Ns
1            # of NBs
80           NBs
0            PMAP process mapping (0=Row-,1=Column-major)
1            # of process grids (P x Q)
1            Ps
$1            Qs
16.0         threshold
1            # of panel fact
2            PFACTs (0=left, 1=Crout, 2=Right)
1            # of recursive stopping criterium
4            NBMINs (>= 1)
1            # of panels in recursion
2            NDIVs
1            # of recursive panel fact.
1            RFACTs (0=left, 1=Crout, 2=Right)
1            # of broadcast
1            BCASTs (0=1rg,1=1rM,2=2rg,3=2rM,4=Lng,5=LnM)
1            # of lookahead depth
1            DEPTHs (>=0)
2            SWAP (0=bin-exch,1=long,2=mix)
64           swapping threshold
0            L1 in (0=transposed,1=no-transposed) form
0            U  in (0=transposed,1=no-transposed) form
1            Equilibration (0=no,1=yes)
8            memory alignment in double (> 0)
##### This line (no. 32) is ignored (it serves as a separator). ######
0                      		Number of additional problem sizes for PTRANS
1200 10000 30000        	values of N
0                       	number of additional blocking sizes for PTRANS
40 9 8 13 13 20 16 32 64       	values of NB
INF
	fi
	echo "$dir"
}

# Waits until the processors have been idle (at most 10 % busy) for a whole second, for at most IDLE_WAIT seconds
# in all; says whether they were (a run measured beside another program's work is not the program's time).
wait_idle() {
	local waited=0 u n s i w x y z total1 idle1 total2 idle2
	while :; do
		read -r _ u n s i w x y z _ < /proc/stat
		total1=$((u + n + s + i + w + x + y + z)) idle1=$((i + w))
		sleep 1
		read -r _ u n s i w x y z _ < /proc/stat
		total2=$((u + n + s + i + w + x + y + z)) idle2=$((i + w))
		[ $((100 * (idle2 - idle1))) -lt $((90 * (total2 - total1))) ] || return 0
		waited=$((waited + 1))
		[ $waited -lt "$IDLE_WAIT" ] || return 1
	done
}

# The wall time of mpirun -np NP COMMAND in FOLDER, in seconds; its output in $WORK/out.NP.
run_once() { # NP FOLDER COMMAND...
	local np=$1 dir=$2 start end
	shift 2
	start=$EPOCHREALTIME
	(cd "$dir" && "${MPIRUN[@]}" -np "$np" "$@") > "$WORK/out.$np" 2>&1 || return 1
	end=$EPOCHREALTIME
	awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
}

# The median of the numbers given, then their spread (max - min) / median in per cent.
median_spread() {
	printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END {
		m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		printf "%.6f %.1f\n", m, 100 * (t[NR] - t[1]) / m }'
}

BUSY=""
# The baseline: mpirun starting and ending an MPI program that does nothing else, at 1 and 2 ranks (medians);
# a program's time is its mpirun's wall time less this, so it compares with T (MPI_Init to MPI_Finalize).
baseline() {
	local r ones=() twos=()
	for ((r = 0; r < RUNS; r++)); do
		wait_idle || BUSY=" (busy)"
		ones+=("$(run_once 1 "$WORK" "$WORK/empty")")
		twos+=("$(run_once 2 "$WORK" "$WORK/empty")")
	done
	read -r BASE1 _ <<< "$(median_spread "${ones[@]}")"
	read -r BASE2 _ <<< "$(median_spread "${twos[@]}")"
}

# The folder of the reverse profiling library that perfcast built from this checkout's revprof.c.
library() {
	local dir
	for dir in "${XDG_CACHE_HOME:-$HOME/.cache}"/perfcast/revprof-*/; do
		if [ -f "$dir/librevprof.so" ] && cmp -s "$dir/revprof.c" "$REVPROF_SRC/revprof.c" \
			&& cmp -s "$dir/fortran.c" "$REVPROF_SRC/fortran.c"; then
			echo "${dir%/}"
			return
		fi
	done
	die "no librevprof.so built from this checkout's revprof.c in ${XDG_CACHE_HOME:-$HOME/.cache}/perfcast"
}

# Reverse profiling's T in seconds: COMMAND under the library on NP ranks with the summary; COMPUTE steps or cpu.
revprof() { # NP COMPUTE STEP FOLDER COMMAND...
	local np=$1 compute=$2 step=$3 dir=$4 logs="$WORK/revprof-logs"
	shift 4
	rm -rf "$logs" && mkdir -p "$logs"
	local yield=()
	[ "$np" -le "$(nproc)" ] || yield=("${YIELD[@]}") # only oversubscribed: yielding inflates polling loops
	(cd "$dir" && timeout 1200 "${MPIRUN[@]}" -np "$np" "${yield[@]}" -x LD_PRELOAD="$LIB/librevprof.so" -x PERFCAST_REVPROF_SUMMARY="$SUMMARY" \
		-x PERFCAST_REVPROF_OUT="$logs" -x PERFCAST_REVPROF_STEP="$step" -x PERFCAST_REVPROF_COMPUTE="$compute" "$@") \
		> "$WORK/revprof.out" 2>&1 || { cat "$WORK/revprof.out" >&2; echo failed; return; }
	grep -h '^revprof:' "$WORK/revprof.out" | sed "s/^/validate.sh: $np ranks, $compute: /" >&2 || true
	awk '$1 == "end" && $2 > t { t = $2 } END { if (t == "") print "failed"; else printf "%.4f\n", t / 1e6 }' "$logs"/rank*.log
}

# perfcast replay's T in seconds of COMMAND recorded on NP ranks, on this machine's LogGP parameters.
replay() { # NP FOLDER COMMAND...
	local np=$1 dir=$2 trace="$WORK/trace-$RANDOM"
	shift 2
	(cd "$dir" && "$PERFCAST" record-mpi --np "$np" --out "$trace" --timeout 1200 -- "$@") > "$WORK/record.out" 2>&1 \
		|| { cat "$WORK/record.out" >&2; echo failed; return; }
	"$PERFCAST" replay "$trace" --L "$L" --o "$O" --g "$G_GAP" --G "$G_BYTE" --eager "$EAGER" --json > "$WORK/replay.json" \
		2> "$WORK/replay.err" || { cat "$WORK/replay.err" >&2; echo failed; return; }
	sed -n 's/^{"T": \([^,]*\),.*/\1/p' "$WORK/replay.json" | awk '{ printf "%.4f\n", $1 / 1e6 }'
	rm -rf "$trace"
}

# "1.23 (4.5 %)": a prediction and its error against the real time, or why there is none.
with_error() { # PREDICTED REAL
	case "$1" in
	failed | -) echo "$1" ;;
	*) awk -v p="$1" -v r="$2" 'BEGIN { printf "%.3f (%.1f %%)", p, 100 * (p > r ? p - r : r - p) / r }' ;;
	esac
}
error_of() { # PREDICTED REAL: the error in per cent, or 999
	case "$1" in
	failed | -) echo 999 ;;
	*) awk -v p="$1" -v r="$2" 'BEGIN { printf "%.1f\n", 100 * (p > r ? p - r : r - p) / r }' ;;
	esac
}

VERDICTS="$WORK/verdicts"
: > "$VERDICTS"

# One row: real runs at 1 and 2 ranks, reverse profiling at 1, 2, 4, 8, 16, replay of recordings at 2, 4, 8, 16.
row() { # NAME WHAT COMPUTE(steps:CALIBRATE-STEPS or cpu) FOLDER-FUNCTION -- COMMAND...
	local name=$1 what=$2 compute=$3 folder=$4 r t1 t2 s1 s2 ones=() twos=() step=1 n rp1 rp2 rpw="" rcw="" rc2 e1 e2 f
	shift 5
	if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" ${name%% *} "* ]]; then
		return
	fi
	echo "validate.sh: $name" >&2
	for ((r = 0; r < RUNS; r++)); do # 1 and 2 ranks in turn, so that a slow spell of the machine hits both
		wait_idle || BUSY=" (busy)"
		t1=$(run_once 1 "$($folder 1)" "$@") && t2=$(run_once 2 "$($folder 2)" "$@") || {
			cat "$WORK/out.1" "$WORK/out.2" >&2 2> /dev/null || true
			echo "| $name | $what | real run failed | | | | | | | | |"
			echo "${name// /_} 999 999" >> "$VERDICTS"
			return
		}
		ones+=("$(awk -v t="$t1" -v b="$BASE1" 'BEGIN { printf "%.6f", t - b }')")
		twos+=("$(awk -v t="$t2" -v b="$BASE2" 'BEGIN { printf "%.6f", t - b }')")
	done
	read -r t1 s1 <<< "$(median_spread "${ones[@]}")"
	read -r t2 s2 <<< "$(median_spread "${twos[@]}")"
	if [[ "$compute" == steps:* ]]; then # the paper's compute step, bracketed by the 1-rank run: T(1) / steps
		step=$(awk -v t="$t1" -v n="${compute#steps:}" 'BEGIN { printf "%.6g", t * 1e6 / n }')
		compute=steps
	fi
	wait_idle || BUSY=" (busy)"
	rp1=$(revprof 1 "$compute" "$step" "$($folder 1)" "$@")
	wait_idle || BUSY=" (busy)"
	rp2=$(revprof 2 "$compute" "$step" "$($folder 2)" "$@")
	for n in $WIDER; do
		rpw="$rpw${rpw:+ / }$(revprof "$n" "$compute" "$step" "$($folder "$n")" "$@")"
	done
	if [ -n "${SAME_REPLAY:-}" ]; then # the same program as the row before: its replays are that row's
		rc2=$LAST_RC2 rcw="as above"
	else
		wait_idle || BUSY=" (busy)"
		rc2=$(replay 2 "$($folder 2)" "$@")
		for n in $WIDER; do
			rcw="$rcw${rcw:+ / }$(replay "$n" "$($folder "$n")" "$@")"
		done
	fi
	LAST_RC2=$rc2
	e1=$(error_of "$rp2" "$t2")
	e2=$(error_of "$rc2" "$t2")
	echo "${name// /_} $e1 $e2" >> "$VERDICTS"
	f="$compute"
	[ "$compute" = steps ] && f="steps of $step µs"
	printf '| %s | %s | %.3f | %.3f | %.1f %% | %s | %s | %s | %s | %s | %s |\n' "$name" "$what" "$t1" "$t2" \
		"$(awk -v a="$s1" -v b="$s2" 'BEGIN { print (a > b ? a : b) }')" "$f" "$(with_error "$rp1" "$t1")" \
		"$(with_error "$rp2" "$t2")" "$(with_error "$rc2" "$t2")" "$rpw" "$rcw"
}

same() { echo "$WORK"; } # jacobi runs in the work folder at every rank count

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
# This machine's MPI cost equations, small and quick: 2 and 4 ranks, 1 B to 64 KiB, 5 repetitions.
echo "validate.sh: characterising this machine's Open MPI" >&2
wait_idle || BUSY=" (busy)"
"$PERFCAST" characterise --np 2,4 --sizes 1,16,256,4096,65536 --repeat 5 --out "$WORK/measurements.csv" > /dev/null
"$PERFCAST" fit "$WORK/measurements.csv" --datasheet "$WORK/datasheet" > "$WORK/fit.txt"
SUMMARY="$WORK/datasheet/revprof-summary.txt"
cp "$SUMMARY" "$HERE/revprof-summary.txt"
# This machine's LogGP parameters, measured by loggp-params.c at 2 ranks.
wait_idle || BUSY=" (busy)"
read -r L O G_GAP G_BYTE <<< "$("${MPIRUN[@]}" -np 2 "$WORK/loggp-params")"
# record-mpi builds the library; the first replay below finds it for the hand-preloaded reverse profiling runs.
"$PERFCAST" record-mpi --np 1 --out "$WORK/warm" -- "$WORK/empty" > /dev/null 2>&1 || die "perfcast record-mpi fails"
LIB=$(library)
baseline

OUT="$HERE/VALIDATION.md"
{
	echo "# Predicted against real run times: MPI programs"
	echo
	echo "Generated by \`bash examples/mpi-validation/validate.sh\` on $(date -u +%Y-%m-%d): $(nproc) processors"
	echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(uname -sr), Open MPI $(mpirun --version | sed -n '1s/.* //p'),"
	echo "hpcc $(dpkg-query -W -f='${Version}' hpcc 2> /dev/null || echo '?'), $(mpicc --version | head -n 1)."
	echo
	echo "*Real*: the median of $RUNS runs of \`mpirun -np N\`'s wall time less that of an MPI program that only calls"
	echo "MPI_Init and MPI_Finalize ($(printf '%.3f' "$BASE1") s at 1 rank, $(printf '%.3f' "$BASE2") s at 2), so that it compares with a prediction's T"
	echo "(MPI_Init to the end of the last rank); 1 and 2 ranks in turn, each pair once the processors had been idle"
	echo "for a second. *Spread*: the larger (max - min) / median at 1 and 2 ranks. Times in seconds; error = |predicted - real| / real."
	echo
	echo "*Reverse profiling*: the program under Perfcast's PMPI library with this machine's equations (\`perfcast"
	echo "characterise --np 2,4 --sizes 1,16,256,4096,65536 --repeat 5\`, \`perfcast fit\`: [revprof-summary.txt](revprof-summary.txt));"
	echo "computation is *steps* (PERFCAST_COMPUTE(n) x step, the step the 1-rank real time / the steps: the paper's"
	echo "bracketed parameter) or *cpu* (each rank's computation between MPI calls measured on its CPU clock,"
	echo "PERFCAST_REVPROF_COMPUTE=cpu). *Replay*: \`perfcast record-mpi --np N\`, then \`perfcast replay\` with this"
	echo "machine's LogGP parameters L = $L µs, o = $O µs, g = $G_GAP µs, G = $G_BYTE µs/byte (loggp-params.c at 2 ranks:"
	echo "o the time of a 1-byte MPI_Send, g the time per message of a burst, L the half round trip less 2o, G the"
	echo "growth of the half round trip from 64 KiB to 1 MiB per byte) and \`--eager $EAGER\` (Open MPI's shared memory"
	echo "eager limit). 4, 8 and 16 ranks are predictions for a machine with a core per rank (reverse profiling at N"
	echo "ranks, replays of runs recorded at N ranks; this machine oversubscribes them, the CPU clock counts each rank's own work)."
	echo
	echo "| program | exercises | real 1 | real 2 | spread | computation | reverse profiling 1 | reverse profiling 2 | replay 2 | reverse profiling 4 / 8 / 16 | replay 4 / 8 / 16 |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	row "jacobi $JACOBI_N $JACOBI_IT" "halo exchange on a cartesian communicator (Irecv, Isend, Waitall), Allreduce of the residual per iteration" \
		"steps:$(awk -v n="$JACOBI_N" -v i="$JACOBI_IT" 'BEGIN { printf "%.0f", (n - 2) * n * i }')" same -- "$WORK/jacobi" "$JACOBI_N" "$JACOBI_IT"
	SAME_REPLAY=1 row "jacobi $JACOBI_N $JACOBI_IT (cpu)" "the same binary, its computation measured (replays: the row above's)" cpu same -- \
		"$WORK/jacobi" "$JACOBI_N" "$JACOBI_IT"
	row "hpcc (N = $HPCC_N, 1 x P)" "Debian's HPC Challenge as shipped: HPL, DGEMM, STREAM, PTRANS, RandomAccess, FFT, ping-pong and ring latency/bandwidth" \
		cpu hpcc_dir -- hpcc
	echo
	awk '{ gsub(/_/, " ", $1); printf "%s: reverse profiling %s, replay %s at 2 ranks.\n", $1, ($2 <= 10 ? "within 10 %" : "not within 10 %") " (" $2 " %)", ($3 <= 10 ? "within 10 %" : "not within 10 %") " (" $3 " %)" }' "$VERDICTS"
	awk '{ if ($2 > 10 || $3 > 10) bad++ } END { printf "\nTarget (within 10 %% at 2 ranks, both paths, every program): %s.\n", bad ? "not met" : "met" }' "$VERDICTS"
	echo
	echo "Load average (1, 5, 15 min) when the script started: $LOAD_START; when it ended: $(cut -d' ' -f1-3 /proc/loadavg)$BUSY."
} > "$OUT.part"
mv "$OUT.part" "$OUT"
echo "wrote $OUT"
