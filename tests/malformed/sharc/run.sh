#!/usr/bin/env bash
# The sharc CLI on malformed and odd inputs: never a crash, always a
# located error and exit 1 or success, never a partial output file.
#
#   tests/malformed/sharc/run.sh [SHARC]     # default: build/bin/sharc
#
# Prints one FAIL line per failing case and "N passed, N failed" at the end.
set -u
DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../../.." && pwd)
TOOL=${1:-$ROOT/build/bin/sharc}
TIMEOUT=${MALFORMED_TIMEOUT:-60}
if [ ! -x "$TOOL" ]; then
  echo "run.sh: not executable: $TOOL" >&2
  exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sharc-cli-malformed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# run NAME ALLOW_SUCCESS ARGS...: the tool's exit status must be 1 (or 0
# when allowed), its first stderr line located, and no output left behind.
run() {
  local name=$1 allow_ok=$2 file=$3
  shift 3
  rm -f "$tmp/out.mlir" "$tmp/out.svg"
  { timeout -k 5 "$TIMEOUT" "$TOOL" "$@" </dev/null >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?; } 2>/dev/null
  local first why=""
  first=$(head -n 1 "$tmp/stderr" | tr -d '\0\r')
  if [ "$rc" -eq 0 ] && [ "$allow_ok" = 1 ]; then
    :
  elif [ "$rc" -ne 1 ]; then
    why="exit status $rc"
  elif [[ "$first" != "$file:"*": error: "* && "$first" != *".mlir:"[0-9]*":"[0-9]*": error: "* ]]; then
    why="first stderr line is not located: ${first:0:200}"
  elif [ -e "$tmp/out.mlir" ] || [ -e "$tmp/out.svg" ]; then
    why="an output file was left behind"
  fi
  if grep -aq "Sanitizer\|runtime error:" "$tmp/stderr"; then
    why="sanitizer report: $(grep -a -m1 "Sanitizer\|runtime error:" "$tmp/stderr")"
  fi
  if [ -z "$why" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: $why"
  fi
}

# 1. Malformed modules: a located error, nothing written.
for f in "$ROOT"/tests/malformed/*.mlir; do
  grep -aq '^// ARGS:' "$f" && continue
  run "propagate ${f#"$ROOT"/}" 0 "$f" propagate "$f" -o "$tmp/out.mlir"
  run "pipeline ${f#"$ROOT"/}" 0 "$f" pipeline "$f" --svg "$tmp/out.svg" -o "$tmp/out.mlir"
  run "partition ${f#"$ROOT"/}" 0 "$f" partition "$f" -o "$tmp/out.mlir"
  run "verify ${f#"$ROOT"/}" 0 "$f" verify "$f"
done

# 1b. Bad shardings in XLA's forms (GSPMD strings and custom calls, the
#     round-trip frontend attributes, HloShardingV3), which every subcommand
#     that reads a module imports itself (sharc/xla_import.h).
for f in "$ROOT"/tests/malformed/xla_import_shardings_*.mlir "$ROOT"/tests/malformed/xla_gspmd_*.mlir \
  "$ROOT"/tests/malformed/xla_round_trip_*.mlir; do
  n=${f#"$ROOT"/}
  run "propagate $n" 0 "$f" propagate "$f" -o "$tmp/out.mlir"
  run "explain $n" 0 "$f" explain "$f" %arg0
  run "show $n" 0 "$f" show "$f" %arg0 --svg "$tmp/out.svg"
  run "partition $n" 0 "$f" partition "$f" -o "$tmp/out.mlir"
  run "verify $n" 0 "$f" verify "$f"
done

# 2. Odd but valid modules through every subcommand.
for f in "$DIR"/*.mlir; do
  n=${f#"$ROOT"/}
  for fmt in table json csv; do
    run "propagate --format $fmt $n" 1 "$f" propagate "$f" --all --format "$fmt" -o "$tmp/out.mlir"
  done
  run "propagate --explicit $n" 1 "$f" propagate "$f" --explicit --all -o "$tmp/out.mlir"
  run "partition $n" 1 "$f" partition "$f" --format json -o "$tmp/out.mlir"
  run "verify $n" 1 "$f" verify "$f" --format json
  for v in %arg0 %arg1 %0 %1#1 result0 x:3; do
    run "explain $v $n" 1 "$f" explain "$f" "$v"
    run "show $v $n" 1 "$f" show "$f" "$v" --svg "$tmp/out.svg"
  done
done

# 2b. Inputs files `sharc verify --inputs` cannot read (verify_inputs/):
#     an error located in the inputs file.
for f in "$DIR"/verify_inputs/*.txt; do
  run "verify --inputs ${f#"$ROOT"/}" 0 "$f" verify "$DIR/verify_inputs/model.mlir" --inputs "$f"
done

# 3. Names that name nothing.
example="$ROOT/examples/mlp_jax.mlir"
long=$(printf 'v%.0s' $(seq 1 5000))
for v in "" "@" "%" ":" "@main:" "@nofunc:%0" "%0#99" "a:b:c" "mlp.py:0" "mlp.py:99999999999999" "$long"; do
  run "explain '${v:0:20}'" 0 "$example" explain "$example" "$v"
  if ! grep -q "error: no value" "$tmp/stderr"; then
    fail=$((fail + 1))
    echo "FAIL explain '${v:0:20}': no 'no value' message"
  fi
done

# 4. MPMD programs that do not import or schedule (pipeline/, flags on an
#    `// ARGS:` first line): Shardy's located error, nothing written.
for f in "$DIR"/pipeline/*.mlir; do
  read -r -a args <<<"$(sed -n 's|^// ARGS: ||p' "$f" | head -n 1)"
  run "pipeline ${f#"$ROOT"/}" 0 "$f" pipeline "$f" "${args[@]}"
  if [[ " ${args[*]} " != *" --compare "* ]]; then
    run "pipeline --svg ${f#"$ROOT"/}" 0 "$f" pipeline "$f" "${args[@]}" --svg "$tmp/out.svg" -o "$tmp/out.mlir"
  fi
done

# 5. sharc auto: malformed modules, odd valid ones, and options the module
#    cannot take (a bad mesh, an axis it lacks, a memory limit nothing fits):
#    a located error, nothing written.
for f in "$ROOT"/tests/malformed/*.mlir; do
  grep -aq '^// ARGS:' "$f" && continue
  run "auto ${f#"$ROOT"/}" 0 "$f" auto "$f" --mesh 'x=2' --budget 2 -o "$tmp/out.mlir"
done
for f in "$DIR"/*.mlir; do
  run "auto ${f#"$ROOT"/}" 1 "$f" auto "$f" --budget 2 -o "$tmp/out.mlir"
  run "auto --mesh ${f#"$ROOT"/}" 1 "$f" auto "$f" --mesh 'a=2,b=2' --budget 2 -o "$tmp/out.mlir"
done
for m in "data" "data=" "data=0" "data=-2" "=4" "4=4" "data=4," "data=4,data=2" "data=4x" \
  "a=2,b=2,c=2,d=2,e=2,f=2,g=2,h=2,i=2" "data=99999999999999999999" "data=1048576,model=2"; do
  run "auto --mesh '$m'" 0 "$example" auto "$example" --mesh "$m" -o "$tmp/out.mlir"
done
for flags in "--bandwidth nope=1e9" "--bandwidth data" "--bandwidth data=0" "--latency model=-1" \
  "--memory-limit 1" "--memory-limit 1KiB"; do
  read -r -a fa <<<"$flags"
  run "auto $flags" 0 "$example" auto "$example" "${fa[@]}" -o "$tmp/out.mlir"
done
# Command-line values that are not numbers: a usage error, exit 1, nothing written.
for flags in "--memory-limit -5" "--memory-limit 12XB" "--budget 0" "--seed x" "--flops 0" \
  "--format xml" "--nope"; do
  read -r -a fa <<<"$flags"
  rm -f "$tmp/out.mlir"
  { timeout -k 5 "$TIMEOUT" "$TOOL" auto "$example" "${fa[@]}" -o "$tmp/out.mlir" >/dev/null 2>"$tmp/stderr"; rc=$?; } 2>/dev/null
  if [ "$rc" -ne 1 ] || [ -e "$tmp/out.mlir" ] || ! grep -q "^sharc auto: error: " "$tmp/stderr"; then
    fail=$((fail + 1))
    echo "FAIL auto $flags: exit $rc, $(head -c 200 "$tmp/stderr")"
  else
    pass=$((pass + 1))
  fi
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
