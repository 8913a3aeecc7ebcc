#!/usr/bin/env bash
# Adds every conformance case that passes now to its corpus's baseline
# (baseline.txt for Shardy's tests, baseline_stablehlo.txt for StableHLO's,
# baseline_xla_shardy.txt for XLA's Shardy bridge tests);
# the ratchet only grows: a listed case that stops passing is a regression
# for `make test` to report, not something to drop here.
#   tests/conformance/update_baseline.sh [BUILD_DIR] [SHARED_DIR]
set -euo pipefail
build=${1:-build}
shared=${2:-../shared}
here=$(cd "$(dirname "$0")" && pwd)
report=$(mktemp)
trap 'rm -f "$report"' EXIT
ratchet() { # CORPUS BASELINE
  local list="$here/$2"
  python3 "$shared/conformance/run.py" --tool-dir "$build/bin" --corpus "$1" --report "$report" \
    --quiet >/dev/null || true
  { cat "$list"; awk -F'\t' '$2 == "pass" {print $1}' "$report"; } | grep -v '^$' |
    LC_ALL=C sort -u >"$list.new"
  mv "$list.new" "$list"
  echo "$(grep -vc '^#' "$list") $1 cases in $2"
}
ratchet shardy baseline.txt
ratchet stablehlo baseline_stablehlo.txt
ratchet xla_shardy baseline_xla_shardy.txt
