#!/usr/bin/env bash
# Differential test: compare our printer against MLIR's (mlir-opt-22).
#
# usage: tests/differential/run.sh [TOOL] [FILTER]
#   TOOL    our binary (default: build/bin/sdy_opt, resolved against the cwd,
#           then against the repository root)
#   FILTER  optional substring; only inputs whose path contains it are run
#
# environment:
#   REF=mlir-opt-22     reference tool
#   NGEN=40             number of generated random modules (0 = none)
#   SEED=1              seed for gen_random.py
#   STRICT_GENERIC=1    also require `-mlir-print-op-generic` output to be
#                       byte-identical to the reference's generic output
#   KEEP=1              keep the temporary directory (path printed at the end)
#   TIMEOUT=30          seconds allowed per tool invocation
#   DIFF_LINES=20       lines of diff shown per failure
#   JOBS=$(nproc)       inputs checked in parallel
#
# For every input X (cases/*.mlir plus NGEN generated modules) it checks:
#   [plain]    TOOL --allow-unregistered-dialect X  ==  REF --allow-unregistered-dialect X
#   [debug]    same, both with -mlir-print-debuginfo
#   [generic]  REF --allow-unregistered-dialect (TOOL --allow-unregistered-dialect
#              -mlir-print-op-generic X)  ==  REF --allow-unregistered-dialect X
#   [generic-exact] (only with STRICT_GENERIC=1) TOOL -mlir-print-op-generic X
#              == REF -mlir-print-op-generic X
# Inputs that mimic Shardy's text name their dialects xstablehlo/xsdy/xmpmd:
# the real ones are registered in our tools (not in mlir-opt-22), and this
# suite compares the core parser/printer on unregistered syntax.
# Comparisons are byte-for-byte on stdout; a non-zero exit status of TOOL is a
# failure.  Ends with the line "N passed, N failed"; exit status 1 if any failed.

set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

TOOL="${1:-build/bin/sdy_opt}"
FILTER="${2:-}"
REF="${REF:-mlir-opt-22}"
NGEN="${NGEN:-40}"
SEED="${SEED:-1}"
TIMEOUT="${TIMEOUT:-30}"
DIFF_LINES="${DIFF_LINES:-20}"
STRICT_GENERIC="${STRICT_GENERIC:-0}"

resolve_tool() {
  local t="$1"
  if [[ "$t" == */* ]]; then
    if [[ -x "$t" ]]; then
      (cd "$(dirname "$t")" && printf '%s/%s\n' "$(pwd)" "$(basename "$t")")
      return 0
    fi
    if [[ "$t" != /* && -x "$root/$t" ]]; then
      printf '%s\n' "$root/$t"
      return 0
    fi
    return 1
  fi
  command -v "$t"
}

if ! TOOL_PATH="$(resolve_tool "$TOOL")"; then
  echo "error: tool '$TOOL' not found or not executable" >&2
  exit 2
fi
if ! REF_PATH="$(resolve_tool "$REF")"; then
  echo "error: reference '$REF' not found" >&2
  exit 2
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/sharc-diff.XXXXXX")"
cleanup() {
  if [[ "${KEEP:-0}" == "1" ]]; then
    echo "kept temporary directory: $tmp" >&2
  else
    rm -rf "$tmp"
  fi
}
trap cleanup EXIT

# Collect inputs.  All tools are run from $here with the same relative path so
# that parser-assigned locations ("cases/x.mlir":L:C) agree.
cd "$here" || exit 2
inputs=()
for f in cases/*.mlir; do
  [[ -e "$f" ]] && inputs+=("$f")
done
if [[ "$NGEN" -gt 0 ]]; then
  # Generated modules live in the temporary directory (absolute paths; both
  # tools get the same path).  Mix of sizes: half medium, a quarter small, a
  # quarter large.  Reproduce one with:
  #   gen_random.py --seed S --count N --size SIZE --out DIR   (or KEEP=1)
  gendir="$tmp/gen"
  nsmall=$((NGEN / 4)); nlarge=$((NGEN / 4)); nmed=$((NGEN - nsmall - nlarge))
  python3 "$here/gen_random.py" --seed "$SEED" --count "$nmed" --size medium --out "$gendir/medium" || exit 2
  if [[ $nsmall -gt 0 ]]; then
    python3 "$here/gen_random.py" --seed "$((SEED + 1000))" --count "$nsmall" --size small --out "$gendir/small" || exit 2
  fi
  if [[ $nlarge -gt 0 ]]; then
    python3 "$here/gen_random.py" --seed "$((SEED + 2000))" --count "$nlarge" --size large --out "$gendir/large" || exit 2
  fi
  for f in "$gendir"/*/*.mlir; do
    [[ -e "$f" ]] && inputs+=("$f")
  done
fi

# ---------------------------------------------------------------------------
# One input is checked by check_one (run in parallel, JOBS at a time); it
# writes "$w/log" (messages) and "$w/counts" ("passed failed skipped").
check_one() {  # index path
  local n="$1" x="$2"
  local w="$tmp/w$n"
  local passed=0 failed=0 skipped=0
  mkdir -p "$w"
  exec >"$w/log" 2>&1

  show_diff() {  # expected actual
    diff -u --label expected --label actual "$1" "$2" | head -n "$DIFF_LINES"
  }
  # a stable id for the baseline: the path below tests/differential or the
  # temporary directory ("cases/x.mlir", "gen/small/r3.mlir")
  local id=${x#"$here/"}
  id=${id#"$tmp/"}
  pass_check() {  # check
    passed=$((passed + 1))
    echo "[$1] $id" >>"$w/passed_ids"
  }
  fail() {  # check file message
    failed=$((failed + 1))
    echo "FAIL [$1] $2${3:+: $3}"
  }
  run() {  # out err cmd...
    local out="$1" err="$2"
    shift 2
    timeout "$TIMEOUT" "$@" >"$out" 2>"$err"
    local rc=$?
    echo "$rc" >"$w/rc"
    return $rc
  }

  # Reference output.
  if ! run "$w/ref" "$w/ref.err" "$REF_PATH" --allow-unregistered-dialect "$x"; then
    echo "SKIP $x: reference rejected it: $(head -n 1 "$w/ref.err")"
    echo "0 0 1" >"$w/counts"
    return
  fi

  # [plain]
  if ! run "$w/out" "$w/out.err" "$TOOL_PATH" --allow-unregistered-dialect "$x"; then
    fail plain "$x" "tool exited with status $(cat "$w/rc")"
    head -n 5 "$w/out.err"
  elif cmp -s "$w/ref" "$w/out"; then
    pass_check plain
  else
    fail plain "$x"
    show_diff "$w/ref" "$w/out"
  fi

  # [debug]
  if ! run "$w/refd" "$w/refd.err" "$REF_PATH" --allow-unregistered-dialect -mlir-print-debuginfo "$x"; then
    skipped=$((skipped + 1))
    echo "SKIP [debug] $x: reference rejected it"
  elif ! run "$w/outd" "$w/outd.err" "$TOOL_PATH" --allow-unregistered-dialect -mlir-print-debuginfo "$x"; then
    fail debug "$x" "tool exited with status $(cat "$w/rc")"
    head -n 5 "$w/outd.err"
  elif cmp -s "$w/refd" "$w/outd"; then
    pass_check debug
  else
    fail debug "$x"
    show_diff "$w/refd" "$w/outd"
  fi

  # [generic]  (round trip of our generic output through the reference)
  if ! run "$w/gen.mlir" "$w/gen.err" "$TOOL_PATH" --allow-unregistered-dialect -mlir-print-op-generic "$x"; then
    fail generic "$x" "tool exited with status $(cat "$w/rc")"
    head -n 5 "$w/gen.err"
  elif ! run "$w/rt" "$w/rt.err" "$REF_PATH" --allow-unregistered-dialect "$w/gen.mlir"; then
    fail generic "$x" "reference rejected the tool's generic output ($w/gen.mlir)"
    head -n 5 "$w/rt.err"
  elif cmp -s "$w/ref" "$w/rt"; then
    pass_check generic
  else
    fail generic "$x" "round trip differs"
    show_diff "$w/ref" "$w/rt"
  fi

  # [generic-exact] (optional)
  if [[ "$STRICT_GENERIC" == "1" ]]; then
    if ! run "$w/refg" "$w/refg.err" "$REF_PATH" --allow-unregistered-dialect -mlir-print-op-generic "$x"; then
      skipped=$((skipped + 1))
    elif cmp -s "$w/refg" "$w/gen.mlir"; then
      pass_check generic-exact
    else
      fail generic-exact "$x"
      show_diff "$w/refg" "$w/gen.mlir"
    fi
  fi
  echo "$passed $failed $skipped" >"$w/counts"
}

selected=()
for x in "${inputs[@]}"; do
  if [[ -n "$FILTER" && "$x" != *"$FILTER"* ]]; then
    continue
  fi
  selected+=("$x")
done

export tmp here REF_PATH TOOL_PATH TIMEOUT DIFF_LINES STRICT_GENERIC
export -f check_one
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
for i in "${!selected[@]}"; do
  printf '%s\0%s\0' "$i" "${selected[$i]}"
done | xargs -0 -n 2 -P "$JOBS" bash -c 'check_one "$1" "$2"' _

passed=0
failed=0
skipped=0
for i in "${!selected[@]}"; do
  w="$tmp/w$i"
  [[ -s "$w/log" ]] && cat "$w/log"
  if [[ -f "$w/counts" ]]; then
    read -r p f s <"$w/counts"
  else
    p=0; f=1; s=0
    echo "FAIL [harness] ${selected[$i]}: no result"
  fi
  passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
done

if [[ $skipped -gt 0 ]]; then
  echo "($skipped skipped: rejected by the reference)"
fi
cat "$tmp"/w*/passed_ids 2>/dev/null | LC_ALL=C sort >"$tmp/passing"
if [[ -n "${WRITE_BASELINE:-}" ]]; then
  cp "$tmp/passing" "$WRITE_BASELINE"
  echo "wrote $(wc -l <"$WRITE_BASELINE") passing checks to $WRITE_BASELINE"
fi
echo "$passed passed, $failed failed"
if [[ -n "${BASELINE:-}" ]]; then
  # the ratchet: every check listed as passing must still pass
  regressed=$(grep -v '^#' "$BASELINE" | LC_ALL=C sort | LC_ALL=C comm -23 - "$tmp/passing")
  if [[ -n "$regressed" ]]; then
    printf '%s\n' "$regressed" | sed 's/^/REGRESSED /'
    echo "$(printf '%s\n' "$regressed" | wc -l) checks listed in $BASELINE no longer pass"
    exit 1
  fi
  echo "baseline: all $(grep -vc '^#' "$BASELINE") listed checks pass"
  exit 0
fi
[[ $failed -eq 0 ]]
