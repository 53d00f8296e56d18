#!/usr/bin/env bash
# Regenerates VALIDATION.md: programs nobody on the team wrote -- Debian's multi-threaded tools (compression,
# media and images, bioinformatics, databases and search, scientific computing), C++ programs on standard thread
# pools, Java programs on Maven Central concurrency libraries, OpenMP programs Debian builds with GCC -- each
# recorded on one processor, its speed-up on 2 processors predicted by each model and measured for real (taskset),
# predicted on 4 and 8, with the recording's self-check.
# Usage: bash examples/real-programs/validate.sh [RUNS]   (RUNS real runs per processor count, default 5)
# Installs nothing: it checks what it needs and says what to install (README.md). SIZE_MB=N scales every input
# (default 64: 2 to 6 s per program on one idle processor); TRACES=DIR keeps the recordings there; ONLY=REGEX runs
# the programs whose name matches (extended regex); OUT=FILE writes the table there instead of VALIDATION.md;
# GATE_LOAD (default 0.3) and GATE_WAIT (default 120 s): before each program wait until the 1-minute load average
# is below GATE_LOAD, at most GATE_WAIT seconds, and say in the table whether it was.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RUNS=${1:-5}
SIZE_MB=${SIZE_MB:-64}
ONLY=${ONLY:-}
GATE_LOAD=${GATE_LOAD:-0.3}
GATE_WAIT=${GATE_WAIT:-120}

die() {
	echo "validate.sh: $*" >&2
	exit 2
}

# What the programs need, as Debian packages: command, then the package that provides it.
NEEDS="pigz pigz
pbzip2 pbzip2
lbzip2 lbzip2
xz xz-utils
zstd zstd
plzip plzip
gm graphicsmagick
cwebp webp
x265 x265
vips libvips-tools
ffmpeg ffmpeg
bwa bwa
minimap2 minimap2
samtools samtools
bgzip tabix
clustalo clustalo
mafft mafft
rg ripgrep
sqlite3 sqlite3
g++ g++
taskset util-linux
/usr/bin/python3 python3"
missing=()
while read -r tool package; do
	command -v "$tool" > /dev/null || missing+=("$package")
done <<< "$NEEDS"
[ ${#missing[@]} -eq 0 ] || die "not installed: apt-get install ${missing[*]}"
printf '#include <zlib.h>\n#include <openssl/evp.h>\n#include <boost/asio/thread_pool.hpp>\n#include <oneapi/tbb/parallel_sort.h>\n' \
	| g++ -E -x c++ - > /dev/null 2>&1 \
	|| die "headers are missing: apt-get install zlib1g-dev libssl-dev libboost-dev libtbb-dev"
/usr/bin/python3 -c 'import numpy' 2> /dev/null || die "NumPy is missing: apt-get install python3-numpy libopenblas0-pthread"
ls /usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3 > /dev/null 2>&1 \
	|| die "OpenBLAS (pthreads) is missing: apt-get install libopenblas0-pthread"
if [ -z "${JAVA_HOME:-}" ] || [ ! -x "$JAVA_HOME/bin/javac" ]; then
	for jdk in /usr/lib/jvm/*25* /usr/lib/jvm/*21*; do
		if [ -x "$jdk/bin/javac" ]; then
			JAVA_HOME=$jdk
			break
		fi
	done
fi
[ -x "${JAVA_HOME:-}/bin/javac" ] || die "no JDK 21+ found; set JAVA_HOME"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The Maven Central libraries (fetched once into the cache, checked against their SHA-256)
CLASSPATH_JARS=$(JAVA_HOME=$JAVA_HOME bash "$HERE/fetch-jars.sh")

# The programs written here against the libraries, and the inputs, all in $WORK. Sizes scale with SIZE_MB.
scaled() { # BASE [POWER]: BASE * (SIZE_MB / 64)^POWER (default 1: work linear in the size), at least 1
	awk -v b="$1" -v p="${2:-1}" -v s="$SIZE_MB" 'BEGIN { v = int(b * (s / 64) ^ p + 0.5); print v < 1 ? 1 : v }'
}
g++ -O2 -g -pthread -o "$WORK/blockpack" "$HERE/blockpack.cpp" -lz -lcrypto
g++ -O2 -g -pthread -o "$WORK/wordcount-asio" "$HERE/wordcount-asio.cpp"
g++ -O2 -g -pthread -o "$WORK/sort-tbb" "$HERE/sort-tbb.cpp" -ltbb
"$JAVA_HOME/bin/javac" --release 17 -g -cp "$CLASSPATH_JARS" -d "$WORK/java" "$HERE"/*.java
cd "$WORK"
awk -v size="$SIZE_MB" -f "$HERE/make-input.awk" > text
INPUT_SHA=$(sha256sum text | cut -c1-16)
mkdir tree # 4 x 64 files of text (hard links) for ripgrep
split -n l/64 -d -a 2 text tree/part-
for copy in 1 2 3; do
	mkdir "tree/copy$copy"
	ln tree/part-* "tree/copy$copy/"
done
GENOME_KB=$(scaled 2000)
awk -v what=ref -v kb="$GENOME_KB" -f "$HERE/make-genome.awk" > ref.fa
awk -v what=reads -v kb="$GENOME_KB" -v n="$(scaled 60000)" -f "$HERE/make-genome.awk" > reads.fq
awk -v what=reads -v kb="$GENOME_KB" -v n="$(scaled 200000)" -f "$HERE/make-genome.awk" > many.fq
awk -v what=proteins -v n="$(scaled 150 0.5)" -v len=200 -f "$HERE/make-genome.awk" > proteins.fa
awk -v what=proteins -v n="$(scaled 800 0.5)" -v len=250 -f "$HERE/make-genome.awk" > more-proteins.fa
bwa index ref.fa 2> /dev/null
bwa mem -t 2 -o aligned.sam ref.fa reads.fq 2> /dev/null
for copy in $(seq 2 14); do
	sed -n '/^@/!p' aligned.sam
done | cat aligned.sam - > aligned-more.sam
IMAGE_SIDE=$(awk -v s="$SIZE_MB" 'BEGIN { v = int(3000 * sqrt(s / 64)); print v < 64 ? 64 : v }')
gm convert -size "${IMAGE_SIDE}x$IMAGE_SIDE" gradient:navy-gold -swirl 270 -wave 25x180 picture.ppm
vips copy picture.ppm picture.v
FRAMES=$(scaled 100)
ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i "testsrc2=size=1280x720:rate=25" -frames:v "$(scaled 60)" \
	-pix_fmt yuv420p -y clip.y4m
ROWS=$(scaled 800000)
cat > index.sql << EOF
PRAGMA threads = 2;
PRAGMA cache_size = -8000;
CREATE TABLE t(id INTEGER, k INTEGER, s TEXT);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $ROWS)
INSERT INTO t SELECT x, (x * 2654435761) % 4294967296, printf('%08x-%d', (x * 40503) % 65536, x % 977) FROM c;
CREATE INDEX tk ON t(k);
CREATE INDEX ts ON t(s, k);
SELECT count(*), min(s), max(k) FROM t;
EOF
if [ -n "${TRACES:-}" ]; then
	mkdir -p "$TRACES"
	TRACES=$(cd "$TRACES" && pwd)
fi

# Waits until the 1-minute load average is below GATE_LOAD, at most GATE_WAIT s; prints the load and whether.
idle_gate() {
	local waited=0 load
	while :; do
		load=$(cut -d' ' -f1 /proc/loadavg)
		if awk -v l="$load" -v g="$GATE_LOAD" 'BEGIN { exit !(l < g) }'; then
			echo "$load (idle)"
			return
		fi
		if [ "$waited" -ge "$GATE_WAIT" ]; then
			echo "$load (**busy** after ${waited} s)"
			return
		fi
		sleep 10
		waited=$((waited + 10))
	done
}

# One row of the table: perfcast accuracy's with the domain and the load inserted after the program's name, or
# the program's name and why it failed.
row() { # NAME DOMAIN TRACE-NAME [VAR=VALUE...] -- COMMAND...
	local name=$1 domain=$2 trace=$3 err="$WORK/accuracy.err" keep=() vars=() gate line
	shift 3
	while [ "$1" != "--" ]; do
		vars+=("$1")
		shift
	done
	shift
	if [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]]; then
		return
	fi
	[ -z "${TRACES:-}" ] || keep=(--trace "$TRACES/$trace.vtrace")
	rm -f text.gz text.bz2 text.xz text.zst text.lz text.bpk text.zip many.fq.gz ./*.out.* ./*.sam.out
	gate=$(idle_gate)
	echo "validate.sh: $name (load $gate)" >&2
	if line=$(env ${vars[@]+"${vars[@]}"} "$ROOT/perfcast" accuracy --runs "$RUNS" --markdown --name "$name" \
			${keep[@]+"${keep[@]}"} -- "$@" 2> "$err") && [ -n "$line" ]; then
		awk -v d="$domain" -v g="$gate" '{ i = index(substr($0, 3), " | ") + 1
			print substr($0, 1, i) " | " d " | " g substr($0, i + 1) }' <<< "$line"
	else
		echo "| $name | $domain | $gate | failed: $(grep -v '^$' "$err" | tail -n 1 | sed 's:/[^ ]*/\([^/ ]*\.vtrace\):\1:; s:|:/:g') | | | | | | | |"
	fi
	cat "$err" >&2
}

JAVA=("$JAVA_HOME/bin/java" -cp "$CLASSPATH_JARS:$WORK/java")
rows() {
	# compression (Debian)
	row "pigz -p 2" compression pigz -- pigz -p 2 -k -f text
	row "pbzip2 -p2" compression pbzip2 -- pbzip2 -p2 -k -f text
	row "lbzip2 -n 2" compression lbzip2 -- lbzip2 -n 2 -k -f text
	row "xz -T2 -0" compression xz -- xz -T2 -0 -k -f text
	row "zstd -T2 -10" compression zstd -- zstd -T2 -10 -q -k -f text
	row "plzip -n 2 -0" compression plzip -- plzip -n 2 -0 -k -f text
	# media and images (Debian)
	row "gm convert (OpenMP)" "images (GraphicsMagick, GCC OpenMP)" gm OMP_NUM_THREADS=2 -- \
		gm convert picture.ppm -blur 0x2 -resize 140% -unsharp 0x1 picture.out.ppm
	row "cwebp -mt" "images (libwebp)" cwebp -- cwebp -quiet -mt -q 90 -m 6 picture.ppm -o picture.out.webp
	row "vips sharpen" "images (libvips, GLib thread pool)" vips VIPS_CONCURRENCY=2 OMP_NUM_THREADS=2 -- \
		vips sharpen picture.v picture.out.jpg --sigma 3
	row "ffmpeg libx264 -threads 2" "media (FFmpeg, x264)" ffmpeg OMP_NUM_THREADS=2 -- \
		ffmpeg -nostdin -hide_banner -loglevel error -f lavfi -i "testsrc2=size=1280x720:rate=25" -frames:v "$FRAMES" \
		-c:v libx264 -preset fast -threads 2 -y picture.out.mp4
	row "x265 --pools 2 -F 2" "media (x265)" x265 -- \
		x265 --pools 2 -F 2 --preset fast --log-level error --input clip.y4m -o clip.out.hevc
	# bioinformatics (Debian)
	row "bwa mem -t 2" bioinformatics bwa -- bwa mem -t 2 -o aligned.sam.out ref.fa reads.fq
	row "minimap2 -t 2 -x sr" bioinformatics minimap2 -- minimap2 -t 2 -x sr -a -o mapped.sam.out ref.fa reads.fq
	row "samtools sort -@ 2" bioinformatics samtools -- samtools sort -@ 2 -m 32M -o sorted.out.bam aligned-more.sam
	row "bgzip -@ 2" bioinformatics bgzip -- bgzip -@ 2 -k -f many.fq
	row "clustalo --threads=2 (OpenMP)" "bioinformatics (GCC OpenMP)" clustalo OMP_NUM_THREADS=2 -- \
		clustalo --threads=2 -i proteins.fa -o proteins.out.aln --force
	row "mafft --thread 2" bioinformatics mafft -- mafft --thread 2 --quiet --out more-proteins.out.aln more-proteins.fa
	# databases and search (Debian)
	row "rg -j 2" search ripgrep -- rg -j 2 --count-matches -P '(\w+) (\w+) \d+$' tree
	row "sqlite3 CREATE INDEX (threads 2)" database sqlite -- sqlite3 :memory: ".read index.sql"
	# scientific computing (Debian)
	row "NumPy on OpenBLAS" "scientific (OpenBLAS pthreads)" blas OPENBLAS_NUM_THREADS=2 -- \
		/usr/bin/python3 "$HERE/blas-solve.py" "$(scaled 2000 0.333)"
	# C++ on standard thread pools (written here)
	row "blockpack -t 4 (std::thread)" "C++ std::thread, zlib, OpenSSL" blockpack -- "$WORK/blockpack" -t 4 text
	row "wordcount-asio -t 2" "C++ Boost.Asio thread_pool" wordcount -- "$WORK/wordcount-asio" -t 2 text
	row "sort-tbb -t 2" "C++ oneTBB" tbb -- "$WORK/sort-tbb" -t 2 "$(scaled 20)"
	# Java on Maven Central concurrency libraries (written here)
	row "ParallelZip (Commons Compress)" "Java, Commons Compress" ParallelZip -- "${JAVA[@]}" ParallelZip text
	row "GuavaMerkle" "Java, Guava futures" GuavaMerkle -- "${JAVA[@]}" GuavaMerkle text 2 20
	row "ReactorPrimes" "Java, Project Reactor" ReactorPrimes -- "${JAVA[@]}" ReactorPrimes "$(scaled 50 0.667 | awk '{ print $1 / 10 }')" 2
	row "DisruptorLines" "Java, LMAX Disruptor" DisruptorLines -- "${JAVA[@]}" DisruptorLines text
	row "JctoolsMatrices" "Java, JCTools" JctoolsMatrices -- "${JAVA[@]}" JctoolsMatrices "$(scaled 9000)" 2
}

# The summary of the rows: the automatic model's mean and worst error on 2 processors, the programs below 1.7
# real speed-up, those whose self-check says unreliable, failures and deadlocks.
summary() { # ROWS-FILE
	awk -F' [|] ' '
		/^\| / {
			n++
			if ($4 ~ /^failed/) { failed++; next }
			real = $4 + 0
			if (real < 1.7) below++
			auto = $8
			if (auto ~ /deadlock/) { deadlocks++ }
			else if (match(auto, /\(([0-9.]+)%\)/)) {
				e = substr(auto, RSTART + 1, RLENGTH - 3) + 0
				sum += e; m++
				if (e > worst) { worst = e; worstName = substr($1, 3) }
			}
			if ($0 ~ /\*\*unreliable\*\*/) unreliable++
			if ($3 ~ /busy/) busy++
		}
		END {
			printf "**Summary** (automatic model, 2 processors): %d programs, %d recorded and predicted; mean error %.1f %%, worst %.0f %% (%s); %d with a real speed-up below 1.7; %d flagged unreliable by the self-check; %d failed; %d deadlocked.\n", \
				n, m, m ? sum / m : 0, worst, worstName, below, unreliable, failed + 0, deadlocks + 0
			if (busy) printf "\n**DRAFT**: the idle gate was not met for %d of the programs (the load column): their timings were taken on a loaded machine and are not final.\n", busy
		}' "$1"
}

OUT=${OUT:-$HERE/VALIDATION.md}
rows > "$WORK/rows.md"
{
	echo "# Predicted against real speed-up: programs written elsewhere"
	echo
	summary "$WORK/rows.md"
	echo
	echo "Generated by \`bash examples/real-programs/validate.sh $RUNS\` (SIZE_MB=$SIZE_MB) on $(date -u +%Y-%m-%d): $(nproc) processors"
	echo "($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(uname -sr), $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1),"
	echo "$(g++ --version | head -n 1), Debian packages: $(dpkg-query -W -f='${Package} ${Version}, ' pigz pbzip2 lbzip2 xz-utils zstd plzip graphicsmagick webp libvips-tools ffmpeg x265 bwa minimap2 samtools tabix clustalo mafft ripgrep sqlite3 python3-numpy libopenblas0-pthread libtbb-dev libboost-dev 2> /dev/null | sed 's/, $//')."
	echo "Inputs, made by the script in a temporary folder: $SIZE_MB MiB of text from \`make-input.awk\` (SHA-256 $INPUT_SHA...),"
	echo "the same as 256 files for ripgrep; a genome of $GENOME_KB kb with reads and proteins from \`make-genome.awk\`; a"
	echo "${IMAGE_SIDE}x$IMAGE_SIDE picture drawn by GraphicsMagick; $FRAMES frames of FFmpeg's \`testsrc2\` (x264), $(scaled 60) for x265; $ROWS rows generated by SQLite."
	echo "Each program is recorded on one processor, simulated on 2, 4 and 8 processors with each model, and run"
	echo "for real on processor 0 and on processors 0-1 (median of $RUNS runs of its wall time, or of its \`elapsed\` line)."
	echo "Speed-ups; error = |real - predicted| / real (the VPPB paper's table 6). *load*: the 1-minute load average"
	echo "when the program's turn came (the script waits up to $GATE_WAIT s for it to fall below $GATE_LOAD). *self-check*:"
	echo "the recording replayed on one processor against its recorded time, the threads' time not explained by CPU,"
	echo "I/O, sleeps, recorded waits and run-queue delay, and **unreliable** when either is off by more than 5 %."
	echo
	echo "| program | domain | load | real (2) | Direct (2) | Client-Server (2) | Strict Sequence (2) | auto (2) | 4: D / CS / SS | 8: D / CS / SS | self-check |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	cat "$WORK/rows.md"
} > "$OUT.part"
mv "$OUT.part" "$OUT"
echo "wrote $OUT"
