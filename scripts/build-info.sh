#!/bin/sh
# Runs a build command (scripts/build-info.sh swift build -c release …) with the commit
# compiled in: writes Sources/panel/CLI/BuildInfo.swift with `git describe --always --dirty`
# (else the first line of a COMMIT file, which a release tarball without .git carries, else
# "unknown commit"), runs the command, and puts the checked-in file back, whatever happens.
set -eu
cd "$(dirname "$0")/.."
info=Sources/panel/CLI/BuildInfo.swift
commit=$(git describe --always --dirty 2>/dev/null || head -n 1 COMMIT 2>/dev/null || echo "unknown commit")
case "$commit" in *[!A-Za-z0-9._+-]*) [ "$commit" = "unknown commit" ] || { echo "build-info.sh: odd commit '$commit'" >&2; exit 2; } ;; esac
saved=$(mktemp)
cp "$info" "$saved"
trap 'cp "$saved" "$info"; rm -f "$saved"' EXIT INT TERM
sed "s|^    static let commit = \".*\"\$|    static let commit = \"$commit\"|" "$saved" > "$info"
grep -q "static let commit = \"$commit\"" "$info" || { echo "build-info.sh: could not set the commit in $info" >&2; exit 1; }
"$@"
