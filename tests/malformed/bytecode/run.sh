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
# With SEED=NAME the file is tests/malformed/bytecode/NAME instead of seed.mlir
# (stablehlo_seed.mlir: StableHLO's and CHLO's own encodings). Every entry of
# those two dialects' own encodings also gets an unknown code and, for an
# enum, an unknown value: both must be refused.
# TRUNC_STEP=N keeps every Nth truncation only, FLIPS=N changes N bytes
# (default 1 and 300), for big seeds.
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
  "$TOOL" --allow-unregistered-dialect -emit-bytecode "$DIR/${SEED:-seed.mlir}" -o "$tmp/seed.bc"
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
step = int(os.environ.get("TRUNC_STEP", "1"))
for n in range(4, len(data), step):  # shorter: no magic number, read as text
    open(os.path.join(tmp, "must", "trunc_%04d.mlirbc" % n), "wb").write(data[:n])
# version 7 (varint 0x0f) and 127
for v in (0x0F, 0xFF):
    open(os.path.join(tmp, "must", "version_%02x.mlirbc" % v), "wb").write(data[:4] + bytes([v]) + data[5:])
# a section id past the last one right after the producer
p = data.index(b"\0", 5) + 1
open(os.path.join(tmp, "must", "section_id.mlirbc"), "wb").write(data[:p] + bytes([0x3F]) + data[p + 1:])

def varint(b, p):  # MLIR's prefix varint: (value, next position)
    n = (b[p] & -b[p]).bit_length() if b[p] else 9
    raw = int.from_bytes(b[p:p + n], "little")
    return (raw >> n if n < 9 else int.from_bytes(b[p + 1:p + 9], "little")), p + n
def sections(b):
    s, p = {}, b.index(b"\0", 5) + 1
    while p < len(b):
        sid, (n, p) = b[p], varint(b, p + 1)
        if sid & 0x80:
            _, p = varint(b, p)
            while b[p] == 0xCB:
                p += 1
        s[sid & 0x7F] = (p, n)
        p += n
    return s
def own_entries(b):  # (offset, size, dialect name) of custom-encoded entries
    s = sections(b)
    (sp, sn), (dp, _), (op, _), (ap, _) = s[0], s[1], s[3], s[2]
    n, p = varint(b, sp)
    sizes = []
    for _ in range(n):
        v, p = varint(b, p)
        sizes.append(v)
    data, strs, q = sp + sn - sum(sizes), [], 0
    for z in reversed(sizes):
        strs.append(b[data + q:data + q + z - 1].decode())
        q += z
    nd, p = varint(b, dp)
    names = []
    for _ in range(nd):
        v, p = varint(b, p)
        names.append(strs[v >> 1])
        if v & 1:
            _, p = varint(b, p + 1)
            p += _
    na, p = varint(b, op)
    nt, p = varint(b, p)
    out, at = [], ap
    for total in (na, nt):
        seen = 0
        while seen < total:
            d, p = varint(b, p)
            c, p = varint(b, p)
            for _ in range(c):
                v, p = varint(b, p)
                if v & 1:
                    out.append((at, v >> 1, names[d]))
                at += v >> 1
            seen += c
    return out
ENUMS = {"stablehlo": {2, 3, 6, 8, 9, 10, 12, 16}, "chlo": {0, 1}}
for i, (at, size, dialect) in enumerate(own_entries(data)):
    if dialect not in ENUMS:
        continue
    bad = lambda pos, val: data[:pos] + bytes([val]) + data[pos + 1:]
    open(os.path.join(tmp, "must", "code_%03d.mlirbc" % i), "wb").write(bad(at, 0x7F))
    if size == 2 and data[at] & 1 and (data[at] >> 1) in ENUMS[dialect]:
        open(os.path.join(tmp, "must", "enum_%03d.mlirbc" % i), "wb").write(bad(at + 1, 0x7F))
def enc(v):  # MLIR's prefix varint
    for n in range(1, 9):
        if v < 1 << (7 * n):
            return ((v << n) | (1 << (n - 1))).to_bytes(n, "little")
    return b"\0" + v.to_bytes(8, "little")
def with_version(b, dialect, version):  # the file with a version entry for `dialect`
    s = sections(b)
    dp, dn = s[1]
    n, p = varint(b, dp)
    for _ in range(n):
        at = p
        v, p = varint(b, p)
        if v & 1:
            _, q = varint(b, p + 1)
            p = q + _
            continue
        if own_names(b)[v >> 1] != dialect:
            continue
        body = b"".join(enc(x) for x in version)
        entry = enc(v | 1) + bytes([7]) + enc(len(body)) + body
        sec = b[dp:at] + entry + b[p:dp + dn]
        head = dp - 1 - len(enc(dn))  # the section's id byte
        return b[:head + 1] + enc(len(sec)) + sec + b[dp + dn:]
    return None
def own_names(b):
    s = sections(b)
    sp, sn = s[0]
    n, p = varint(b, sp)
    sizes = []
    for _ in range(n):
        v, p = varint(b, p)
        sizes.append(v)
    data, out, q = sp + sn - sum(sizes), [], 0
    for z in reversed(sizes):
        out.append(b[data + q:data + q + z - 1].decode())
        q += z
    return out
newer = with_version(data, "stablehlo", (99, 0, 0))
if newer:  # a StableHLO newer than this one: refused; an older one reads
    open(os.path.join(tmp, "must", "stablehlo_newer.mlirbc"), "wb").write(newer)
    open(os.path.join(tmp, "may", "stablehlo_older.mlirbc"), "wb").write(
        with_version(data, "stablehlo", (1, 0, 0)))
rng = random.Random(28)
for i in range(int(os.environ.get("FLIPS", "300"))):
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
