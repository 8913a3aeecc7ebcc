#!/usr/bin/env bash
# Builds tests/fuzz/fuzz_parse.c with libFuzzer + ASan + UBSan and fuzzes the
# parser/printer for a while.
#
#   tests/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]   # default 60 s
#   tests/fuzz/run.sh --check-toolchain   # only check that clang+libFuzzer link
#   tests/fuzz/run.sh --build-only        # only build build/fuzz/fuzz_parse
#
# Seeds: tests/fuzz/corpus (valid and invalid snippets) and tests/malformed.
# New interesting inputs go to build/fuzz/corpus; crashes, leaks and
# round-trip failures to build/fuzz/artifacts/ (re-run one with
# `build/fuzz/fuzz_parse build/fuzz/artifacts/crash-...`).
# Environment: CC (default clang), FUZZ_JOBS (parallel fuzzing processes).
set -euo pipefail

DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
CC=${CC:-clang}
OUT="$ROOT/build/fuzz"

if ! command -v "$CC" >/dev/null 2>&1; then
  echo "fuzz/run.sh: $CC not found (Debian: apt-get install -y clang)" >&2
  exit 2
fi

# libFuzzer ships in compiler-rt. On Debian/Ubuntu that is libclang-rt-N-dev,
# only *recommended* by clang-N, so a --no-install-recommends clang lacks it.
check_toolchain() {
  local t
  t=$(mktemp -d "${TMPDIR:-/tmp}/sharc-fuzzcheck.XXXXXX")
  cat >"$t/t.c" <<'EOF'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return n > 0 && d[0] == 0x7f; }
EOF
  local ok=0
  if "$CC" -fsanitize=fuzzer,address,undefined "$t/t.c" -o "$t/t" 2>"$t/log" &&
     "$t/t" -runs=100 >/dev/null 2>&1; then
    ok=1
  fi
  rm -rf "$t"
  [ "$ok" = 1 ]
}

if ! check_toolchain; then
  ver=$("$CC" -dumpversion | cut -d. -f1)
  pkg="libclang-rt-$ver-dev"
  echo "fuzz/run.sh: '$CC -fsanitize=fuzzer' does not link; installing $pkg" >&2
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y "$pkg" >&2 || { apt-get update >&2 && apt-get install -y "$pkg" >&2; }
  else
    echo "fuzz/run.sh: install $pkg (as root: apt-get install -y $pkg)" >&2
    exit 2
  fi
  check_toolchain || { echo "fuzz/run.sh: libFuzzer still does not link" >&2; exit 2; }
fi
if [ "${1:-}" = "--check-toolchain" ]; then
  echo "fuzz/run.sh: $("$CC" --version | head -n 1): -fsanitize=fuzzer,address,undefined links"
  exit 0
fi

# ---- build -----------------------------------------------------------------
# FUZZ_TARGET picks the target: fuzz_parse (default) or fuzz_report (the
# sharding report of sharc propagate/explain/show).
target=${FUZZ_TARGET:-fuzz_parse}
case "$target" in
fuzz_parse | fuzz_report) ;;
*) echo "fuzz/run.sh: FUZZ_TARGET must be fuzz_parse or fuzz_report" >&2; exit 2 ;;
esac
shopt -s globstar nullglob
srcs=("$ROOT"/src/**/*.c)
mkdir -p "$OUT/corpus" "$OUT/artifacts"
echo "fuzz/run.sh: building $OUT/$target from ${#srcs[@]} library sources" >&2
"$CC" -std=c11 -g -O1 -fno-omit-frame-pointer \
  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
  -I"$ROOT/include" -I"$ROOT/src" \
  "${srcs[@]}" "$DIR/$target.c" -lm -o "$OUT/$target"
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi

# ---- fuzz ------------------------------------------------------------------
secs=${1:-60}
[ $# -gt 0 ] && shift
jobs=()
if [ -n "${FUZZ_JOBS:-}" ]; then
  jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# The first corpus dir receives new inputs; the seed dirs are only read.
exec "$OUT/$target" \
  -max_total_time="$secs" \
  -dict="$DIR/mlir.dict" \
  -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
  -artifact_prefix="$OUT/artifacts/" \
  -print_final_stats=1 \
  "${jobs[@]}" "$@" \
  "$OUT/corpus" "$DIR/corpus" "$ROOT/tests/malformed"
