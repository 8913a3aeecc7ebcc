#!/usr/bin/env bash
# Malformed-input suite: every input must be rejected cleanly.
#
#   tests/malformed/run.sh [TOOL]            # default: build/bin/sdy_opt
#   tests/malformed/run.sh --record REFTOOL  # rewrite the `// ERROR:` first lines
#                                            # from a reference (mlir-opt-22)
#
# For each tests/malformed/*.mlir (and a few huge inputs generated into a temp
# dir) it runs
#   TOOL [--allow-unregistered-dialect] [ARGS] FILE -o $tmp/out.mlir
# and requires: exit status exactly 1, stderr's first line starting with
# `FILE:LINE:COL: error: `, no $tmp/out.mlir left behind, and LINE:COL and the
# message equal to the ones recorded in the file's first line
# `// ERROR: LINE:COL: message` (the message as a prefix: records keep 100
# characters).
#
# Directives (anywhere in a file, each on its own line):
#   // NO-UNREGISTERED   do not pass --allow-unregistered-dialect
#   // LOC-LOOSE         any located error is fine (do not compare LINE:COL)
#   // ARGS: <flags>     extra tool flags, e.g. --split-input-file
#
# Environment: MALFORMED_TIMEOUT (seconds, default 20), MALFORMED_VMEM_KB
# (ulimit -v, default 4194304, or none for a binary linked with ASan; 0 = none),
# BASELINE=FILE: the ratchet (tools/run_tests.sh): fail only when a case
# listed in FILE (one name a line, as printed after FAIL) does not pass;
# WRITE_BASELINE=FILE writes the names of the cases that pass.
set -u

DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
TIMEOUT=${MALFORMED_TIMEOUT:-20}
VMEM=${MALFORMED_VMEM_KB:-4194304}

RECORD=0
if [ "${1:-}" = "--record" ]; then
  RECORD=1
  shift
  TOOL=${1:-/usr/bin/mlir-opt-22}
else
  TOOL=${1:-$ROOT/build/bin/sdy_opt}
fi
if [ ! -x "$TOOL" ] && ! command -v "$TOOL" >/dev/null 2>&1; then
  echo "run.sh: tool not found or not executable: $TOOL" >&2
  exit 2
fi

# ASan reserves terabytes of address space, so no ulimit -v for ASan builds.
if [ -z "${MALFORMED_VMEM_KB:-}" ] && grep -aq __asan_init "$(command -v "$TOOL")" 2>/dev/null; then
  VMEM=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sharc-malformed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ---- huge inputs, generated instead of committed -------------------------
gen="$tmp/gen"
mkdir -p "$gen"
{ # 100,000 nested regions, never closed.
  echo '// ERROR: 3:1:'
  echo '// LOC-LOOSE'
  yes '"foo.op"() ({' | head -n 100000
} >"$gen/deep_region_100k.mlir"
{ # 1 MB on one line: 50,000 ops, then a use of an undefined value.
  echo '// ERROR: 2:1050009: use of undeclared SSA value name'
  yes '"foo.a"() : () -> () ' | head -n 50000 | tr -d '\n'
  echo '"foo.b"(%undef) : (i32) -> ()'
} >"$gen/long_line_1mb.mlir"
{ # A file of 100,000 '('.
  echo '// ERROR: 2:1: expected operation name in quotes'
  head -c 100000 /dev/zero | tr '\0' '('
  echo
} >"$gen/parens_100k.mlir"
{ # 100,000 '(' where a type is expected (recursive function/tuple types).
  echo '// ERROR: 3:20:'
  echo '// LOC-LOOSE'
  printf '"foo.op"() : () -> '
  head -c 100000 /dev/zero | tr '\0' '('
  echo
} >"$gen/type_parens_100k.mlir"
{ # 100,000 '[' inside an attribute (recursive array attributes).
  echo '// ERROR: 3:17:'
  echo '// LOC-LOOSE'
  printf '"foo.op"() {a = '
  head -c 100000 /dev/zero | tr '\0' '['
  echo
} >"$gen/attr_brackets_100k.mlir"

files=("$DIR"/*.mlir)
[ "$RECORD" = 1 ] || files+=("$gen"/*.mlir)

pass=0
fail=0
passing=()
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  name=${f#"$ROOT"/}
  name=${name/#"$gen"\//(generated) }
  args=()
  grep -aq '^// NO-UNREGISTERED' "$f" || args+=(--allow-unregistered-dialect)
  extra=$(grep -a -m1 '^// ARGS:' "$f" | tr -d '\r\0' | sed 's#^// ARGS:##')
  # shellcheck disable=SC2206
  [ -n "$extra" ] && args+=($extra)
  loose=0
  grep -aq '^// LOC-LOOSE' "$f" && loose=1

  rm -f "$tmp/out.mlir"
  { # The outer redirect swallows bash's own "Segmentation fault" job notice.
    (
      if [ "$VMEM" != 0 ]; then ulimit -v "$VMEM" 2>/dev/null; fi
      exec timeout -k 5 "$TIMEOUT" "$TOOL" "${args[@]}" "$f" -o "$tmp/out.mlir"
    ) </dev/null >"$tmp/stdout" 2>"$tmp/stderr"
    rc=$?
  } 2>/dev/null
  first=$(head -n 1 "$tmp/stderr" | tr -d '\0\r')

  # Parse "FILE:LINE:COL: error: MESSAGE".
  got_lc=""
  got_msg=""
  located=0
  case "$first" in
    "$f:"*)
      rest=${first#"$f:"}
      if [[ $rest =~ ^([0-9]+):([0-9]+):\ error:\ (.*)$ ]]; then
        located=1
        got_lc="${BASH_REMATCH[1]}:${BASH_REMATCH[2]}"
        got_msg=${BASH_REMATCH[3]}
      fi
      ;;
  esac

  if [ "$RECORD" = 1 ]; then
    if [ "$rc" = 1 ] && [ "$located" = 1 ]; then
      hdr="// ERROR: $got_lc: ${got_msg:0:100}"
      hdr=${hdr%"${hdr##*[![:space:]]}"}
    else
      hdr="// ERROR: ?"
      echo "RECORD $name: reference gave rc=$rc, stderr: ${first:0:200}"
    fi
    { printf '%s\n' "$hdr"; tail -n +2 "$f"; } >"$tmp/rec" && cat "$tmp/rec" >"$f"
    continue
  fi

  IFS= read -r header <"$f" || header=""
  header=${header%$'\r'}
  want_lc=""
  want_msg=""
  if [[ $header =~ ^//\ ERROR:\ ([0-9]+):([0-9]+):\ ?(.*)$ ]]; then
    want_lc="${BASH_REMATCH[1]}:${BASH_REMATCH[2]}"
    want_msg=${BASH_REMATCH[3]}
  fi

  why=()
  if [ "$rc" -ne 1 ]; then
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      why+=("timed out after ${TIMEOUT}s (rc=$rc)")
    elif [ "$rc" -gt 128 ]; then
      why+=("killed by signal $((rc - 128))")
    else
      why+=("exit status $rc, want 1")
    fi
  fi
  [ "$located" = 1 ] || why+=("first stderr line is not '$f:LINE:COL: error: ...': ${first:0:300}")
  [ -e "$tmp/out.mlir" ] && why+=("output file was left behind")
  if [ "$located" = 1 ] && [ "$loose" = 0 ]; then
    if [ -z "$want_lc" ]; then
      why+=("no '// ERROR: LINE:COL:' on the first line (add // LOC-LOOSE?)")
    elif [ "$got_lc" != "$want_lc" ]; then
      why+=("error at $got_lc, want $want_lc")
    fi
  fi
  if [ "$located" = 1 ] && [ -n "$want_msg" ] && [[ "$got_msg" != "$want_msg"* ]]; then
    why+=("message '${got_msg:0:200}', want prefix '$want_msg'")
  fi

  if [ ${#why[@]} -eq 0 ]; then
    pass=$((pass + 1))
    passing+=("$name")
  else
    fail=$((fail + 1))
    echo "FAIL $name"
    for w in "${why[@]}"; do echo "  $w"; done
  fi
done

if [ "$RECORD" = 1 ]; then
  echo "recorded ${#files[@]} files with $TOOL"
  exit 0
fi
printf '%s\n' "${passing[@]}" | LC_ALL=C sort >"$tmp/passing"
if [ -n "${WRITE_BASELINE:-}" ]; then
  cp "$tmp/passing" "$WRITE_BASELINE"
  echo "wrote $(wc -l <"$WRITE_BASELINE") passing cases to $WRITE_BASELINE"
fi
echo "$pass passed, $fail failed"
if [ -n "${BASELINE:-}" ]; then
  # the ratchet: every case listed as passing must still pass
  regressed=$(grep -v '^#' "$BASELINE" | LC_ALL=C sort | LC_ALL=C comm -23 - "$tmp/passing")
  if [ -n "$regressed" ]; then
    printf '%s\n' "$regressed" | sed 's/^/REGRESSED /'
    echo "$(printf '%s\n' "$regressed" | wc -l) cases listed in $BASELINE no longer pass"
    exit 1
  fi
  echo "baseline: all $(grep -vc '^#' "$BASELINE") listed cases pass"
  exit 0
fi
[ "$fail" -eq 0 ]
