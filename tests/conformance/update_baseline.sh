#!/usr/bin/env bash
# Adds every conformance case that passes now to baseline.txt (the ratchet
# only grows: a listed case that stops passing is a regression for
# `make test` to report, not something to drop here).
#   tests/conformance/update_baseline.sh [BUILD_DIR] [SHARED_DIR]
set -euo pipefail
build=${1:-build}
shared=${2:-../shared}
here=$(cd "$(dirname "$0")" && pwd)
report=$(mktemp)
trap 'rm -f "$report"' EXIT
python3 "$shared/conformance/run.py" --tool-dir "$build/bin" --report "$report" --quiet >/dev/null || true
{ cat "$here/baseline.txt"; awk -F'\t' '$2 == "pass" {print $1}' "$report"; } | grep -v '^$' |
  LC_ALL=C sort -u >"$here/baseline.txt.new"
mv "$here/baseline.txt.new" "$here/baseline.txt"
echo "$(wc -l <"$here/baseline.txt") cases in the baseline"
