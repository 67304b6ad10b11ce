#!/bin/sh
# The test command: installs what the tests need on a fresh Debian 12 (with Swift 6 on
# PATH), builds, runs every test, the docs' runnable blocks (scripts/doc-commands.sh), then the VM tests (Tests/vm/run.sh: panel on real DRM
# drivers under QEMU; they skip with a message only where QEMU cannot run at all).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build
swift test
scripts/doc-commands.sh .build/debug/panel
Tests/vm/run.sh .build/debug/panel
