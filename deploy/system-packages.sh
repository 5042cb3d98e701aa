#!/usr/bin/env bash
# The system packages the tests need (deploy/system-packages.txt, deploy/rtsp/apt-packages.txt, and
# any names given as arguments): on Debian/Ubuntu, installed with apt-get as root (or with sudo when
# it needs no password), otherwise named in one line with the command that installs them, exit 1.
# `make test` runs this first; it is quick when everything is there.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

wanted=()
for list in deploy/system-packages.txt deploy/rtsp/apt-packages.txt; do
  while read -r line || [ -n "$line" ]; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    if [ -n "$line" ]; then wanted+=("$line"); fi
  done < "$list"
done
wanted+=("$@")

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
  echo "system-packages: not a Debian/Ubuntu machine; the tests need the equivalents of: ${wanted[*]}" >&2
  exit 0
fi

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  echo "system-packages: missing ${missing[*]}; install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "system-packages: apt-get install ${missing[*]}" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
if ! { "${as_root[@]}" apt-get update -q && "${as_root[@]}" apt-get install -y -q "${missing[@]}"; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "system-packages: apt-get failed; install by hand: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
