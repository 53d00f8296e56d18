#!/usr/bin/env bash
# Headless EMF code generation from .genmodel files, with a classpath from Maven Central only.
# Usage: releng/emf-codegen/emf-codegen.sh [--edit] [--workspace DIR] [--project NAME=DIR]... GENMODEL...
# Regenerate Perfcast's models with: releng/emf-codegen/emf-codegen.sh --edit bundles/org.perfcast.model/model/perfcast.genmodel
# Generation merges into existing files (members marked @generated NOT survive) and is byte-identical on reruns.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
CP_FILE="$HERE/target/classpath.txt"
# The cached classpath is rebuilt when missing, older than the pom, or naming jars that are gone.
stale() {
	[ ! -s "$CP_FILE" ] || [ "$HERE/pom.xml" -nt "$CP_FILE" ] && return 0
	local jar
	IFS=: read -r -a jars < "$CP_FILE"
	for jar in "${jars[@]}"; do [ -f "$jar" ] || return 0; done
	return 1
}
if stale; then
	mkdir -p "$HERE/target"
	"$ROOT/mvnw" -q -B -f "$HERE/pom.xml" dependency:build-classpath -Dmdep.outputFile="$CP_FILE" >&2
fi
exec "$JAVA" -cp "$(cat "$CP_FILE")" "$HERE/src/EmfCodegen.java" "$@"
