#!/usr/bin/env bash
# Fuzzes every libFuzzer target at once on a machine with many cores, for a
# fixed time, and packs what it found into a few files: made for a borrowed
# machine that has no compiler and gives back only a handful of files.
# (tests/fuzz/campaign.sh fuzzes the targets one after the other instead.)
#
#   parallel_campaign.sh PACK SECONDS CORES OUTDIR
#
# PACK holds the built targets (PACK/fuzz_* or PACK/bin/fuzz_*, or a
# PACK/*.tar.xz / *.tar.gz holding them, unpacked into OUTDIR/pack first),
# their seeds (PACK/seeds/TARGET/: any files, read only) and, when present,
# the dictionary PACK/mlir.dict. A target found nowhere is skipped; one
# PACK/fuzz_all serves every target that has no binary of its own (it picks
# the target from FUZZ_TARGET).
# The CORES are shared by weight: the targets that had little fuzzing
# (fuzz_auto, fuzz_pass, fuzz_pipeline, fuzz_report, fuzz_bytecode) get two
# shares, the others one, every target at least one process; each runs in
# libFuzzer's fork mode (-fork=JOBS) so a crash, timeout or out-of-memory is
# recorded and the fuzzing goes on.
# Everything goes under OUTDIR: logs/TARGET.log, artifacts/TARGET/ (finds),
# corpus/TARGET/ (the new inputs only, to merge into the seeds with
# -merge=1), summary.txt (target, jobs, seconds, executions, new corpus
# entries, finds), and the tarballs artifacts.tar.gz (finds and the summary),
# corpus.tar.gz (new inputs) and logs.tar.gz. The script returns within
# SECONDS + 30 s whatever the targets do: each runs in its own process group,
# which is interrupted 5 s after its time (at most SECONDS + 15 s after the
# start) and killed 10 s later.
set -uo pipefail
set +m  # background jobs stay in our process group, so setsid needs no fork

if [ $# -ne 4 ] || ! [[ "$2" =~ ^[0-9]+$ ]] || ! [[ "$3" =~ ^[0-9]+$ ]] || [ "$3" -lt 1 ]; then
  echo "usage: parallel_campaign.sh PACK SECONDS CORES OUTDIR" >&2
  exit 2
fi
PACK=$(cd "$1" && pwd) || exit 2
SECS=$2
CORES=$3
mkdir -p "$4" || exit 2
OUT=$(cd "$4" && pwd)
START=$(date +%s)
HEAVY="fuzz_auto fuzz_pass fuzz_pipeline fuzz_report fuzz_bytecode"
LIGHT="fuzz_parse fuzz_verify fuzz_interpret fuzz_hlo_sharding"

log() { echo "parallel_campaign: $*" >&2; }

# ---- the binaries ------------------------------------------------------------
# Archives are unpacked once into OUTDIR/pack (python3's tarfile when tar
# cannot read xz).
unpack_archives() {
  local a
  for a in "$PACK"/*.tar.xz "$PACK"/*.tar.gz; do
    [ -f "$a" ] || continue
    mkdir -p "$OUT/pack"
    log "unpacking $(basename "$a")"
    tar xf "$a" -C "$OUT/pack" 2>/dev/null ||
      python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
        "$a" "$OUT/pack" || log "cannot unpack $a"
  done
}

# The binary that fuzzes target $1, or nothing.
binary_of() {
  local d
  for d in "$OUT/pack" "$OUT/pack/bin" "$PACK" "$PACK/bin"; do
    if [ -x "$d/$1" ]; then echo "$d/$1"; return; fi
  done
  for d in "$OUT/pack" "$OUT/pack/bin" "$PACK" "$PACK/bin"; do
    if [ -x "$d/fuzz_all" ]; then echo "$d/fuzz_all"; return; fi
  done
}

# The seed folders of target $1 (from the pack or its unpacked archive).
seeds_of() {
  local d
  for d in "$PACK/seeds/$1" "$OUT/pack/seeds/$1"; do
    [ -d "$d" ] && echo "$d"
  done
}

# ---- the share of cores --------------------------------------------------------
declare -A JOBS
plan_jobs() {
  local targets=("$@") t total=0 given=0 w
  for t in "${targets[@]}"; do
    case " $HEAVY " in *" $t "*) w=2 ;; *) w=1 ;; esac
    total=$((total + w))
  done
  for t in "${targets[@]}"; do
    case " $HEAVY " in *" $t "*) w=2 ;; *) w=1 ;; esac
    JOBS[$t]=$((CORES * w / total))
    [ "${JOBS[$t]}" -ge 1 ] || JOBS[$t]=1
    given=$((given + JOBS[$t]))
  done
  # the cores left over go to the heavy targets, in their order
  while [ "$given" -lt "$CORES" ]; do
    local before=$given
    for t in $HEAVY $LIGHT; do
      [ -n "${JOBS[$t]:-}" ] || continue
      [ "$given" -lt "$CORES" ] || break
      JOBS[$t]=$((JOBS[$t] + 1))
      given=$((given + 1))
    done
    [ "$given" -gt "$before" ] || break
  done
}

# ---- LeakSanitizer where it cannot stop the world ------------------------------
# Under some sandboxes (gVisor) LeakSanitizer's tracer fails; every input
# would then read as a leak, so leaks are switched off there and the summary
# says so.
leak_checks_work() {
  local bin=$1 t=$2 probe="$OUT/tmp/probe"
  mkdir -p "$probe"
  printf 'module {}\n' >"$probe/in"
  FUZZ_TARGET=$t ASAN_OPTIONS=detect_leaks=1 timeout 60 "$bin" -detect_leaks=1 -runs=20 \
    "$probe/in" >"$probe/log" 2>&1
  ! grep -q "LeakSanitizer has encountered a fatal error\|Tracer caught signal\|StopTheWorld" "$probe/log"
}

# ---- run -------------------------------------------------------------------------
unpack_archives
targets=()
for t in $HEAVY $LIGHT; do
  if [ -n "$(binary_of "$t")" ]; then targets+=("$t"); else log "no binary for $t: skipped"; fi
done
if [ ${#targets[@]} -eq 0 ]; then
  log "no fuzz target found in $PACK"
  exit 2
fi
plan_jobs "${targets[@]}"
mkdir -p "$OUT/logs" "$OUT/tmp"
leaks=1
if ! leak_checks_work "$(binary_of "${targets[0]}")" "${targets[0]}"; then
  leaks=0
  log "LeakSanitizer does not work here: leak detection off"
fi
dict=()
[ -f "$PACK/mlir.dict" ] && dict=(-dict="$PACK/mlir.dict")
# the time already spent unpacking comes off the fuzzing time, and 15 s are
# left for fork mode's wrap-up (it stops its jobs and merges what they found)
left=$((SECS - ($(date +%s) - START) - 15))
[ "$left" -ge 10 ] || left=10

declare -A PGID T0
for t in "${targets[@]}"; do
  mkdir -p "$OUT/corpus/$t" "$OUT/artifacts/$t" "$OUT/tmp/$t"
  mapfile -t seeds < <(seeds_of "$t")
  T0[$t]=$(date +%s)
  # setsid: a process group of its own, so the stragglers of this target
  # (fork mode's children) can be ended together and no one else's
  TMPDIR="$OUT/tmp/$t" FUZZ_TARGET="$t" \
    ASAN_OPTIONS="detect_leaks=$leaks:abort_on_error=1:symbolize=1:malloc_context_size=20" \
    UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
    setsid "$(binary_of "$t")" \
      -fork="${JOBS[$t]}" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
      -max_total_time="$left" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
      -detect_leaks=$leaks "${dict[@]}" -print_final_stats=1 \
      -artifact_prefix="$OUT/artifacts/$t/" \
      "$OUT/corpus/$t" "${seeds[@]}" >"$OUT/logs/$t.log" 2>&1 </dev/null &
  PGID[$t]=$!
  log "$t: ${JOBS[$t]} jobs, ${#seeds[@]} seed folders, $left s"
done

# Waits until every target ended or the deadline passed; returns 0 when all ended.
wait_until() {
  local deadline=$1 t alive
  while [ "$(date +%s)" -lt "$deadline" ]; do
    alive=0
    for t in "${targets[@]}"; do
      kill -0 "${PGID[$t]}" 2>/dev/null && alive=1
    done
    [ "$alive" = 1 ] || return 0
    sleep 1
  done
  return 1
}

# interrupted 5 s after their time (at most SECONDS + 15 s after the start:
# a slow unpacking on a loaded machine shortens the fuzzing, not the promise)
stop=$(($(date +%s) + left + 5))
[ "$stop" -le $((START + SECS + 15)) ] || stop=$((START + SECS + 15))
if ! wait_until "$stop"; then
  for t in "${targets[@]}"; do kill -INT -- "-${PGID[$t]}" 2>/dev/null; done
  if ! wait_until $((stop + 10)); then
    for t in "${targets[@]}"; do kill -KILL -- "-${PGID[$t]}" 2>/dev/null; done
  fi
fi
# the group leaders are our children: reap them
for t in "${targets[@]}"; do
  wait "${PGID[$t]}" 2>/dev/null
  # fork mode's stragglers of a leader that ended by itself
  kill -KILL -- "-${PGID[$t]}" 2>/dev/null
done
now=$(date +%s)

# ---- summary and tarballs --------------------------------------------------------
summary="$OUT/summary.txt"
{
  printf '%-18s %5s %8s %12s %8s %6s  %s\n' target jobs seconds executions "new-corp" finds "find files"
  for t in "${targets[@]}"; do
    # fork mode's "#N: cov: ..." lines; the last holds the total
    execs=$(grep -aEo '^#[0-9]+' "$OUT/logs/$t.log" | tail -n 1 | tr -d '#')
    newc=$(find "$OUT/corpus/$t" -type f | wc -l)
    finds=$(find "$OUT/artifacts/$t" -type f | wc -l)
    names=$(cd "$OUT/artifacts/$t" && ls | head -n 20 | tr '\n' ' ')
    printf '%-18s %5s %8s %12s %8s %6s  %s\n' "$t" "${JOBS[$t]}" $((now - T0[$t])) \
      "${execs:-?}" "$newc" "$finds" "$names"
  done
  echo "cores: $CORES, seconds: $SECS, leak detection: $leaks, wall: $((now - START)) s"
} >"$summary"
cat "$summary"
cp "$summary" "$OUT/artifacts/summary.txt"
# a log that a crash repeated in fork mode swelled keeps its first and last
# 2 MiB (what comes back from such a machine is limited)
for f in "$OUT"/logs/*.log; do
  if [ "$(stat -c %s "$f")" -gt $((4 << 20)) ]; then
    { head -c $((2 << 20)) "$f"; printf '\n[... cut by parallel_campaign.sh ...]\n'; tail -c $((2 << 20)) "$f"; } >"$f.cut"
    mv "$f.cut" "$f"
  fi
done
tar czf "$OUT/artifacts.tar.gz" -C "$OUT" artifacts
tar czf "$OUT/corpus.tar.gz" -C "$OUT" corpus
tar czf "$OUT/logs.tar.gz" -C "$OUT" logs
# a tarball over 15 MiB comes back in parts (cat NAME.part* | tar xz)
for f in "$OUT"/*.tar.gz; do
  if [ "$(stat -c %s "$f")" -gt $((15 << 20)) ]; then
    split -b 15M -d "$f" "$f.part" && rm -f "$f"
  fi
done
rm -rf "$OUT/tmp"
log "done in $(($(date +%s) - START)) s: $OUT/{summary.txt,artifacts.tar.gz,corpus.tar.gz,logs.tar.gz}"
