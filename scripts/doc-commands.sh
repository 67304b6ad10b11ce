#!/bin/sh
# Runs every fenced block marked ```sh runnable in README.md and docs/*.md, each in a fresh
# temporary folder (its working directory) with the built `panel` first on PATH, under
# `set -eu`; a block fails the run when any command in it fails. Prints one line per block.
# Usage: scripts/doc-commands.sh [PANEL_BINARY]   (default .build/debug/panel)
set -eu
repo="$(cd "$(dirname "$0")/.." && pwd)"
panel="${1:-$repo/.build/debug/panel}"
case "$panel" in /*) ;; *) panel="$(pwd)/$panel" ;; esac
[ -x "$panel" ] || { echo "doc-commands: no panel binary at $panel (build first)"; exit 1; }
bin="$(mktemp -d)"
ln -s "$panel" "$bin/panel"
passed=0 failed=0
for doc in "$repo/README.md" "$repo"/docs/*.md; do
    # Each block: its first line number, then its lines, split into files by awk.
    blocks="$(mktemp -d)"
    awk -v dir="$blocks" '
        /^```sh runnable[ \t]*$/ { n++; file = sprintf("%s/%03d-%d.sh", dir, n, NR + 1); inside = 1; next }
        inside && /^```[ \t]*$/ { inside = 0; close(file); next }
        inside { print > file }
    ' "$doc"
    for block in "$blocks"/*.sh; do
        [ -e "$block" ] || continue
        line="${block##*-}"; line="${line%.sh}"
        where="${doc#"$repo"/}:$line"
        work="$(mktemp -d)"
        if (cd "$work" && PATH="$bin:$PATH" REPO="$repo" sh -eu "$block") > "$work.log" 2>&1; then
            echo "doc-commands: ok $where"
            passed=$((passed + 1))
        else
            echo "doc-commands: FAILED $where:"
            sed 's/^/    /' "$work.log"
            failed=$((failed + 1))
        fi
        rm -rf "$work" "$work.log"
    done
    rm -rf "$blocks"
done
rm -rf "$bin"
echo "doc-commands: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
