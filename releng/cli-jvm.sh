# cli-jvm.sh: how the Perfcast command line starts its JVM, in one place for ./perfcast and for any other
# start script (a distribution's). Source it (bash), then
#
#   perfcast_cli_java JAVA_HOME CLASSPATH CACHE_DIR [JAVA_OPTIONS...]
#   exec "${PERFCAST_JAVA[@]}" org.perfcast.cli.Main "$@"
#
# PERFCAST_JAVA is then the java binary, the options below and -cp. CLASSPATH is the engine jars, the CLI,
# EMF and ASM separated by ':'; CACHE_DIR is where the start-up cache lives (created if missing; when it
# cannot be written the JVM starts without a cache). JAVA_OPTIONS are added as they are (e.g.
# -Dperfcast.examples=DIR), then the words of $PERFCAST_JAVA_OPTS (e.g. PERFCAST_JAVA_OPTS=-Xmx8g), which win
# (a collector there replaces ours; options that do not fit the cache start without it).
#
# Heap: the serial collector with a 64 MB initial heap that grows only as far as the live data needs
# (at most 30 % free after a collection); the maximum stays the JVM's default, a quarter of the memory
# (of the cgroup's limit under SLURM). A simulation is one thread, and a heap sized to its live data
# keeps the resident memory near what the simulation holds. The young generation starts at 48 MB, so
# that what a simulation step makes and drops dies young instead of filling the old generation.
#
# Start-up cache, JDK 25+ (JEP 483/514): an AOT cache of the classes loaded and linked, and of the methods'
# profiles, during a training run (org.perfcast.cli.StartupCache: help, loggp-step, loggp, validate,
# pamela, mapping, replay, trace on small inputs). It is made once per set of jars, named by a SHA-256 of the
# Java version, of the class path and of the jars' content, so other jars (or the same names with other
# content) make a new cache; older caches are removed. Made synchronously on the first run that needs it (a
# few seconds, said on stderr) or ahead of time by perfcast_cli_cache (./perfcast build does). The JVM
# leaves classes of signed jars out of such a cache, so the cache holds copies of the signed jars (EMF)
# without their signature files, and the class path names the copies. A cache is used only when its size
# and time are those recorded when it was made, the copies are there, and the JVM's own checksum verifies
# (-XX:+VerifySharedSpaces); any failure means a normal start, never a failed run. A cache that could not
# be made is not tried again for the same jars (the file cli-KEY.failed says why). JDK 21 to 24: a dynamic
# CDS archive that the JVM makes at the first run's exit and checks itself (-XX:+AutoCreateSharedArchive).
#
# The cache is code: the cache folder is private (perfcast_private_dir: made mode 0700; refused, with a
# line saying why, when another account owns it or may write it or a folder above it), every file used
# from it is the user's alone, and nothing read from it decides what runs: the class path is computed
# here on every start (a jar, or its unsigned copy in the cache), never read back from the cache. The
# same rules as org.perfcast.engine.PrivateFiles, which the engines use for their caches.

# The options of every start, before the cache's.
PERFCAST_JVM_OPTIONS=(-XX:+UseSerialGC -Xms64m -XX:NewSize=48m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:-UsePerfData
	-Xlog:disable -Xlog:all=warning,aot*=off,cds*=off:stderr)

# Prints the major version of the JDK at $1 from its release file (fast), else from java -version.
perfcast_java_major() {
	local version=""
	if [ -f "$1/release" ]; then
		version=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2> /dev/null | head -n 1)
	fi
	if [ -z "$version" ]; then
		version=$({ "$1/bin/java" -version 2>&1 || true; } | sed -n 's/.*version "\([0-9]*\)[^"]*".*/\1/p' | head -n 1)
	fi
	printf '%s' "$version"
}

# perfcast_private_dir DIR FIX: makes DIR mode 0700 (and its missing parents) or checks that it is private:
# owned by the user and not writable by group or others, every folder above it owned by the user or root
# and sticky where others may write it. Else says on stderr why, with FIX, and returns 1.
perfcast_private_dir() {
	local dir=$1 fix=$2 real path paths=() owner uid mode first=1 IFS=$' \t\n'
	local why=': Perfcast does not use files another account can change;'
	if [ ! -e "$dir" ] && [ ! -L "$dir" ]; then
		(umask 077 && mkdir -p "$dir") 2> /dev/null || return 1
	fi
	if [ ! -d "$dir" ]; then
		printf 'perfcast: %s is not a directory; %s\n' "$dir" "$fix" >&2
		return 1
	fi
	real=$(readlink -f "$dir") || return 1
	path=$real
	while [ -n "$path" ]; do
		paths+=("$path")
		path=${path%/*}
	done
	paths+=(/)
	while read -r owner uid mode path; do
		if [ $first = 1 ]; then
			first=0
			if [ "$uid" != "$EUID" ]; then
				printf 'perfcast: %s is owned by %s (uid %s), not by you (%s, uid %s)%s %s\n' "$dir" "$owner" "$uid" \
					"${USER:-$(id -un)}" "$EUID" "$why" "$fix" >&2
				return 1
			elif (( 8#$mode & 8#022 )); then
				printf 'perfcast: %s may be written by %s (mode %s)%s %s (or chmod go-w it)\n' "$dir" \
					"$( (( 8#$mode & 8#002 )) && echo 'every account' || echo 'its group')" "$mode" "$why" "$fix" >&2
				return 1
			fi
		elif [ "$uid" != "$EUID" ] && [ "$uid" != 0 ]; then
			printf 'perfcast: %s is inside %s, owned by %s (uid %s), who could replace it%s %s\n' "$dir" "$path" \
				"$owner" "$uid" "$why" "$fix" >&2
			return 1
		elif (( 8#$mode & 8#022 )) && ! (( 8#$mode & 8#1000 )); then
			printf 'perfcast: %s is inside %s, which other accounts may write (mode %s) and so replace it%s %s\n' \
				"$dir" "$path" "$mode" "$why" "$fix" >&2
			return 1
		fi
	done < <(stat -c '%U %u %a %n' "${paths[@]}")
	return 0
}

# perfcast_private_file FILE...: whether each FILE is a regular file (not a link) of the user's, not writable
# by group or others.
perfcast_private_file() {
	local file uid mode IFS=$' \t\n' # (callers may have set IFS=:)
	for file in "$@"; do
		[ -f "$file" ] && [ ! -L "$file" ] || return 1
	done
	while read -r uid mode; do
		[ "$uid" = "$EUID" ] && ! (( 8#$mode & 8#022 )) || return 1
	done < <(stat -c '%u %a' "$@")
}

PERFCAST_CACHE_FIX="remove it, or set PERFCAST_CACHE_DIR to a directory of yours"

# Prints the cache key of JDK $1 and class path $2: a SHA-256 of the JDK's release file, of the class path
# and of each jar's content.
perfcast_cli_cache_key() {
	local IFS=: jars
	read -r -a jars <<< "$2"
	{ cat "$1/release" 2> /dev/null || echo "$1"; printf '%s\n' "$2"; sha256sum "${jars[@]}" 2> /dev/null; } |
		sha256sum | cut -c 1-20
}

# Prints the class path of the cache at base $1 for class path $2: each jar, or its unsigned copy in the
# cache (a private file) when the cache has one.
perfcast_cli_cache_classpath() {
	local base=$1 jar copy classpath="" IFS=:
	for jar in $2; do
		copy=$base.jars/${jar##*/}
		if [ -e "$copy" ]; then
			perfcast_private_file "$copy" || return 1
			jar=$copy
		fi
		classpath="$classpath${classpath:+:}$jar"
	done
	printf '%s' "$classpath"
}

# Whether the cache at base $1 (cli-KEY) is whole and private: its AOT file is the user's alone, with the
# size and time recorded when it was made.
perfcast_cli_cache_whole() {
	local base=$1 recorded
	perfcast_private_file "$base.aot" "$base.ok" || return 1
	recorded=$(< "$base.ok") || return 1
	[ "$recorded" = "$(stat -c '%s %y' "$base.aot" 2> /dev/null)" ] || return 1
}

# perfcast_cli_cache JAVA_HOME CLASSPATH CACHE_DIR [JAVA_OPTIONS...]: makes the AOT cache of these jars if
# it is missing or not whole (JDK 25+); returns 1 when there is none to use. Says on stderr that it works.
perfcast_cli_cache() {
	local jdk=$1 classpath=$2 dir=$3 key base log unsigned
	shift 3
	case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
	[ "$(perfcast_java_major "$jdk")" -ge 25 ] 2> /dev/null || return 1
	perfcast_private_dir "$dir" "$PERFCAST_CACHE_FIX" && [ -w "$dir" ] || return 1
	key=$(perfcast_cli_cache_key "$jdk" "$classpath")
	base=$dir/cli-$key
	perfcast_cli_cache_whole "$base" && return 0
	[ -e "$base.failed" ] && return 1
	# one maker at a time; a maker that died more than 10 minutes ago does not block
	find "$dir" -maxdepth 1 -name "cli-$key.making" -mmin +10 -exec rm -rf {} + 2> /dev/null
	mkdir "$base.making" 2> /dev/null || return 1
	printf 'perfcast: preparing the start-up cache of the command line (once for these jars) ...\n' >&2
	log=$base.making/log
	rm -rf "$base.jars" "$base.aot" "$base.ok" "$base.classpath"
	# the signed jars (EMF) copied without their signatures, so that the cache may hold their classes
	if unsigned=$("$jdk/bin/java" "${PERFCAST_JVM_OPTIONS[@]}" -cp "$classpath" org.perfcast.cli.StartupCache \
		unsign "$base.jars" "$classpath" 2> "$log") &&
		"$jdk/bin/java" "${PERFCAST_JVM_OPTIONS[@]}" "$@" -XX:AOTCacheOutput="$base.making/cli.aot" -cp "$unsigned" \
			org.perfcast.cli.StartupCache train >> "$log" 2>&1 && [ -s "$base.making/cli.aot" ]; then
		mv -f "$base.making/cli.aot" "$base.aot"
		stat -c '%s %y' "$base.aot" > "$base.ok"
		chmod -R go-w "$base.aot" "$base.ok" "$base.jars" 2> /dev/null
		rm -rf "$base.making"
		# the caches of other jars
		find "$dir" -maxdepth 1 -name 'cli-*' ! -name "cli-$key*" -exec rm -rf {} + 2> /dev/null
		return 0
	fi
	rm -rf "$base.jars"
	mv -f "$log" "$base.failed" 2> /dev/null || touch "$base.failed"
	rm -rf "$base.making"
	printf 'perfcast: the start-up cache could not be made (see %s); starting without it\n' "$base.failed" >&2
	return 1
}

# perfcast_cli_java JAVA_HOME CLASSPATH CACHE_DIR [JAVA_OPTIONS...]: sets the array PERFCAST_JAVA to the
# java command (binary, options, class path) that runs the command line, with the start-up cache when
# there is one (made now if it is missing).
perfcast_cli_java() {
	local jdk=$1 classpath=$2 dir=$3 major key base cached extra=() option
	shift 3
	case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
	major=$(perfcast_java_major "$jdk")
	read -r -a extra <<< "${PERFCAST_JAVA_OPTS:-}"
	PERFCAST_JAVA=("$jdk/bin/java")
	for option in "${PERFCAST_JVM_OPTIONS[@]}"; do
		# a collector the user chose replaces ours (two make the JVM refuse to start)
		[ "$option" = -XX:+UseSerialGC ] && [[ " ${extra[*]} " == *" -XX:+Use"*"GC "* ]] && continue
		PERFCAST_JAVA+=("$option")
	done
	PERFCAST_JAVA+=("$@")
	if [ "${major:-0}" -ge 25 ] 2> /dev/null && perfcast_cache_options_fit "${extra[@]}" &&
		perfcast_private_dir "$dir" "$PERFCAST_CACHE_FIX"; then
		key=$(perfcast_cli_cache_key "$jdk" "$classpath")
		base=$dir/cli-$key
		if { perfcast_cli_cache_whole "$base" || perfcast_cli_cache "$jdk" "$classpath" "$dir" "$@"; } &&
			cached=$(perfcast_cli_cache_classpath "$base" "$classpath"); then
			PERFCAST_JAVA+=(-XX:AOTCache="$base.aot" -XX:+VerifySharedSpaces)
			classpath=$cached
		fi
	elif [ "${major:-0}" -ge 19 ] 2> /dev/null && [ "${major:-0}" -lt 25 ] && perfcast_private_dir "$dir" "$PERFCAST_CACHE_FIX" &&
		[ -w "$dir" ]; then
		key=$(perfcast_cli_cache_key "$jdk" "$classpath")
		if [ ! -e "$dir/cli-$key.jsa" ] || perfcast_private_file "$dir/cli-$key.jsa"; then
			PERFCAST_JAVA+=(-XX:SharedArchiveFile="$dir/cli-$key.jsa" -XX:+AutoCreateSharedArchive)
		fi
	fi
	PERFCAST_JAVA+=("${extra[@]}" -cp "$classpath")
}

# perfcast_cache_options_fit [OPTION...]: whether the JVM starts from the AOT cache with these options of
# $PERFCAST_JAVA_OPTS as well. The cache holds objects laid out for the heap it was made with: options that
# change the collector or the young generation (-Xmn, NewSize, -XX:+UseParallelGC, ...) make Java 25 refuse to
# start at all ("Unable to use AOT cache"), so with any option not known to fit the command line starts without
# the cache, a little slower, rather than not at all.
perfcast_cache_options_fit() {
	local option
	for option in "$@"; do
		case $option in
		-Xmx* | -Xss* | -D* | -ea | -da | -esa | -dsa | -ea:* | -da:* | -Xlog:* | -verbose:* | -XX:+HeapDumpOnOutOfMemoryError | \
			-XX:HeapDumpPath=* | -XX:StartFlightRecording* | -XX:FlightRecorderOptions=* | -XX:ActiveProcessorCount=*) ;;
		*) return 1 ;;
		esac
	done
	return 0
}
