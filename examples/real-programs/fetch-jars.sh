#!/usr/bin/env bash
# Fetches Apache Commons Compress 1.28.0 and what it needs at run time into Perfcast's cache,
# ${XDG_CACHE_HOME:-~/.cache}/perfcast/real-programs, once, and prints their class path. ParallelZip.java compiles
# against them: validate.sh, and the IDE's Java project real-programs (its build path names them through the
# classpath variable PERFCAST_CACHE). Usage: bash examples/real-programs/fetch-jars.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

die() {
	echo "fetch-jars.sh: $*" >&2
	exit 2
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Apache Commons Compress and what it needs at run time, from Maven Central through the repository's Maven
# wrapper, checked against the SHA-256 written here.
JARS="${XDG_CACHE_HOME:-$HOME/.cache}/perfcast/real-programs"
PINNED="commons-compress-1.28.0.jar e1522945218456f3649a39bc4afd70ce4bd466221519dba7d378f2141a4642ca
commons-io-2.20.0.jar df90bba0fe3cb586b7f164e78fe8f8f4da3f2dd5c27fa645f888100ccc25dd72
commons-lang3-3.18.0.jar 4eeeae8d20c078abb64b015ec158add383ac581571cddc45c68f0c9ae0230720
commons-codec-1.19.0.jar 5c3881e4f556855e9c532927ee0c9dfde94cc66760d5805c031a59887070af5f"
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
		<dependency>
			<groupId>org.apache.commons</groupId>
			<artifactId>commons-compress</artifactId>
			<version>1.28.0</version>
		</dependency>
	</dependencies>
</project>
EOF
	mkdir -p "$JARS"
	"$ROOT/mvnw" -q -B -f "$WORK/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
		"-DoutputDirectory=$JARS" >&2 || die "cannot fetch Commons Compress 1.28.0 and its dependencies from Maven Central"
	jars_ok || die "the jars in $JARS are not the ones pinned here (SHA-256); delete them and try again"
fi
CLASSPATH_JARS=$(while read -r jar sha; do printf '%s:' "$JARS/$jar"; done <<< "$PINNED")
echo "${CLASSPATH_JARS%:}"
