#!/usr/bin/env bash
# Gathers the Kafka broker's jars (pom.xml) from Maven Central into infra/local/.cache/kafka-libs.
# Idempotent: does nothing when the cache matches pom.xml; reuses ~/.m2 otherwise. Prints the directory.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
libs="${KAFKA_LIBS_DIR:-$here/../.cache/kafka-libs}"
stamp="$libs/.pom.sha256"
want="$(sha256sum "$here/pom.xml" | cut -d' ' -f1)"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && ls "$libs"/kafka_2.13-*.jar >/dev/null 2>&1; then
  (cd "$libs" && pwd)
  exit 0
fi
# Concurrent runs (two with-broker.sh at once) gather the jars once: take a lock, then look again.
mkdir -p "$(dirname "$libs")"
exec 9>"$libs.lock"
flock 9
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && ls "$libs"/kafka_2.13-*.jar >/dev/null 2>&1; then
  (cd "$libs" && pwd)
  exit 0
fi
command -v mvn >/dev/null || { echo "install.sh: Maven (mvn) is needed to fetch the Kafka jars" >&2; exit 1; }
command -v java >/dev/null || { echo "install.sh: Java 17 is needed to run the Kafka broker" >&2; exit 1; }
rm -rf "$libs.tmp"
mkdir -p "$libs.tmp"
mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs.tmp" >&2
echo "$want" >"$libs.tmp/.pom.sha256"
rm -rf "$libs"
mv "$libs.tmp" "$libs"
(cd "$libs" && pwd)
