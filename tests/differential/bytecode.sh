#!/usr/bin/env bash
# Differential test of the MLIR bytecode writer and reader against mlir-opt-22.
#
# usage: tests/differential/bytecode.sh [TOOL] [FILTER]
#   TOOL    our binary (default: build/bin/sdy_opt)
#   FILTER  optional substring; only inputs whose path contains it are run
# environment: REF=mlir-opt-22, NGEN=40 generated modules (gen_random.py),
#   SEED=1, TIMEOUT=30 seconds per invocation.
#
# For every input X (cases/*.mlir plus NGEN generated modules) that the
# reference can write as bytecode, it checks:
#   [bytes]  TOOL -emit-bytecode X  ==  REF -emit-bytecode X   (byte for byte)
#   [read]   TOOL (REF -emit-bytecode X)  ==  REF (REF -emit-bytecode X)  (our reader)
#   [mlir]   REF (TOOL -emit-bytecode X)  ==  REF X            (MLIR reads ours)
# Ends with "N passed, N failed" (one count per check); exit 1 if any failed,
# or with BASELINE=FILE only if a check listed in FILE (`[check] input`, as
# the FAIL lines print it; generated inputs as gen/NAME) failed.

set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
TOOL="${1:-build/bin/sdy_opt}"
FILTER="${2:-}"
REF="${REF:-mlir-opt-22}"
NGEN="${NGEN:-40}"
SEED="${SEED:-1}"
TIMEOUT="${TIMEOUT:-30}"
[[ "$TOOL" == /* ]] || TOOL="$(pwd)/$TOOL"
if ! command -v "$REF" >/dev/null; then
  echo "error: reference '$REF' not found" >&2
  exit 2
fi
tmp="$(mktemp -d "${TMPDIR:-/tmp}/sharc-bcdiff.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

inputs=("$here"/cases/*.mlir)
if [[ "$NGEN" -gt 0 ]]; then
  python3 "$here/gen_random.py" --seed "$SEED" --count "$NGEN" --out "$tmp/gen" >/dev/null
  inputs+=("$tmp"/gen/*.mlir)
fi

passed=0
failed=0
regressed=0
check() { # name, input, expected file, actual file
  local id="[$1] ${2#$root/}"
  id=${id/$tmp\//}
  if cmp -s "$3" "$4"; then
    passed=$((passed + 1))
    [[ -n "${LIST:-}" ]] && echo "$id" >>"$LIST"
  else
    failed=$((failed + 1))
    echo "FAIL $id"
    if [[ -n "${BASELINE:-}" ]] && grep -qxF "$id" "$BASELINE"; then
      regressed=$((regressed + 1))
      echo "REGRESSION $id"
    fi
  fi
}
for x in "${inputs[@]}"; do
  [[ -n "$FILTER" && "$x" != *"$FILTER"* ]] && continue
  u=(--allow-unregistered-dialect)
  timeout "$TIMEOUT" "$REF" "${u[@]}" -emit-bytecode "$x" -o "$tmp/ref.bc" 2>/dev/null || continue
  timeout "$TIMEOUT" "$REF" "${u[@]}" "$x" >"$tmp/ref.txt" 2>/dev/null || continue
  timeout "$TIMEOUT" "$TOOL" "${u[@]}" -emit-bytecode "$x" -o "$tmp/our.bc" 2>/dev/null || rm -f "$tmp/our.bc"
  check bytes "$x" "$tmp/ref.bc" "$tmp/our.bc"
  timeout "$TIMEOUT" "$TOOL" "${u[@]}" "$tmp/ref.bc" >"$tmp/read.txt" 2>/dev/null || echo >>"$tmp/read.txt"
  timeout "$TIMEOUT" "$REF" "${u[@]}" "$tmp/ref.bc" >"$tmp/ref_read.txt" 2>/dev/null
  check read "$x" "$tmp/ref_read.txt" "$tmp/read.txt"
  if [[ -f "$tmp/our.bc" ]]; then
    timeout "$TIMEOUT" "$REF" "${u[@]}" "$tmp/our.bc" >"$tmp/mlir.txt" 2>/dev/null || echo >>"$tmp/mlir.txt"
  else
    echo >"$tmp/mlir.txt"
  fi
  check mlir "$x" "$tmp/ref.txt" "$tmp/mlir.txt"
done
echo "$passed passed, $failed failed"
if [[ -n "${BASELINE:-}" ]]; then
  [[ "$regressed" -eq 0 ]]
else
  [[ "$failed" -eq 0 ]]
fi
