#!/usr/bin/env bash
# `make test`'s check of sharc verify: a fixed sample of sharded programs
# made by gen_sharded.py (seed 1, every third program of
# stablehlo_testdata, one sharding each) into a temporary directory, each
# run through `sharc verify`. A ratchet: every program listed in
# tests/verify/baseline.txt must exit 0. Fails without ../shared.
#   run_sample.sh SHARC SHARED
set -uo pipefail
sharc=${1:?usage: run_sample.sh SHARC SHARED}
shared=${2:-../shared}
here=$(cd "$(dirname "$0")" && pwd)
src="$shared/conformance/stablehlo_testdata"
if [ ! -d "$src" ]; then
  echo "verify sample: no $src (a missing corpus fails the gate, as it fails the conformance gates)"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen_sharded.py" "$src" "$tmp" --seed 1 --variants 1 --every 3 || exit 1
python3 "$here/run_verify.py" --sharc "$sharc" --jobs 2 --timeout 120 \
  --baseline "$here/baseline.txt" "$tmp"
