#!/usr/bin/env bash
# Tests of the ./perfcast launcher's own behaviour (JDK discovery, messages, dispatch), and that the
# repository stands on its own, in TAP form. Needs a built reactor (./perfcast build). Run by ./perfcast test.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PERFCAST="$ROOT/perfcast"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
n=0
failed=0

# check NAME EXPECTED_EXIT PATTERN COMMAND...: runs COMMAND, checks its exit code and that its output
# (stdout and stderr) matches the extended regular expression PATTERN.
check() {
	local name=$1 expected=$2 pattern=$3 out status
	shift 3
	n=$((n + 1))
	out=$("$@" 2>&1)
	status=$?
	if [ "$status" -eq "$expected" ] && printf '%s' "$out" | grep -Eq -- "$pattern"; then
		echo "ok $n - $name"
	else
		failed=$((failed + 1))
		echo "not ok $n - $name (exit $status, expected $expected; output:)"
		printf '%s\n' "$out" | sed 's/^/#   /'
	fi
}

# a JVM folder with only a Java 17 JDK, and a JAVA_HOME that is too old
mkdir -p "$scratch/jvm"
ln -s /usr/lib/jvm/java-17-openjdk-amd64 "$scratch/jvm/jdk17-link" 2> /dev/null
old17=$(ls -d /usr/lib/jvm/java-17-openjdk-* 2> /dev/null | grep -v -- '-link' | head -n 1)
[ -n "$old17" ] && cp -as "$old17" "$scratch/jvm/jdk17" 2> /dev/null

check "help lists launcher and engine commands" 0 'ide \[--workspace DIR\].*' "$PERFCAST" help
check "help shows the engine commands" 0 'version +print the Perfcast and Java versions' "$PERFCAST" help
check "engine commands are dispatched to the CLI" 0 '^perfcast 0\.1\.0\.' "$PERFCAST" version
check "unknown command is a usage error" 2 "unknown command 'nosuch'" "$PERFCAST" nosuch
check "help of one engine command" 0 'usage: perfcast version' "$PERFCAST" help version
check "ide without a display explains xvfb-run" 2 'xvfb-run -a -s' env -u DISPLAY -u WAYLAND_DISPLAY "$PERFCAST" ide
check "ide rejects unknown arguments" 2 "unknown argument '--bogus'" env DISPLAY=:0 "$PERFCAST" ide --bogus
check "a too old JAVA_HOME is skipped for a JDK 21+" 0 '^perfcast 0\.1\.0\..*\(Java (2[1-9]|[3-9][0-9])' \
	env JAVA_HOME="${old17:-/nonexistent}" "$PERFCAST" version
check "no JDK 21+ anywhere is explained" 1 'needs a JDK 21 or newer.*' \
	env JAVA_HOME="${old17:-/nonexistent}" PERFCAST_JVM_ROOT="$scratch/jvm" "$PERFCAST" version

# a JDK whose java does not run, and a built IDE without its launcher jar: messages, not silent exits
mkdir -p "$scratch/broken/jdk/bin" "$scratch/ide/plugins"
printf '#!/bin/sh\nexit 126\n' > "$scratch/broken/jdk/bin/java"
cp "$scratch/broken/jdk/bin/java" "$scratch/broken/jdk/bin/javac"
chmod +x "$scratch/broken/jdk/bin/java" "$scratch/broken/jdk/bin/javac"
check "a JDK that does not run is named, not a silent exit" 1 'jdk \(its bin/java does not run' \
	env JAVA_HOME=/nonexistent PERFCAST_JVM_ROOT="$scratch/broken" "$PERFCAST" version
touch "$scratch/ide/.perfcast-built"
check "an IDE without its launcher jar is explained" 1 'has no Equinox launcher jar' \
	env DISPLAY=:0 PERFCAST_IDE_DIR="$scratch/ide" "$PERFCAST" ide --workspace "$scratch/ws"
# the build lock: held by another process, a command that must build waits and says so (a lock file of the
# test's own: this script may run under a ./perfcast test that holds the tree's lock)
lock_wait() {
	local out
	( exec 9> "$scratch/build.lock"; flock -w 10 9; sleep 3 ) &
	sleep 0.5
	out=$(env -u PERFCAST_BUILD_LOCKED PERFCAST_BUILD_LOCK="$scratch/build.lock" PERFCAST_IDE_DIR="$scratch/ide" \
		timeout 20 "$PERFCAST" build -q --version 2>&1 | head -n 2)
	wait
	printf '%s\n' "$out"
}
if command -v flock > /dev/null; then
	check "two builds in one tree: the second waits for the first" 0 'waiting for another ./perfcast' lock_wait
fi

# The command line's start-up cache (releng/cli-jvm.sh), in a cache folder of the test's own: made on the first
# run, used by the next, and never the cause of a failed run when it is broken.
cache="$scratch/cache"
cached_version() { env PERFCAST_CACHE_DIR="$cache" "$PERFCAST" version; }
# only_version COMMAND...: runs COMMAND and fails unless it printed the version line and nothing else
only_version() {
	local out status=0
	out=$("$@" 2>&1) || status=$?
	printf '%s\n' "$out"
	[ "$status" -eq 0 ] || return "$status"
	[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || { echo "(more than the version line)"; return 1; }
}
cache_file() { ls "$cache"/cli-*.aot 2> /dev/null | head -n 1; }
# corrupt_cache keep-time|new-time COMMAND...: overwrites bytes in the middle of the cache, then runs COMMAND;
# with keep-time the cache's size and time stay what they were, so that only the JVM's own check can tell
corrupt_cache() {
	local file mode=$1
	shift
	file=$(cache_file)
	touch -r "$file" "$scratch/cache-time"
	printf 'not a cache at all, not a cache at all' | dd of="$file" bs=1 seek=$(($(stat -c '%s' "$file") / 2)) \
		conv=notrunc 2> /dev/null
	[ "$mode" = keep-time ] && touch -r "$scratch/cache-time" "$file"
	"$@"
}
jdk_major=$("$PERFCAST" version 2> /dev/null | sed -n 's/.*(Java \([0-9]*\).*/\1/p')
if [ "${jdk_major:-0}" -ge 25 ] 2> /dev/null; then
	check "the first run makes the start-up cache" 0 'preparing the start-up cache' cached_version
	check "the next run uses it and says nothing about it" 0 '^perfcast 0\.1\.0\.' only_version cached_version
	check "a cache with signed jars holds unsigned copies" 0 'emf\.ecore_.*\.jar' ls "$cache"/cli-*.jars
	# the JVM says (its AOT log asked for) that it runs with the cache's linked classes
	check "the next run starts from the cache" 0 'Using AOT-linked classes: true' \
		env PERFCAST_CACHE_DIR="$cache" PERFCAST_JAVA_OPTS=-Xlog:aot=info "$PERFCAST" version
	# options of the user's that do not fit the cache (another young generation, another collector) start without it
	for opts in -Xmn96m "-XX:+UseParallelGC -Xmx300m"; do
		check "PERFCAST_JAVA_OPTS='$opts' starts (without the cache)" 0 '^perfcast 0\.1\.0\.' \
			env PERFCAST_CACHE_DIR="$cache" PERFCAST_JAVA_OPTS="$opts" "$PERFCAST" version
	done
	check "and a heap size keeps the cache" 0 'Using AOT-linked classes: true' \
		env PERFCAST_CACHE_DIR="$cache" PERFCAST_JAVA_OPTS="-Xmx300m -Xlog:aot=info" "$PERFCAST" version
	check "a cache corrupted in place falls back to a normal start" 0 '^perfcast 0\.1\.0\.' corrupt_cache keep-time \
		only_version cached_version
	check "a cache changed after it was made is made again" 0 'preparing the start-up cache' \
		corrupt_cache new-time cached_version
	check "and then used" 0 '^perfcast 0\.1\.0\.' only_version cached_version
	# a class that would run in place of the command line's (a planted jar) and say so
	mkdir -p "$scratch/evil/src/org/perfcast/cli"
	printf 'package org.perfcast.cli; public class Main { public static void main(String[] a) { System.out.println("code ran as " + System.getProperty("user.name")); } }\n' \
		> "$scratch/evil/src/org/perfcast/cli/Main.java"
	javac=$(command -v javac || echo "${JAVA_HOME:-/nonexistent}/bin/javac")
	"$javac" -d "$scratch/evil/classes" "$scratch/evil/src/org/perfcast/cli/Main.java" &&
		"${javac%javac}jar" cf "$scratch/evil/evil.jar" -C "$scratch/evil/classes" .
	chmod -R a+rX "$scratch/evil"
	# no_planted_code COMMAND...: runs COMMAND; fails if the planted class ran, else passes its output on
	no_planted_code() {
		local out status=0
		out=$("$@" 2>&1) || status=$?
		printf '%s\n' "$out"
		! printf '%s' "$out" | grep -q 'code ran' || { echo "(the planted class ran)"; return 1; }
		return "$status"
	}
	# every class path file a cache may have had, naming the planted jar
	plant_classpath() { local aot; for aot in "$1"/cli-*.aot; do echo "$scratch/evil/evil.jar" > "${aot%.aot}.classpath"; done; }
	check "the planted jar runs when named on a class path" 0 'code ran as' java -cp "$scratch/evil/evil.jar" org.perfcast.cli.Main
	plant_classpath "$cache"
	check "a class path planted in the cache is never read" 0 '^perfcast 0\.1\.0\.' no_planted_code only_version cached_version
	if [ "$(id -u)" -eq 0 ] && id perfcast-other > /dev/null 2>&1; then
		# another account's cache folder: a copy of a good cache, its class path files naming the planted jar
		cp -a "$cache" "$scratch/planted"
		plant_classpath "$scratch/planted"
		chown -R perfcast-other: "$scratch/planted"
		check "another account's cache folder is refused, said why, and nothing of it runs" 0 \
			"^perfcast: $scratch/planted is owned by perfcast-other \\(uid [0-9]+\\), not by you.*PERFCAST_CACHE_DIR" \
			no_planted_code env PERFCAST_CACHE_DIR="$scratch/planted" "$PERFCAST" version
		check "and the command still runs, without the cache" 0 '^perfcast 0\.1\.0\.' \
			no_planted_code env PERFCAST_CACHE_DIR="$scratch/planted" "$PERFCAST" version
		mkdir -p "$scratch/theirs" && chown perfcast-other: "$scratch/theirs" && chmod 755 "$scratch/theirs"
		check "a cache folder inside another account's folder is refused" 0 \
			"inside $scratch/theirs, owned by perfcast-other.*who could replace it" \
			env PERFCAST_CACHE_DIR="$scratch/theirs/cache" "$PERFCAST" version
	else
		n=$((n + 1))
		failed=$((failed + 1))
		echo "not ok $n - another account's cache folder (needs root and the account perfcast-other, uid 4001, which .ci/run creates)"
	fi
	mkdir -p "$scratch/open" && chmod 777 "$scratch/open"
	check "a cache folder every account may write is refused" 0 "$scratch/open may be written by every account \\(mode 777\\)" \
		env PERFCAST_CACHE_DIR="$scratch/open" "$PERFCAST" version
	check "a new cache folder is private (mode 700)" 0 '^700$' \
		bash -c 'PERFCAST_CACHE_DIR="$1/new/cache" "$2" version > /dev/null 2>&1; stat -c %a "$1/new/cache"' _ "$scratch" "$PERFCAST"
	# same_size_jars: two jars of one name, size and time but other content must give two cache keys
	same_size_jars() {
		mkdir -p "$scratch/a" "$scratch/b"
		printf 'one' > "$scratch/a/x.jar" && printf 'two' > "$scratch/b/x.jar"
		touch -d @1000000000 "$scratch/a/x.jar" "$scratch/b/x.jar"
		mv "$scratch/b/x.jar" "$scratch/b/y" && mv "$scratch/a/x.jar" "$scratch/a/y"
		bash -c '. "$1/releng/cli-jvm.sh"; j=$2/x.jar; cp -p "$2/a/y" "$j"; a=$(perfcast_cli_cache_key "$3" "$j")
			cp -p "$2/b/y" "$j"; b=$(perfcast_cli_cache_key "$3" "$j"); echo "$a $b"; [ "$a" != "$b" ]' _ \
			"$ROOT" "$scratch" "${JAVA_HOME:-/nonexistent}"
	}
	check "the cache key covers the jars' content, not only their names and sizes" 0 '^[0-9a-f]{20} [0-9a-f]{20}$' \
		same_size_jars
	check "a cache folder that cannot be written means a normal start" 0 '^perfcast 0\.1\.0\.' \
		only_version env PERFCAST_CACHE_DIR=/proc/no-cache-here "$PERFCAST" version
else
	n=$((n + 1))
	echo "ok $n - the start-up cache # SKIP the JDK found (${JAVA_HOME:-none}) is older than 25"
fi

# outside_paths: prints FILE:LINE:TEXT for every line of a text file tracked by git that points outside the
# repository (into a shared folder beside it) or names a folder of the machine it was made on (a work, root
# or user's home folder, a JUnit temporary folder); exit 1 if there is one. The bracketed letters keep the
# patterns from matching this file itself.
outside_paths() {
	local hits status=0
	hits=$(git -C "$ROOT" grep -n -I -E -e '\.\./shared' -e '/(wor[k]|roo[t])/' -e '/hom[e]/[^/[:space:]]+/' \
		-e '/tmp/juni[t]' 2>&1) || status=$?
	if [ "$status" -eq 1 ]; then
		echo "no tracked file points outside the repository or into this machine"
		return 0
	fi
	if [ "$status" -eq 0 ]; then
		echo "paths outside the repository (FILE:LINE:TEXT):"
	else
		echo "git grep failed (exit $status):"
	fi
	printf '%s\n' "$hits"
	return 1
}
# issue_numbers: prints FILE:LINE:TEXT for every line of a tracked file that points at an issue of the project's
# tracker by its number (a reader of the code has no tracker: comments and documents give the reason instead);
# exit 1 if there is one. The bracketed letter keeps the pattern from matching this file itself.
issue_numbers() {
	local hits status=0
	hits=$(git -C "$ROOT" grep -n -I -i -E -e '\bissu[e]s? #?[0-9]+' 2>&1) || status=$?
	if [ "$status" -eq 1 ]; then
		echo "no tracked file points at an issue number"
		return 0
	fi
	[ "$status" -eq 0 ] && echo "issue numbers (FILE:LINE:TEXT):" || echo "git grep failed (exit $status):"
	printf '%s\n' "$hits"
	return 1
}
# unversioned_manifest_clauses: prints MANIFEST:CLAUSE for every Require-Bundle clause of a product bundle
# without a bundle-version range and every Export-Package and Import-Package clause without a version; exit 1 if
# there is one.
unversioned_manifest_clauses() {
	local manifest hits=""
	for manifest in "$ROOT"/bundles/*/META-INF/MANIFEST.MF; do
		hits+=$(awk -v file="${manifest#"$ROOT"/}" '
			/^[A-Za-z-]+:/ { header = $1 }
			{ line = $0; sub(/^[A-Za-z-]+: */, "", line); sub(/^ /, "", line) }
			header == "Require-Bundle:" && line != "" && line !~ /bundle-version=/ { print file ": " line }
			header == "Export-Package:" && line != "" && line !~ /;version=/ { print file ": " line }
			header == "Import-Package:" && line != "" && line !~ /;version=/ { print file ": " line }' "$manifest")
	done
	if [ -z "$hits" ]; then
		echo "every required bundle has a version range and every exported and imported package a version"
		return 0
	fi
	echo "unversioned manifest clauses:"
	printf '%s\n' "$hits"
	return 1
}
check "manifests version their requirements, imports and exports" 0 '^every required bundle has a version range' \
	unversioned_manifest_clauses
if [ -e "$ROOT/.git" ] && command -v git > /dev/null; then
	check "tracked files name no path outside the repository" 0 '^no tracked file points outside' outside_paths
	check "tracked files point at no issue number" 0 '^no tracked file points at an issue number' issue_numbers
else
	n=$((n + 2))
	echo "ok $((n - 1)) - tracked files name no path outside the repository # SKIP not a git checkout"
	echo "ok $n - tracked files point at no issue number # SKIP not a git checkout"
fi

echo "1..$n"
echo "launcher: $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
