#!/bin/sh
# Reproduces the README's benchmark figures: release build, the stripped size of the static
# (--static-swift-stdlib) release binary, then `panel bench` (pass --json, --repeat N).
# Timings on a shared machine are noisy: the table prints the load average it ran under.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release
swift build -c release --static-swift-stdlib --scratch-path .build/static --product panel
strip -o .build/static/panel-stripped .build/static/release/panel
exec .build/release/panel bench --static-binary .build/static/panel-stripped "$@"
