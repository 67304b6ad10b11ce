#!/bin/sh
# The demo: installs what panel needs, builds it, renders the bundled demo panel headless
# while replaying demo/taps.evemu, writes demo.png and prints the saved state.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release
state="$(mktemp -d)/state.json"
.build/release/panel run --display headless:800x480 --input replay:demo/taps.evemu \
    --state "$state" --screenshot demo.png
echo "wrote demo.png; state saved in $state"
