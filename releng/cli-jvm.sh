# cli-jvm.sh: how the Perfcast command line starts its JVM, in one place for ./perfcast and for any other
# start script (a distribution's). Source it (bash), then
#
#   perfcast_cli_java JAVA_HOME CLASSPATH CACHE_DIR [JAVA_OPTIONS...]
#   exec "${PERFCAST_JAVA[@]}" org.perfcast.cli.Main "$@"
#
# PERFCAST_JAVA is then the java binary, the options below and -cp. CLASSPATH is the engine jars, the CLI,
# EMF and ASM separated by ':'; CACHE_DIR is where the start-up cache lives (created if missing; when it
# cannot be written the JVM starts without a cache). JAVA_OPTIONS are added as they are (e.g.
# -Dperfcast.examples=DIR), then the words of $PERFCAST_JAVA_OPTS (e.g. PERFCAST_JAVA_OPTS=-Xmx8g), which win.
#
# Heap: the serial collector with a 64 MB initial heap that grows only as far as the live data needs
# (at most 30 % free after a collection); the maximum stays the JVM's default, a quarter of the memory
# (of the cgroup's limit under SLURM). A simulation is one thread, and a heap sized to its live data
# keeps the resident memory near what the simulation holds. The young generation starts at 48 MB, so
# that what a simulation step makes and drops dies young instead of filling the old generation.
#
# Start-up cache, JDK 25+ (JEP 483/514): an AOT cache of the classes loaded and linked, and of the methods'
# profiles, during a training run (org.perfcast.cli.StartupCache: help, loggp-step, loggp, validate,
# pamela, mapping, replay, trace on small inputs). It is made once per set of jars, named by a checksum of the
# Java version and of the class path's jars (name, size, time), so new jars make a new cache; older caches
# are removed. Made synchronously on the first run that needs it (a few seconds, said on stderr) or ahead
# of time by perfcast_cli_cache (./perfcast build does). The JVM leaves classes of signed jars out of
# such a cache, so the cache holds copies of the signed jars (EMF) without their signature files, and the
# class path names the copies. A cache is used only when its size and time are those recorded when it
# was made, the copies are there, and the JVM's own checksum verifies (-XX:+VerifySharedSpaces); any
# failure means a normal start, never a failed run. A cache that could not be made is not tried again
# for the same jars (the file cli-KEY.failed says why). JDK 21 to 24: a dynamic CDS archive that the JVM
# makes at the first run's exit and checks itself (-XX:+AutoCreateSharedArchive).

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

# Prints the cache key of JDK $1 and class path $2: a checksum of the JDK's release file and of each jar's
# name, size and modification time.
perfcast_cli_cache_key() {
	local IFS=: jars
	read -r -a jars <<< "$2"
	{ cat "$1/release" 2> /dev/null || echo "$1"; stat -L -c '%n %s %Y' "${jars[@]}" 2> /dev/null; } | cksum |
		cut -d ' ' -f 1
}

# Whether the cache at base $1 (cli-KEY) is whole: its AOT file has the size and time recorded when it was
# made and every jar of its class path is there.
perfcast_cli_cache_whole() {
	local base=$1 recorded jar
	[ -f "$base.aot" ] && [ -f "$base.ok" ] && [ -f "$base.classpath" ] || return 1
	recorded=$(< "$base.ok") || return 1
	[ "$recorded" = "$(stat -c '%s %y' "$base.aot" 2> /dev/null)" ] || return 1
	local IFS=:
	for jar in $(< "$base.classpath"); do
		[ -f "$jar" ] || return 1
	done
	return 0
}

# perfcast_cli_cache JAVA_HOME CLASSPATH CACHE_DIR [JAVA_OPTIONS...]: makes the AOT cache of these jars if
# it is missing or not whole (JDK 25+); returns 1 when there is none to use. Says on stderr that it works.
perfcast_cli_cache() {
	local jdk=$1 classpath=$2 dir=$3 key base log unsigned
	shift 3
	[ "$(perfcast_java_major "$jdk")" -ge 25 ] 2> /dev/null || return 1
	mkdir -p "$dir" 2> /dev/null && [ -w "$dir" ] || return 1
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
		printf '%s\n' "$unsigned" > "$base.classpath"
		stat -c '%s %y' "$base.aot" > "$base.ok"
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
	local jdk=$1 classpath=$2 dir=$3 major key base extra=()
	shift 3
	major=$(perfcast_java_major "$jdk")
	PERFCAST_JAVA=("$jdk/bin/java" "${PERFCAST_JVM_OPTIONS[@]}" "$@")
	if [ "${major:-0}" -ge 25 ] 2> /dev/null; then
		key=$(perfcast_cli_cache_key "$jdk" "$classpath")
		base=$dir/cli-$key
		if perfcast_cli_cache_whole "$base" || perfcast_cli_cache "$jdk" "$classpath" "$dir" "$@"; then
			PERFCAST_JAVA+=(-XX:AOTCache="$base.aot" -XX:+VerifySharedSpaces)
			classpath=$(< "$base.classpath")
		fi
	elif [ "${major:-0}" -ge 19 ] 2> /dev/null && mkdir -p "$dir" 2> /dev/null && [ -w "$dir" ]; then
		key=$(perfcast_cli_cache_key "$jdk" "$classpath")
		PERFCAST_JAVA+=(-XX:SharedArchiveFile="$dir/cli-$key.jsa" -XX:+AutoCreateSharedArchive)
	fi
	read -r -a extra <<< "${PERFCAST_JAVA_OPTS:-}"
	PERFCAST_JAVA+=("${extra[@]}" -cp "$classpath")
}
