#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_parse.c: parser and printer;
# tests/fuzz/fuzz_pass.c: parse, run a pass, print, parse again) with
# libFuzzer + ASan + UBSan and fuzzes one of them for a while.
#
#   tests/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]   # default 60 s
#   tests/fuzz/run.sh --check-toolchain   # only check that clang+libFuzzer link
#   tests/fuzz/run.sh --build-only        # only build build/fuzz/fuzz_*
#
# FUZZ_TARGET picks the target: fuzz_parse (default) or fuzz_pass.
# Seeds: tests/fuzz/corpus (valid and invalid snippets), tests/malformed and
# tests/lit; fuzz_pass reads them with a pass-selecting first byte added
# (build/fuzz/pass_seeds), and also the conformance inputs of
# FUZZ_EXTRA_SEEDS (default ../shared/conformance) when that exists.
# New interesting inputs go to build/fuzz/corpus[_pass]; crashes, leaks and
# round-trip failures to build/fuzz/artifacts[_pass]/ (re-run one with
# `build/fuzz/fuzz_parse build/fuzz/artifacts/crash-...`).
# Environment: CC (default clang), FUZZ_JOBS (parallel fuzzing processes),
# FUZZ_BUILD_JOBS (parallel compiles, default nproc), FUZZ_BUILD_TARGETS
# (the targets to link, default all), FUZZ_NO_BUILD=1 (no build: fuzz what
# is built), FUZZ_REUSE_SEEDS=1 (fuzz_bytecode keeps
# the seeds an earlier run wrote). tests/fuzz/campaign.sh fuzzes every
# target in turn.
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
shopt -s globstar nullglob
srcs=("$ROOT"/src/**/*.c)
# FUZZ_TARGET picks the target: fuzz_parse (default), fuzz_pass,
# fuzz_report (the sharding report of sharc propagate/explain/show),
# fuzz_pipeline (sharc pipeline) or fuzz_hlo_sharding (GSPMD HloSharding strings).
target=${FUZZ_TARGET:-fuzz_parse}
case "$target" in
fuzz_parse) suffix= ;;
fuzz_pass) suffix=_pass ;;
fuzz_report) suffix=_report ;;
fuzz_pipeline) suffix=_pipeline ;;
fuzz_hlo_sharding) suffix=_hlo_sharding ;;
fuzz_interpret) suffix=_interpret ;;
fuzz_bytecode) suffix=_bytecode ;;
fuzz_verify) suffix=_verify ;;
fuzz_auto) suffix=_auto ;;
*) echo "fuzz/run.sh: FUZZ_TARGET must be fuzz_parse, fuzz_pass, fuzz_report, fuzz_pipeline, fuzz_hlo_sharding, fuzz_interpret, fuzz_bytecode, fuzz_verify or fuzz_auto" >&2; exit 2 ;;
esac
mkdir -p "$OUT/corpus$suffix" "$OUT/artifacts$suffix" "$OUT/obj"
# FUZZ_NO_BUILD=1: fuzz the targets as they are built (tests/fuzz/campaign.sh
# builds once, then fuzzes each target with this)
if [ -z "${FUZZ_NO_BUILD:-}" ]; then
# the library once, as objects shared by the targets
echo "fuzz/run.sh: building the fuzz targets from ${#srcs[@]} library sources" >&2
objs=()
stale=()
for src in "${srcs[@]}"; do
  obj="$OUT/obj/$(echo "${src#"$ROOT"/}" | tr / _).o"
  objs+=("$obj")
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find "$ROOT/src" "$ROOT/include" -name '*.h' -newer "$obj" -print -quit)" ]; then
    stale+=("$src" "$obj")
  fi
done
# FUZZ_BUILD_JOBS sources compile at once (default: one a core)
if [ ${#stale[@]} -gt 0 ]; then
  printf '%s\0' "${stale[@]}" |
    xargs -0 -n 2 -P "${FUZZ_BUILD_JOBS:-$(nproc)}" sh -c \
      '"$0" -std=c11 -g -O1 -fno-omit-frame-pointer \
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
        -I"$1/include" -I"$1/src" -c "$2" -o "$3"' "$CC" "$ROOT"
fi
# FUZZ_BUILD_TARGETS (a space-separated list) links only those targets
for t in ${FUZZ_BUILD_TARGETS:-fuzz_parse fuzz_pass fuzz_report fuzz_pipeline fuzz_hlo_sharding fuzz_interpret fuzz_bytecode fuzz_verify fuzz_auto}; do
  "$CC" -std=c11 -g -O1 -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -I"$ROOT/include" -I"$ROOT/src" \
    "${objs[@]}" "$DIR/$t.c" -lm -lpthread -o "$OUT/$t"
done
fi
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi

seeds=("$DIR/corpus" "$ROOT/tests/malformed")
if [ "$target" = fuzz_pass ]; then
  # every seed piece, behind a `//!pass` header naming the first pass of its
  # file's RUN lines that the build has (else a first byte picking one)
  rm -rf "$OUT/pass_seeds"
  mkdir -p "$OUT/pass_seeds"
  extra=${FUZZ_EXTRA_SEEDS:-$ROOT/../shared/conformance}
  python3 "$DIR/split_seeds.py" pass "$OUT/pass_seeds" "$DIR/corpus" "$ROOT/tests/lit" "$extra"
  seeds=("$OUT/pass_seeds")
fi
if [ "$target" = fuzz_auto ]; then
  # every piece of the auto lit tests and of the sharc malformed cases,
  # headed with the mesh of the file's first `--mesh` RUN flag
  rm -rf "$OUT/auto_seeds"
  mkdir -p "$OUT/auto_seeds"
  python3 "$DIR/split_seeds.py" mesh "$OUT/auto_seeds" "$ROOT/tests/lit/auto" "$ROOT/tests/lit/sharc" \
    "$ROOT/tests/malformed/sharc"
  seeds+=("$OUT/auto_seeds")
fi
if [ "$target" = fuzz_hlo_sharding ]; then
  seeds=("$DIR/corpus_hlo_sharding")
fi
if [ "$target" = fuzz_verify ]; then
  seeds=("$DIR/corpus_verify")
fi

if [ "$target" = fuzz_interpret ]; then
  # every piece of the interpreter's lit tests and, when present, of
  # StableHLO's interpreter tests (FUZZ_EXTRA_SEEDS)
  rm -rf "$OUT/interpret_seeds"
  mkdir -p "$OUT/interpret_seeds"
  extra=${FUZZ_EXTRA_SEEDS:-$ROOT/../shared/conformance}/stablehlo_interpret
  python3 "$DIR/split_seeds.py" none "$OUT/interpret_seeds" "$ROOT/tests/lit/interpret" \
    "$ROOT/tests/malformed/interpret" "$DIR/corpus_interpret" "$extra"
  seeds=("$OUT/interpret_seeds")
fi
if [ "$target" = fuzz_bytecode ] && [ -n "${FUZZ_REUSE_SEEDS:-}" ] &&
   [ -n "$(ls -A "$OUT/bytecode_seeds" 2>/dev/null)" ]; then
  # FUZZ_REUSE_SEEDS=1: the bytecode seeds of an earlier run (writing them
  # starts a tool a file, minutes on a loaded machine)
  seeds=("$OUT/bytecode_seeds")
elif [ "$target" = fuzz_bytecode ]; then
  # the text seeds written as bytecode by a built tool
  rm -rf "$OUT/bytecode_seeds"
  mkdir -p "$OUT/bytecode_seeds"
  tool=$ROOT/build/bin/mpmd_opt
  [ -x "$tool" ] || tool=$ROOT/build-asan/bin/mpmd_opt
  n=0
  for f in "$DIR"/corpus/*.mlir "$ROOT"/tests/lit/**/*.mlir "$ROOT"/tests/malformed/bytecode/stablehlo_seed.mlir; do
    if "$tool" --allow-unregistered-dialect -emit-bytecode "$f" -o "$OUT/bytecode_seeds/s$n" \
        2>/dev/null; then
      n=$((n + 1))
    fi
  done
  rm -f "$OUT/bytecode_seeds/s$n"
  # StableHLO portable artifacts (VHLO bytecode) of several bytecode versions
  translate=$(dirname "$tool")/stablehlo-translate
  for f in "$DIR"/corpus/*.mlir "$ROOT"/tests/lit/vhlo/*.mlir; do
    for version in current 1.0.0 0.14.0 0.9.0; do
      if "$translate" --serialize --target=$version "$f" >"$OUT/bytecode_seeds/s$n" 2>/dev/null; then
        n=$((n + 1))
      fi
    done
  done
  rm -f "$OUT/bytecode_seeds/s$n"
  echo "fuzz/run.sh: $n bytecode seeds" >&2
  seeds=("$OUT/bytecode_seeds")
fi

case "$target" in
fuzz_pass | fuzz_report | fuzz_pipeline | fuzz_bytecode | fuzz_auto)
  # what earlier campaigns found that added coverage (merged with -merge=1)
  if [ -d "$DIR/corpus$suffix" ]; then seeds+=("$DIR/corpus$suffix"); fi ;;
esac

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
  -artifact_prefix="$OUT/artifacts$suffix/" \
  -print_final_stats=1 \
  "${jobs[@]}" "$@" \
  "$OUT/corpus$suffix" "${seeds[@]}"
