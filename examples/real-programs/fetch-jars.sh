#!/usr/bin/env bash
# Fetches the Maven Central libraries the Java programs here are written on -- Apache Commons Compress 1.28.0,
# Guava 33.4.8, Project Reactor 3.7.19, LMAX Disruptor 4.0.0, JCTools 4.0.5 -- and what they need at run time into
# Perfcast's cache, ${XDG_CACHE_HOME:-~/.cache}/perfcast/real-programs, once, and prints their class path.
# ParallelZip.java, GuavaMerkle.java, ReactorPrimes.java, DisruptorLines.java and JctoolsMatrices.java compile
# against them: validate.sh, and the IDE's Java project real-programs (its build path names the Commons jars
# through the classpath variable PERFCAST_CACHE). Usage: bash examples/real-programs/fetch-jars.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

die() {
	echo "fetch-jars.sh: $*" >&2
	exit 2
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# The libraries and what they need at run time, from Maven Central through the repository's Maven wrapper,
# checked against the SHA-256 written here.
JARS="${XDG_CACHE_HOME:-$HOME/.cache}/perfcast/real-programs"
PINNED="commons-compress-1.28.0.jar e1522945218456f3649a39bc4afd70ce4bd466221519dba7d378f2141a4642ca
commons-io-2.20.0.jar df90bba0fe3cb586b7f164e78fe8f8f4da3f2dd5c27fa645f888100ccc25dd72
commons-lang3-3.18.0.jar 4eeeae8d20c078abb64b015ec158add383ac581571cddc45c68f0c9ae0230720
commons-codec-1.19.0.jar 5c3881e4f556855e9c532927ee0c9dfde94cc66760d5805c031a59887070af5f
guava-33.4.8-jre.jar f3d7f57f67fd622f4d468dfdd692b3a5e3909246c28017ac3263405f0fe617ed
failureaccess-1.0.3.jar cbfc3906b19b8f55dd7cfd6dfe0aa4532e834250d7f080bd8d211a3e246b59cb
listenablefuture-9999.0-empty-to-avoid-conflict-with-guava.jar b372a037d4230aa57fbeffdef30fd6123f9c0c2db85d0aced00c91b974f33f99
jspecify-1.0.0.jar 1fad6e6be7557781e4d33729d49ae1cdc8fdda6fe477bb0cc68ce351eafdfbab
error_prone_annotations-2.36.0.jar 77440e270b0bc9a249903c5a076c36a722c4886ca4f42675f2903a1c53ed61a5
j2objc-annotations-3.0.0.jar 88241573467ddca44ffd4d74aa04c2bbfd11bf7c17e0c342c94c9de7a70a7c64
reactor-core-3.7.19.jar 50390c15320c578784f60ea9d4d3f7a3eff9ba90c6567f38c6cce5c9f1f69faa
reactive-streams-1.0.4.jar f75ca597789b3dac58f61857b9ac2e1034a68fa672db35055a8fb4509e325f28
disruptor-4.0.0.jar c2ba80841541272bc815bcadab910d2d716aa563eca15762450ab4c889440505
jctools-core-4.0.5.jar d65e5f38bcd0984e26f87187687f1f70dd52740c4d5e046f8d104e01ab5db95f"
jars_ok() {
	local jar sha
	while read -r jar sha; do
		[ -f "$JARS/$jar" ] && [ "$(sha256sum "$JARS/$jar" | cut -d' ' -f1)" = "$sha" ] || return 1
	done <<< "$PINNED"
}
if ! jars_ok; then
	cat > "$WORK/pom.xml" << 'EOF'
<project>
	<modelVersion>4.0.0</modelVersion>
	<groupId>org.perfcast.examples</groupId>
	<artifactId>real-programs</artifactId>
	<version>1</version>
	<dependencies>
		<dependency><groupId>org.apache.commons</groupId><artifactId>commons-compress</artifactId><version>1.28.0</version></dependency>
		<dependency><groupId>com.google.guava</groupId><artifactId>guava</artifactId><version>33.4.8-jre</version></dependency>
		<dependency><groupId>io.projectreactor</groupId><artifactId>reactor-core</artifactId><version>3.7.19</version></dependency>
		<dependency><groupId>com.lmax</groupId><artifactId>disruptor</artifactId><version>4.0.0</version></dependency>
		<dependency><groupId>org.jctools</groupId><artifactId>jctools-core</artifactId><version>4.0.5</version></dependency>
	</dependencies>
</project>
EOF
	(umask 077 && mkdir -p "$JARS")
	"$ROOT/mvnw" -q -B -f "$WORK/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
		"-DoutputDirectory=$JARS" >&2 || die "cannot fetch the libraries (Commons Compress, Guava, Reactor, Disruptor, JCTools) from Maven Central"
	jars_ok || die "the jars in $JARS are not the ones pinned here (SHA-256); delete them and try again"
fi
CLASSPATH_JARS=$(while read -r jar sha; do printf '%s:' "$JARS/$jar"; done <<< "$PINNED")
echo "${CLASSPATH_JARS%:}"
