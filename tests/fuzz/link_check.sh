#!/usr/bin/env bash
# The cheapest check that the libFuzzer targets still build: every library
# source compiled by clang (unoptimized, no sanitizers, no libFuzzer) and
# every tests/fuzz/fuzz_*.c target linked against it with a stand-in main
# (standalone_main.c) and run once on an empty input. The library is built
# with GCC everywhere else, so without this a source that only clang rejects
# (glibc leaves CMPLX undefined for clang 14: an implicit function, an
# undefined symbol at link time) went unseen until someone fuzzed.
#
#   tests/fuzz/link_check.sh [OUTDIR]    # default build/fuzz-link
#
# Objects are kept in OUTDIR/obj and rebuilt when their source or any header
# is newer; CC (default clang) and JOBS (default nproc) as usual.
set -euo pipefail
DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
OUT=${1:-$ROOT/build/fuzz-link}
CC=${CC:-clang}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
if ! command -v "$CC" >/dev/null 2>&1; then
  echo "link_check: $CC not found (Debian: apt-get install -y clang; make deps installs it)" >&2
  exit 2
fi
mkdir -p "$OUT/obj" "$OUT/bin"
# clang's defaults turn an undeclared function into a warning; here it is the
# error the link would report later, with the source line
flags=(-std=c11 -O0 -Wno-everything -Werror=implicit-function-declaration -Werror=implicit-int
  -I"$ROOT/include" -I"$ROOT/src")
newest_header=$(find "$ROOT/src" "$ROOT/include" -name '*.h' -printf '%T@\n' | sort -n | tail -n 1)
shopt -s globstar nullglob
objs=()
pairs=()
for src in "$ROOT"/src/**/*.c; do
  rel=${src#"$ROOT"/}
  obj="$OUT/obj/${rel//\//_}.o"
  objs+=("$obj")
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$(stat -c %Y "$obj")" -lt "${newest_header%.*}" ]; then
    pairs+=("$src" "$obj")
  fi
done
# one compile a source, JOBS at a time (the flags travel as a string: the
# paths in them are the repository's, without blanks)
if [ ${#pairs[@]} -gt 0 ]; then
  export CC FLAGS="${flags[*]}"
  printf '%s\0' "${pairs[@]}" |
    xargs -0 -n 2 -P "$JOBS" bash -c 'read -r -a f <<<"$FLAGS"; exec "$CC" "${f[@]}" -c "$1" -o "$2"' _ ||
    { echo "link_check: clang does not compile the library (above)" >&2; exit 1; }
fi
failed=0
for t in "$DIR"/fuzz_*.c; do
  name=$(basename "$t" .c)
  if ! "$CC" "${flags[@]}" "$t" "$DIR/standalone_main.c" "${objs[@]}" -lm -lpthread -o "$OUT/bin/$name"; then
    echo "FAIL $name: does not link" >&2
    failed=$((failed + 1))
  elif ! "$OUT/bin/$name" >/dev/null 2>&1; then
    echo "FAIL $name: exits non-zero on an empty input" >&2
    failed=$((failed + 1))
  fi
done
echo "link_check: ${#objs[@]} sources ($((${#pairs[@]} / 2)) compiled), $(ls "$DIR"/fuzz_*.c | wc -l) targets, $failed failed"
[ "$failed" -eq 0 ]
