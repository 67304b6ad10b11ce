#!/bin/sh
# Control-socket soak (scripts/soak.py): newline floods, endless lines, 500 clients at
# once, subscribers that never read, 290 KB replies, a descriptor limit of 64, and
# SIGKILL during sets, for --seconds N (default 60) against a release build, or against
# --binary PANEL. Prints requests served, peak RSS, acknowledged values lost (must be 0)
# and the slowest `get` of a well-behaved client (must stay under 50 ms); exits 1 if not.
# Needs only python3 from Debian besides the build. Other arguments (--keep, --roles …)
# go to scripts/soak.py.
set -eu
here="$PWD"
cd "$(dirname "$0")/.."
binary=""
seconds=60
rest=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) case "$2" in /*) binary="$2" ;; *) binary="$here/$2" ;; esac; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --keep) rest="$rest --keep"; shift ;;
        --roles) rest="$rest --roles $2"; shift 2 ;;
        *) echo "usage: scripts/soak.sh [--seconds N] [--binary PANEL] [--keep] [--roles NAME,...]" >&2; exit 2 ;;
    esac
done
if [ -z "$binary" ]; then
    swift build -c release --product panel >&2
    binary=.build/release/panel
fi
# shellcheck disable=SC2086
exec /usr/bin/python3 scripts/soak.py --binary "$binary" --seconds "$seconds" $rest
