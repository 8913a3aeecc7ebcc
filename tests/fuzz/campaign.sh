#!/usr/bin/env bash
# A whole libFuzzer campaign in one command: builds every target once
# (tests/fuzz/run.sh --build-only), then fuzzes the targets one after the
# other, each for its time, and ends with a table of time, executions and
# finds per target, so a session with more cores or more time only changes
# the numbers.
#
#   tests/fuzz/campaign.sh [SECONDS] [TARGET[=SECONDS]...]
#
# SECONDS (default 600) is each target's time; with no TARGET every target
# runs, fuzz_auto for three times as long (its every input is a search).
# FUZZ_JOBS=N fuzzes each target with N processes (libFuzzer -fork=N; the
# default 1 keeps one process in fork mode so a crash is recorded and the
# run goes on). Extra libFuzzer flags go in FUZZ_FLAGS; FUZZ_SKIP_BUILD=1
# fuzzes the targets as they are built.
# Logs: build/fuzz/campaign/TARGET.log; finds: build/fuzz/artifacts_*/;
# the table: build/fuzz/campaign/summary.txt.
set -euo pipefail

DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$DIR/../.." && pwd)
OUT="$ROOT/build/fuzz"
LOGS="$OUT/campaign"
ALL="fuzz_auto fuzz_pass fuzz_report fuzz_bytecode fuzz_interpret fuzz_parse fuzz_verify fuzz_pipeline fuzz_hlo_sharding"

secs=600
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
  secs=$1
  shift
fi
plan=("$@")
if [ ${#plan[@]} -eq 0 ]; then
  for t in $ALL; do
    if [ "$t" = fuzz_auto ]; then plan+=("$t=$((secs * 3))"); else plan+=("$t=$secs"); fi
  done
fi

# FUZZ_SKIP_BUILD=1: the targets are already built
[ -n "${FUZZ_SKIP_BUILD:-}" ] || "$DIR/run.sh" --build-only
mkdir -p "$LOGS"
summary="$LOGS/summary.txt"
printf '%-18s %8s %12s %6s %s\n' target seconds executions finds "find files" >"$summary"

# The artifacts directory of a target, as run.sh names it.
artifacts_of() {
  case "$1" in
  fuzz_parse) echo "$OUT/artifacts" ;;
  *) echo "$OUT/artifacts_${1#fuzz_}" ;;
  esac
}

for item in "${plan[@]}"; do
  t=${item%%=*}
  s=$secs
  [ "$item" != "$t" ] && s=${item#*=}
  art=$(artifacts_of "$t")
  mkdir -p "$art"
  before=$(ls "$art" | wc -l)
  echo "campaign: $t for $s s" >&2
  start=$(date +%s)
  # run.sh only fuzzes here (the build above linked every target)
  FUZZ_TARGET=$t FUZZ_NO_BUILD=1 "$DIR/run.sh" "$s" \
    -fork="${FUZZ_JOBS:-1}" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    ${FUZZ_FLAGS:-} >"$LOGS/$t.log" 2>&1 || true
  took=$(($(date +%s) - start))
  # fork mode reports "#N: cov: ..." lines; the last holds the total
  # (a run that never started fuzzing has none: "?", and the table goes on)
  execs=$(grep -Eo '^#[0-9]+' "$LOGS/$t.log" | tail -n 1 | tr -d '#' || true)
  finds=$(($(ls "$art" | wc -l) - before))
  found=$(ls -t "$art" | head -n "$finds" | tr '\n' ' ' || true)
  printf '%-18s %8s %12s %6s %s\n' "$t" "$took" "${execs:-?}" "$finds" "$found" >>"$summary"
done
cat "$summary"
