#!/bin/sh
# Builds the Debian package as users get it (scripts/package.sh: the release binary with the
# Swift runtime linked in) and runs lintian on it. Fails when lintian reports an error, or
# when it can't run; warnings and notes are printed, not fatal (the two known warnings:
# initial-upload-closes-no-bugs, and non-standard-file-perm on /etc/panel/panel.yml, which is
# 0640 on purpose: it names the programs actions run).
# Usage: scripts/lint-package.sh   (part of scripts/test.sh)
set -eu
cd "$(dirname "$0")/.."
command -v lintian > /dev/null || { echo "lint-package: lintian is missing; scripts/deps.sh installs it" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT INT TERM
deb=$(scripts/package.sh --out "$out" | tail -n 1)
echo "lint-package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KB; Depends: $(dpkg-deb -f "$deb" Depends)"
status=0
lintian --fail-on error --tag-display-limit 0 "$deb" > "$out/lintian.txt" 2>&1 || status=$?
sed 's/^/lint-package: /' "$out/lintian.txt"
errors=$(grep -c '^E:' "$out/lintian.txt" || true)
if [ "$status" -ne 0 ] || [ "$errors" -ne 0 ]; then
    echo "lint-package: lintian failed (exit $status, $errors errors)" >&2
    exit 1
fi
echo "lint-package: no lintian errors ($(grep -c '^W:' "$out/lintian.txt" || true) warnings)"
