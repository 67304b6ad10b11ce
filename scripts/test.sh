#!/bin/sh
# The test command: installs what the tests need on a fresh Debian 12 (with Swift 6 on
# PATH), builds, runs every test, the docs' runnable blocks (scripts/doc-commands.sh), lintian on
# the Debian package as users get it (scripts/lint-package.sh: a release build), the arm64 build
# against the x86 one under qemu-user with its package linted (scripts/test-arm64.sh), then the VM tests (Tests/vm/run.sh: panel on real DRM
# drivers under QEMU; they skip with a message only where QEMU cannot run at all).
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build
swift test
scripts/doc-commands.sh .build/debug/panel
scripts/lint-package.sh
scripts/test-arm64.sh .build/debug/panel
Tests/vm/run.sh .build/debug/panel
