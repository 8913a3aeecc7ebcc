#!/usr/bin/env bash
# `make test`'s check of `sharc verify` on gen_partition.py's programs:
# seeds 0 to 299 written into a temporary directory and each run through
# `sharc verify`, which also holds the report's device figures (collectives,
# bytes moved, bytes per device, show's blocks) against the run. A ratchet:
# every program listed in tests/partitioner/verify_baseline.txt must exit 0.
#   run_verify_sample.sh SHARC
set -uo pipefail
sharc=${1:?usage: run_verify_sample.sh SHARC}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen_partition.py" --tools unused --first 0 --seeds 300 --write-programs "$tmp" || exit 1
python3 "$here/../verify/run_verify.py" --sharc "$sharc" --jobs 2 --timeout 120 \
  --baseline "$here/verify_baseline.txt" "$tmp"
