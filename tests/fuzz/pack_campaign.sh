#!/usr/bin/env bash
# Packs the built fuzz targets and every target's seeds into one folder for
# parallel_campaign.sh on another machine (one without a compiler, reached by
# copying a folder of limited size).
#
#   tests/fuzz/pack_campaign.sh PACKDIR
#
# Run after `tests/fuzz/run.sh --build-only` (its library objects
# build/fuzz/obj are linked here) and after a run.sh fuzzing of fuzz_bytecode
# (its seeds need built tools; the other targets' seed folders
# build/fuzz/*_seeds are written here when missing). PACKDIR gets fuzz_all
# (every target in one binary, all_targets.c, stripped: nine static links of
# the instrumented library would take 150 MiB), seeds.tar.gz (seeds/TARGET/
# for each target: the seeds run.sh gives it plus what earlier runs found in
# build/fuzz/corpus*), mlir.dict and parallel_campaign.sh. The unstripped
# build/fuzz/fuzz_all symbolizes the offsets of the finds' stack traces
# (llvm-symbolizer --obj=build/fuzz/fuzz_all OFFSET); a find replays with
# `FUZZ_TARGET=TARGET build/fuzz/fuzz_all FILE` or build/fuzz/TARGET FILE.
set -euo pipefail

DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
B="$ROOT/build/fuzz"
[ $# -eq 1 ] || { echo "usage: pack_campaign.sh PACKDIR" >&2; exit 2; }
mkdir -p "$1"
PACK=$(cd "$1" && pwd)
TARGETS="fuzz_parse fuzz_pass fuzz_report fuzz_pipeline fuzz_hlo_sharding fuzz_interpret fuzz_bytecode fuzz_verify fuzz_auto"
stage=$(mktemp -d "${TMPDIR:-/tmp}/sharc-fuzzpack.XXXXXX")
trap 'rm -rf "$stage"' EXIT

# the seeds run.sh writes at fuzzing time, when missing
extra=${FUZZ_EXTRA_SEEDS:-$ROOT/../shared/conformance}
if [ ! -d "$B/pass_seeds" ]; then
  mkdir -p "$B/pass_seeds"
  python3 "$DIR/split_seeds.py" pass "$B/pass_seeds" "$DIR/corpus" "$ROOT/tests/lit" "$extra"
fi
if [ ! -d "$B/auto_seeds" ]; then
  mkdir -p "$B/auto_seeds"
  python3 "$DIR/split_seeds.py" mesh "$B/auto_seeds" "$ROOT/tests/lit/auto" "$ROOT/tests/lit/sharc" \
    "$ROOT/tests/malformed/sharc"
fi
if [ ! -d "$B/interpret_seeds" ]; then
  mkdir -p "$B/interpret_seeds"
  python3 "$DIR/split_seeds.py" none "$B/interpret_seeds" "$ROOT/tests/lit/interpret" \
    "$ROOT/tests/malformed/interpret" "$DIR/corpus_interpret" "$extra/stablehlo_interpret"
fi

# The seed folders of target $1, as run.sh gives them, and the corpus that
# earlier runs of it grew.
seed_dirs() {
  case "$1" in
  fuzz_pass) echo "$B/pass_seeds" ;;
  fuzz_hlo_sharding) echo "$DIR/corpus_hlo_sharding" ;;
  fuzz_verify) echo "$DIR/corpus_verify" ;;
  fuzz_interpret) echo "$B/interpret_seeds" ;;
  fuzz_bytecode) echo "$B/bytecode_seeds" ;;
  fuzz_auto) echo "$DIR/corpus $ROOT/tests/malformed $B/auto_seeds" ;;
  *) echo "$DIR/corpus $ROOT/tests/malformed" ;;
  esac
  case "$1" in
  fuzz_parse) echo "$B/corpus" ;;
  *) echo "$B/corpus_${1#fuzz_}" ;;
  esac
}

# every target in one binary: each LLVMFuzzerTestOneInput renamed
CC=${CC:-clang}
flags=(-std=c11 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
  -fno-sanitize-recover=all -I"$ROOT/include" -I"$ROOT/src")
shopt -s globstar nullglob
objs=()
for src in "$ROOT"/src/**/*.c; do
  objs+=("$B/obj/$(echo "${src#"$ROOT"/}" | tr / _).o")
done
mkdir -p "$B/all_targets"
for t in $TARGETS; do
  "$CC" "${flags[@]}" -fsanitize=fuzzer-no-link \
    -DLLVMFuzzerTestOneInput="sharc_${t}_one" -c "$DIR/$t.c" -o "$B/all_targets/$t.o"
done
"$CC" "${flags[@]}" -fsanitize=fuzzer "$DIR/all_targets.c" "$B"/all_targets/*.o "${objs[@]}" \
  -lm -lpthread -o "$B/fuzz_all"
strip -o "$PACK/fuzz_all" "$B/fuzz_all"

for t in $TARGETS; do
  mkdir -p "$stage/seeds/$t"
  n=0
  for d in $(seed_dirs "$t"); do
    [ -d "$d" ] || continue
    # flat, one name a file (libFuzzer reads folders recursively anyway)
    while IFS= read -r -d '' f; do
      cp "$f" "$stage/seeds/$t/s$n"
      n=$((n + 1))
    done < <(find "$d" -type f -size -64k -print0)
  done
  echo "pack_campaign: $t: $n seeds" >&2
done
rm -f "$PACK/seeds.tar.gz"
tar czf "$PACK/seeds.tar.gz" -C "$stage" seeds
cp "$DIR/mlir.dict" "$DIR/parallel_campaign.sh" "$PACK/"
du -sh "$PACK"/* >&2
