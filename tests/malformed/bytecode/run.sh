#!/usr/bin/env bash
# Malformed MLIR bytecode: every corrupt file must be refused cleanly.
#
#   tests/malformed/bytecode/run.sh [TOOL]      # default: build/bin/sdy_opt
#
# Writes seed.mlir as bytecode with TOOL, then reads back
#   - every truncation of it past the magic number (4 bytes to the whole less one),
#   - the file with a version newer than the format's, and with a bad section,
#   - 300 copies with one byte changed (deterministic positions and values).
# A truncated file or a bad version must exit 1 with a first stderr line
# `FILE:0:0: error: ... at byte offset N` and leave no output file; a changed
# byte may still make a valid file (exit 0) or a module that does not verify
# (exit 1 with a `FILE:LINE:COL: error:` at the op), else the same error is
# required.
# With VHLO_TARGET=X (TOOL: stablehlo-translate) the file is instead the
# portable artifact of vhlo_seed.mlir for StableHLO X (VHLO's encodings, the
# bytecode version of X), read back with `--deserialize`.
# Ends with "N passed, N failed".
set -u
DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../../.." && pwd)
TOOL=${1:-$ROOT/build/bin/sdy_opt}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sharc-badbc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ -n "${VHLO_TARGET:-}" ]; then
  read_args=(--deserialize)
  "$TOOL" --serialize --target="$VHLO_TARGET" "$DIR/vhlo_seed.mlir" -o "$tmp/seed.bc"
else
  read_args=(--allow-unregistered-dialect)
  "$TOOL" --allow-unregistered-dialect -emit-bytecode "$DIR/seed.mlir" -o "$tmp/seed.bc"
fi
if [ $? -ne 0 ]; then
  echo "run.sh: cannot write the seed as bytecode" >&2
  exit 2
fi
python3 - "$tmp" <<'PY'
import os, random, sys
tmp = sys.argv[1]
data = open(os.path.join(tmp, "seed.bc"), "rb").read()
os.makedirs(os.path.join(tmp, "must"))
os.makedirs(os.path.join(tmp, "may"))
for n in range(4, len(data)):  # shorter: no magic number, read as text
    open(os.path.join(tmp, "must", "trunc_%04d.mlirbc" % n), "wb").write(data[:n])
# version 7 (varint 0x0f) and 127
for v in (0x0F, 0xFF):
    open(os.path.join(tmp, "must", "version_%02x.mlirbc" % v), "wb").write(data[:4] + bytes([v]) + data[5:])
# a section id past the last one right after the producer
p = data.index(b"\0", 5) + 1
open(os.path.join(tmp, "must", "section_id.mlirbc"), "wb").write(data[:p] + bytes([0x3F]) + data[p + 1:])
rng = random.Random(28)
for i in range(300):
    pos = rng.randrange(5, len(data))
    val = rng.randrange(256)
    if val == data[pos]:
        val ^= 0x55
    open(os.path.join(tmp, "may", "flip_%03d.mlirbc" % i), "wb").write(data[:pos] + bytes([val]) + data[pos + 1:])
PY
passed=0
failed=0
for f in "$tmp"/must/* "$tmp"/may/*; do
  rm -f "$tmp/out.mlir"
  "$TOOL" "${read_args[@]}" "$f" -o "$tmp/out.mlir" >/dev/null 2>"$tmp/err"
  rc=$?
  first=$(head -1 "$tmp/err")
  ok=0
  if [ $rc -eq 0 ] && [[ "$f" == */may/* ]] && [ -s "$tmp/out.mlir" ]; then
    ok=1
  elif [ $rc -eq 1 ] && [[ "$f" == */may/* ]] && [ ! -e "$tmp/out.mlir" ] &&
    [[ "$first" =~ ^[^:]+:[0-9]+:[0-9]+:\ error:\  ]] && [[ "$first" != *AddressSanitizer* ]]; then
    ok=1
  elif [ $rc -eq 1 ] && [ ! -e "$tmp/out.mlir" ] &&
    [[ "$first" =~ ^"$f":0:0:\ error:\ .*\ at\ byte\ offset\ [0-9]+$ ]]; then
    ok=1
  fi
  if [ $ok -eq 1 ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $(basename "$f"): exit $rc: $first"
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
