#!/usr/bin/env bash
# Build the embedded Neo4j launcher jar once; print its absolute path on stdout.
#
#   bash deploy/neo4j/build.sh           # builds only what is missing or older than pom/sources
#   bash deploy/neo4j/build.sh --force   # rebuild anyway
#
# Two outputs under deploy/neo4j/target/:
#   spotter-neo4j-launcher.jar  the shaded, runnable jar (~110 MB; mvn package, ~1 min)
#   spotter-neo4j-launcher.jsa  a class-data-sharing archive made by starting the server once
#                               (~90 MB, ~30 s): later starts take ~7 s instead of ~25 s.
#                               Tied to the exact `java` that made it; another JVM ignores it
#                               (with a warning in the log). SPOTTER_NEO4J_CDS=0 skips it.
# Java: $JAVA_HOME/bin/java when JAVA_HOME is set, else `java` on PATH (17+; Neo4j 5.26 runs on
# 17 and 21). The first build downloads Neo4j's jars from Maven Central into ~/.m2 (~110 MB);
# later builds run offline (`mvn -o`) from that cache.
# Everything but the jar's path goes to stderr, so `JAR=$(bash deploy/neo4j/build.sh)` works.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
jar="$here/target/spotter-neo4j-launcher.jar"
jsa="$here/target/spotter-neo4j-launcher.jsa"

force=0
case "${1:-}" in
  --force) force=1 ;;
  "") ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

if [ -n "${JAVA_HOME:-}" ]; then java="$JAVA_HOME/bin/java"; else java=$(command -v java || true); fi
[ -n "$java" ] && [ -x "$java" ] || {
  echo "build.sh: no java: apt-get install openjdk-17-jdk-headless maven, or set JAVA_HOME" >&2
  exit 1
}

jar_up_to_date() {
  [ -s "$jar" ] || return 1
  # Any pom or source file newer than the jar means a rebuild.
  [ -z "$(find "$here/pom.xml" "$here/src" -newer "$jar" -print -quit)" ]
}

build_jar() {
  command -v mvn >/dev/null || { echo "build.sh: mvn not found (apt-get install maven)" >&2; return 1; }
  local log start=$SECONDS
  local mvn_args=(-B -q -f "$here/pom.xml" -DskipTests package)
  log=$(mktemp)
  # Offline first (fast, no network); online only when ~/.m2 lacks something.
  if ! mvn -o "${mvn_args[@]}" >"$log" 2>&1; then
    echo "build.sh: offline build failed; building with downloads from Maven Central" >&2
    if ! mvn "${mvn_args[@]}" >"$log" 2>&1; then
      echo "build.sh: mvn package failed:" >&2
      tail -n 60 "$log" >&2
      rm -f "$log"
      return 1
    fi
  fi
  rm -f "$log"
  [ -s "$jar" ] || { echo "build.sh: mvn succeeded but $jar is missing" >&2; return 1; }
  touch "$jar"  # newer than every source, whatever mvn set
  rm -f "$jsa"  # an archive is only valid for the jar it was made with
  echo "build.sh: built $(du -h "$jar" | cut -f1) jar in $((SECONDS - start))s" >&2
}

# Start the server once with -XX:ArchiveClassesAtExit, wait for READY, SIGTERM it: the JVM
# writes the classes it loaded into $jsa on exit. Failure here only costs startup speed.
build_cds() {
  local tmp port pid start=$SECONDS
  tmp=$(mktemp -d)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$java" -Xms128m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -XX:ArchiveClassesAtExit="$jsa.tmp" \
    -jar "$jar" --bolt-port "$port" --data-dir "$tmp/home" >"$tmp/out" 2>"$tmp/err" &
  pid=$!
  for _ in $(seq 1 1800); do
    grep -q '^READY ' "$tmp/out" 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if grep -q '^READY ' "$tmp/out" 2>/dev/null; then
    kill -TERM "$pid"
    wait "$pid" || true
  else
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" || true
  fi
  if [ -s "$jsa.tmp" ]; then
    mv -f "$jsa.tmp" "$jsa"
    echo "build.sh: made $(du -h "$jsa" | cut -f1) CDS archive in $((SECONDS - start))s" >&2
  else
    rm -f "$jsa.tmp"
    echo "build.sh: warning: no CDS archive (startups will be slower); launcher log:" >&2
    tail -n 30 "$tmp/err" >&2
  fi
  rm -rf "$tmp"
}

if [ "$force" -eq 1 ] || ! jar_up_to_date; then
  build_jar
fi
if [ "${SPOTTER_NEO4J_CDS:-1}" != 0 ] && { [ ! -s "$jsa" ] || [ "$jar" -nt "$jsa" ]; }; then
  build_cds
fi
echo "$jar"
