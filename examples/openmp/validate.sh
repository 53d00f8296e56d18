#!/usr/bin/env bash
# Regenerates VALIDATION.md: OpenMP programs (the kernels of this folder, built with gcc, g++ and gfortran, and
# Debian's GraphicsMagick and ImageMagick as shipped), each recorded on one processor with a team of 8 threads
# (on LLVM's libomp, which perfcast record preloads in place of GCC's libgomp), its speed-up on 2 processors
# predicted by each model and measured for real (taskset, on the program's own libgomp), and predicted on 4 and 8.
# Usage: bash examples/openmp/validate.sh [RUNS]   (RUNS real runs per processor count, default 5)
# Needs gcc, g++, gfortran, make, libomp, ImageMagick, GraphicsMagick and taskset (see README.md); takes about
# 9 minutes with 5 runs on an idle machine. TRACES=DIR keeps the recordings there; ONLY="amdahl gm" runs only the
# programs named (the first word of their rows); PERFCAST=COMMAND uses another launcher than the repository's
# ./perfcast. Each pair of real runs waits until the processors are idle, for IDLE_WAIT seconds at most (default 600).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RUNS=${1:-5}
PERFCAST=${PERFCAST:-$ROOT/perfcast}
TEAM=8
PROCESSORS=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc) # nproc answers OMP_NUM_THREADS when it is set
IDLE_WAIT=${IDLE_WAIT:-600}
export OMP_NUM_THREADS=$TEAM LC_ALL=C

die() {
	echo "validate.sh: $*" >&2
	exit 2
}

case "$RUNS" in
'' | *[!0-9]* | 0) die "RUNS must be a positive number of runs, not '$RUNS'" ;;
esac
missing=()
for tool in gcc g++ make; do
	command -v "$tool" > /dev/null || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] || die "${missing[*]} not installed: apt-get install gcc g++ make"
FC=$(command -v gfortran || command -v gfortran-12 || true)
[ -n "$FC" ] || die "gfortran not installed: apt-get install gfortran"
command -v taskset > /dev/null || die "taskset not installed: apt-get install util-linux"
LIBRARIES=$(ldconfig -p 2> /dev/null || /sbin/ldconfig -p 2> /dev/null || true)
grep -q 'libomp\.so\.5 ' <<< "$LIBRARIES" \
	|| die "LLVM's OpenMP runtime (libomp.so.5), on which perfcast record runs OpenMP programs, is missing: apt-get install libomp5"
missing=()
command -v gm > /dev/null || missing+=(graphicsmagick)
command -v convert-im6.q16 > /dev/null || missing+=(imagemagick)
[ ${#missing[@]} -eq 0 ] || die "${missing[*]} not installed: apt-get install ${missing[*]}"
[ "$PROCESSORS" -ge 2 ] || die "the real runs need 2 processors; this machine has $PROCESSORS"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
make -s -C "$HERE" CC=gcc CXX=g++ FC="$FC" BIN="$WORK/bin" > "$WORK/make.out" 2>&1 \
	|| { cat "$WORK/make.out" >&2; die "the kernels do not build"; }
# The images' input: 1500 x 1500 pixels of plasma fractal, the same on every run (-seed).
convert-im6.q16 -size 1500x1500 -seed 1 plasma:fractal -depth 8 "$WORK/plasma.ppm"
INPUT_SHA=$(sha256sum "$WORK/plasma.ppm" | cut -c1-16)
if [ -n "${TRACES:-}" ]; then
	mkdir -p "$TRACES"
	TRACES=$(cd "$TRACES" && pwd)
fi
cd "$WORK"

# The wall time of one run of COMMAND on processors 0 .. N-1, in seconds; its output in $WORK/out.N.
run_once() { # N COMMAND...
	local n=$1 cpus=0 start end
	shift
	[ "$n" -eq 1 ] || cpus=0-$((n - 1))
	start=$EPOCHREALTIME
	taskset -c "$cpus" "$@" > "$WORK/out.$n" 2>&1 || return 1
	end=$EPOCHREALTIME
	awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
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

# The median of the numbers given, then their spread (max - min) / median in per cent.
median_spread() {
	printf '%s\n' "$@" | sort -g | awk '{ t[NR] = $1 } END {
		m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
		printf "%.6f %.1f\n", m, 100 * (t[NR] - t[1]) / m }'
}

# perfcast trace's predicted speed-up of TRACE on N processors with MODEL (2 decimals), "deadlock" or "failed";
# for the model auto, the model it chose after a space.
predict() { # TRACE N MODEL
	local status=0 speedup chosen
	"$PERFCAST" trace "$1" --processors "$2" --model "$3" --json > "$WORK/trace.json" 2> "$WORK/trace.err" || status=$?
	if [ $status -ne 0 ] && [ $status -ne 3 ]; then # 3: deadlock
		cat "$WORK/trace.err" >&2
		echo failed
		return
	fi
	speedup=$(sed -n '1s/.*"speedup": \([^,]*\),.*/\1/p' "$WORK/trace.json")
	case "$speedup" in
	null) printf deadlock ;;
	'') printf failed ;;
	*) awk -v s="$speedup" 'BEGIN { printf "%.2f", s }' ;;
	esac
	if [ "$3" = auto ]; then
		chosen=$(sed -n '1s/^{"model": "\([^"]*\)".*/\1/p' "$WORK/trace.json")
		printf ' %s' "${chosen:-?}"
	fi
	echo
}

# "1.95 (3%)": a predicted speed-up and its error against the real one, or the word that says why there is none.
with_error() { # PREDICTED REAL
	case "$1" in
	deadlock | failed) echo "$1" ;;
	*) awk -v p="$1" -v r="$2" 'BEGIN { printf "%.2f (%.0f%%)", p, 100 * (p > r ? p - r : r - p) / r }' ;;
	esac
}

ERRORS="$WORK/errors" # per row: model error-in-per-cent (or deadlock / failed), for the summary
: > "$ERRORS"

# A row that says why a program has no numbers; it counts as no prediction for every model in the summary.
failed_row() { # NAME WHAT WHY KIND
	local model
	echo "| $1 | $2 | $3 | | | | | | | | | | |"
	for model in direct client-server strict auto; do
		echo "$model $4" >> "$ERRORS"
	done
}

# One row of the table: record, predict, run for real.
row() { # NAME WHAT -- COMMAND...
	local name=$1 what=$2 trace="$WORK/${1%% *}.vtrace" r t1 t2 s1 s2 ones=() twos=() n model p real one line busy="" chosen
	local -A predicted
	shift 3
	if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" ${name%% *} "* ]]; then
		return
	fi
	[ -z "${TRACES:-}" ] || trace="$TRACES/${name%% *}.vtrace"
	echo "validate.sh: $name" >&2
	if ! "$PERFCAST" record --out "$trace" -- "$@" > "$WORK/record.out" 2>&1; then
		cat "$WORK/record.out" >&2
		failed_row "$name" "$what" "recording failed: $(grep -v '^$' "$WORK/record.out" | tail -n 1 \
			| sed 's:/[^ ]*/\([^/ ]*\.vtrace\):\1:; s:|:/:g')" not-recorded
		return
	fi
	for n in 2 4 8; do
		for model in direct client-server strict auto; do
			predicted[$n.$model]=$(predict "$trace" "$n" "$model")
		done
	done
	one=$(sed -n '1s/.*"oneProcessor": \([^,]*\),.*/\1/p' "$WORK/trace.json") # the last prediction's
	for ((r = 0; r < RUNS; r++)); do # the two processor counts in turn, so that a slow spell of the machine hits both
		wait_idle || busy=" (busy)"
		rm -f "$WORK/out.1" "$WORK/out.2"
		t1=$(run_once 1 "$@") && t2=$(run_once 2 "$@") || {
			cat "$WORK/out.1" "$WORK/out.2" >&2 2> /dev/null || true
			failed_row "$name" "$what" "real run failed: $(tail -n 1 "$WORK/out.1" | tr '|' /)" not-run
			return
		}
		cmp -s "$WORK/out.1" "$WORK/out.2" || {
			failed_row "$name" "$what" "output differs between runs: $(tr '\n|' ' /' < "$WORK/out.1")/ $(tr '\n|' ' /' \
				< "$WORK/out.2")" not-run
			return
		}
		ones+=("$t1")
		twos+=("$t2")
	done
	# the recorded run (on libomp) printed what the real ones (on libgomp) print
	while IFS= read -r line; do
		grep -qxF -- "$line" "$WORK/record.out" || {
			failed_row "$name" "$what" "the recorded run did not print '$(tr '|' / <<< "$line")' as the real runs did" not-run
			return
		}
	done < "$WORK/out.1"
	read -r t1 s1 <<< "$(median_spread "${ones[@]}")"
	read -r t2 s2 <<< "$(median_spread "${twos[@]}")"
	real=$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.2f", a / b }')
	chosen=""
	[[ "${predicted[2.auto]}" != *" "* ]] || chosen=${predicted[2.auto]#* }
	for model in direct client-server strict auto; do
		p=${predicted[2.$model]%% *}
		case "$p" in
		deadlock | failed) echo "$model $p" >> "$ERRORS" ;;
		*) awk -v m="$model" -v p="$p" -v r="$real" -v n="$name" \
			'BEGIN { printf "%s %.2f %s\n", m, 100 * (p > r ? p - r : r - p) / r, n }' >> "$ERRORS" ;;
		esac
	done
	printf '| %s | %s | %s | %.2f | %.2f | %s | %s | %s | %s | %s | %s %s | %s / %s / %s | %s / %s / %s |\n' \
		"$name" "$what" "$(awk -v o="${one:-}" 'BEGIN { if (o == "") print "?"; else printf "%.2f", o }')" \
		"$t1" "$t2" "$(awk -v a="$s1" -v b="$s2" 'BEGIN { print (a > b ? a : b) " %" }')$busy" "$real" \
		"$(with_error "${predicted[2.direct]}" "$real")" "$(with_error "${predicted[2.client-server]}" "$real")" \
		"$(with_error "${predicted[2.strict]}" "$real")" "$(with_error "${predicted[2.auto]%% *}" "$real")" \
		"$chosen" \
		"${predicted[4.direct]}" "${predicted[4.client-server]}" "${predicted[4.strict]}" \
		"${predicted[8.direct]}" "${predicted[8.client-server]}" "${predicted[8.strict]}"
}

# Mean and largest error at 2 processors per model, over the rows that have one.
summary() {
	local model label
	echo "| model | mean error (2) | largest error (2) | no prediction |"
	echo "| --- | --- | --- | --- |"
	for model in direct client-server strict auto; do
		case $model in
		direct) label=Direct ;;
		client-server) label=Client-Server ;;
		strict) label="Strict Sequence" ;;
		auto) label="automatic (the default)" ;;
		esac
		awk -v m="$model" -v label="$label" '$1 == m && $2 ~ /^[0-9.]+$/ { n++; s += $2; if ($2 >= max) { max = $2; at = $3 } }
			$1 == m && $2 !~ /^[0-9.]+$/ { none[$2]++ }
			END {
				missing = ""
				for (k in none) missing = missing (missing == "" ? "" : ", ") none[k] " " k
				if (n == 0) printf "| %s | - | - | %s |\n", label, missing == "" ? "-" : missing
				else printf "| %s | %.1f %% | %.0f %% (%s) | %s |\n", label, s / n, max, at, missing == "" ? "-" : missing
			}' "$ERRORS"
	done
	echo
	awk '$1 == "auto" { if ($2 ~ /^[0-9.]+$/) { n++; s += $2; if ($2 > max) max = $2 } else bad++ }
		END {
			if (n == 0) { print "No row has a prediction of the automatic model: the target cannot be checked."; exit }
			met = s / n <= 5 && max <= 10 && bad == 0
			printf "Target (automatic model, 2 processors: mean error at most 5 %%, none above 10 %%): %s (mean %.1f %%, largest %.0f %%%s).\n",
				met ? "met" : "not met", s / n, max, bad ? ", " bad " without a prediction" : ""
		}' "$ERRORS"
}

OUT="$HERE/VALIDATION.md"
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
BIN="$WORK/bin"
{
	echo "# Predicted against real speed-up: OpenMP programs"
	echo
	echo "Generated by \`bash examples/openmp/validate.sh\` on $(date -u +%Y-%m-%d): $PROCESSORS processors"
	echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(uname -sr), $(gcc --version | head -n 1),"
	echo "libgomp $(dpkg-query -W -f='${Version}' libgomp1 2> /dev/null || echo '?'), libomp $(dpkg-query -W -f='${Version}' 'libomp5-*' 2> /dev/null | head -n 1 || echo '?'),"
	echo "$(gm version | head -n 1 | cut -d' ' -f1-2), ImageMagick $(convert-im6.q16 -version | sed -n '1s/^Version: ImageMagick \([^ ]*\).*/\1/p')."
	echo "Each program runs with OMP_NUM_THREADS=$TEAM. It is recorded on one processor (on libomp, preloaded in place"
	echo "of libgomp for a GCC-built program), simulated on 2, 4 and 8 processors with each model, and run for real"
	echo "(on its own libgomp) on processor 0 and on processors 0-1: the median of $RUNS runs of its wall time each, the"
	echo "two in turn, each pair once the processors had been idle for a second (*busy* after the spread: they were not"
	echo "within $IDLE_WAIT s, and the runs went ahead). *Recorded* is the trace's time on one processor; *spread* the largest"
	echo "(max - min) / median of the real runs on 1 and on 2 processors. Speed-ups; error = |real - predicted| / real (the"
	echo "VPPB paper's table 6)."
	echo "The images' input: 1500 x 1500 pixels of \`plasma:fractal\` made by ImageMagick with \`-seed 1\` (SHA-256 $INPUT_SHA...)."
	echo
	echo "| program | exercises | recorded (s) | 1 proc (s) | 2 procs (s) | spread | real (2) | Direct (2) | Client-Server (2) | Strict Sequence (2) | auto (2) | 4: D / CS / SS | 8: D / CS / SS |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	row "imbalanced-static" "\`parallel for schedule(static)\`, iteration i costs i: the last thread's block is the heaviest" -- "$BIN/imbalanced-static"
	row "imbalanced-dynamic" "the same loop, \`schedule(dynamic, 4)\`" -- "$BIN/imbalanced-dynamic"
	row "cholesky-tasks" "tasks with \`depend(in/inout)\` (blocked Cholesky, 28 x 28 tiles), \`taskwait\`" -- "$BIN/cholesky-tasks"
	row "reduction" "\`parallel for reduction(+)\`, 10 regions" -- "$BIN/reduction"
	row "critical" "\`critical\` around 30 % of each iteration" -- "$BIN/critical"
	row "amdahl" "25 % serial between 20 parallel regions" -- "$BIN/amdahl"
	row "nqueens (C++)" "recursive tasks and \`taskwait\`, \`std::vector\` (g++)" -- "$BIN/nqueens"
	row "integrate (Fortran)" "\`parallel do reduction(+)\` (gfortran)" -- "$BIN/integrate"
	row "gm convert -gaussian 0x4" "GraphicsMagick as shipped: its convolution's \`parallel for schedule(dynamic)\`, 8 threads" -- \
		gm convert "$WORK/plasma.ppm" -gaussian 0x4 null:
	row "convert -gaussian-blur 0x4" "ImageMagick as shipped: its morphology's \`parallel for\`, \`num_threads(2)\` whatever the team" -- \
		convert-im6.q16 "$WORK/plasma.ppm" -gaussian-blur 0x4 null:
	echo
	summary
	echo
	echo "Load average (1, 5, 15 min) when the script started: $LOAD_START; when it ended: $(cut -d' ' -f1-3 /proc/loadavg)."
} > "$OUT.part"
mv "$OUT.part" "$OUT"
echo "wrote $OUT"
