#!/bin/sh
# The test command: installs what the tests need on a fresh Debian 12 (with Swift 6 on
# PATH), builds, and runs every test.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build
swift test
