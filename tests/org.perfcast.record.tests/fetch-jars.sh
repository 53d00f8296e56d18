#!/usr/bin/env bash
# Fetches the libraries that the Java recorder's tests record programs on (Google Guava 33.4.8 and Project Reactor
# 3.7.19, with what they need at run time) into Perfcast's cache, ${XDG_CACHE_HOME:-~/.cache}/perfcast/record-tests,
# once, and prints their class path. JavaLibrariesTest runs it when a jar is missing.
# Usage: bash tests/org.perfcast.record.tests/fetch-jars.sh
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

die() {
	echo "fetch-jars.sh: $*" >&2
	exit 2
}

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# From Maven Central through the repository's Maven wrapper, checked against the SHA-256 written here.
JARS="${XDG_CACHE_HOME:-$HOME/.cache}/perfcast/record-tests"
PINNED="guava-33.4.8-jre.jar f3d7f57f67fd622f4d468dfdd692b3a5e3909246c28017ac3263405f0fe617ed
failureaccess-1.0.3.jar cbfc3906b19b8f55dd7cfd6dfe0aa4532e834250d7f080bd8d211a3e246b59cb
reactor-core-3.7.19.jar 50390c15320c578784f60ea9d4d3f7a3eff9ba90c6567f38c6cce5c9f1f69faa
reactive-streams-1.0.4.jar f75ca597789b3dac58f61857b9ac2e1034a68fa672db35055a8fb4509e325f28"
jars_ok() {
	local jar sha
	while read -r jar sha; do
		[ -f "$JARS/$jar" ] && [ "$(sha256sum "$JARS/$jar" | cut -d' ' -f1)" = "$sha" ] || return 1
	done <<< "$PINNED"
}
if ! jars_ok; then
	cat > "$WORK/pom.xml" << 'POM'
<project>
	<modelVersion>4.0.0</modelVersion>
	<groupId>org.perfcast.tests</groupId>
	<artifactId>record-tests-libraries</artifactId>
	<version>1</version>
	<dependencies>
		<dependency>
			<groupId>com.google.guava</groupId>
			<artifactId>guava</artifactId>
			<version>33.4.8-jre</version>
		</dependency>
		<dependency>
			<groupId>io.projectreactor</groupId>
			<artifactId>reactor-core</artifactId>
			<version>3.7.19</version>
		</dependency>
	</dependencies>
</project>
POM
	mkdir -p "$JARS"
	"$ROOT/mvnw" -q -B -f "$WORK/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
		"-DoutputDirectory=$JARS" >&2 || die "cannot fetch Guava 33.4.8 and Reactor 3.7.19 from Maven Central"
	jars_ok || die "the jars in $JARS are not the ones pinned here (SHA-256); delete them and try again"
fi
CLASSPATH_JARS=$(while read -r jar sha; do printf '%s:' "$JARS/$jar"; done <<< "$PINNED")
echo "${CLASSPATH_JARS%:}"
