#!/usr/bin/env bash
# Differential test of the verifier's dominance checks (the dominator tree of
# multi-block regions, unreachable blocks, the order of the first failure):
# random functions of several blocks (gen_dominance.py), most of them invalid,
# run through TOOL and REF; stdout, stderr and the exit status must match.
#
# usage: tests/differential/dominance.sh [TOOL]   (default build/bin/sdy_opt)
# environment: REF=mlir-opt-22, SEED=1, COUNT=300
# Ends with "N passed, N failed"; exit status 1 if any failed.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
TOOL="$(cd "$root" && realpath "${1:-build/bin/sdy_opt}")"
REF="${REF:-mlir-opt-22}"
command -v "$REF" >/dev/null || { echo "dominance.sh: $REF not found, skipped"; exit 0; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_dominance.py" --seed "${SEED:-1}" --count "${COUNT:-300}" --out "$work/in"
pass=0 fail=0
cd "$work/in"
for f in *.mlir; do
  "$REF" --allow-unregistered-dialect "$f" >"$work/ref.out" 2>"$work/ref.err"
  ref_rc=$?
  "$TOOL" --allow-unregistered-dialect "$f" >"$work/our.out" 2>"$work/our.err"
  our_rc=$?
  if [[ $ref_rc == "$our_rc" ]] && cmp -s "$work/ref.out" "$work/our.out" &&
     cmp -s "$work/ref.err" "$work/our.err"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $f (exit $our_rc, $REF $ref_rc)"
    diff "$work/ref.err" "$work/our.err" | head -5
    cp "$f" "$root/build/dominance_fail_$f" 2>/dev/null
  fi
done
echo "$pass passed, $fail failed"
[[ $fail == 0 ]]
