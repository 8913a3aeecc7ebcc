#!/usr/bin/env bash
# stablehlo-translate --interpret on programs that are wrong at run time:
# every one must end with exit status exactly 1, a first stderr line
# `FILE:LINE:COL: error: ` at the LINE:COL of its first-line comment
# `// ERROR: LINE:COL: message` (the message must start stderr's message),
# and no result printed. A `// ARGS: ...` line adds flags. Never a crash or
# a hang (each case runs under a timeout).
#
#   tests/malformed/interpret/run.sh [TOOL]   # default: build/bin/stablehlo-translate
#
# Prints one FAIL line per failing case and "N passed, N failed" at the end.
set -u
DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../../.." && pwd)
TOOL=${1:-$ROOT/build/bin/stablehlo-translate}
TIMEOUT=${MALFORMED_TIMEOUT:-60}
if [ ! -x "$TOOL" ]; then
  echo "run.sh: not executable: $TOOL" >&2
  exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sharc-interp-malformed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
for f in "$DIR"/*.mlir; do
  name=$(basename "$f")
  want=$(head -n 1 "$f" | sed -n 's|^// ERROR: \([0-9]*:[0-9]*\): \(.*\)$|\1|p')
  msg=$(head -n 1 "$f" | sed -n 's|^// ERROR: [0-9]*:[0-9]*: \(.*\)$|\1|p')
  read -r -a extra <<<"$(sed -n 's|^// ARGS: ||p' "$f" | head -n 1)"
  { timeout -k 5 "$TIMEOUT" "$TOOL" --interpret "${extra[@]}" "$f" >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?; } 2>/dev/null
  first=$(head -n 1 "$tmp/stderr" | tr -d '\0\r')
  why=""
  if [ "$rc" -ne 1 ]; then
    why="exit status $rc"
  elif [[ "$first" != "$f:$want: error: $msg"* ]]; then
    why="first stderr line: $first (want $f:$want: error: $msg)"
  elif [ -s "$tmp/stdout" ]; then
    why="printed output"
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: $why"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
