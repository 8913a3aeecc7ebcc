#!/usr/bin/env bash
# Runs every test suite against a (sanitizer) build: unit tests, lit tests,
# malformed inputs, the adversarial generator at small sizes, the
# differential check against mlir-opt-22 and the conformance ratchet. Prints
# one "N passed, N failed" line at the end.
set -uo pipefail
build=${1:-build-asan}
shared=${2:-../shared}
llvm=/usr/lib/llvm-22/bin
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
passed=0
failed=0
run_suite() {
  local name=$1
  shift
  echo "== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "!! $name failed"; fi
}
run_suite unit bash -c "cd '$build' && ctest --output-on-failure"
run_suite exports tests/check_exports.sh "$build/lib/libsharc.so"
run_suite python tests/python/run.sh "$build" "$shared"
run_suite layers tests/check_layers.sh
# the libFuzzer targets still compile and link with clang (no libFuzzer, a
# stand-in main): the library is built with GCC everywhere else
run_suite fuzz_link tests/fuzz/link_check.sh "$build/fuzz-link"
run_suite lit "$llvm/lit" -sv --param "sharc_bin=$(cd "$build/bin" && pwd)" tests/lit
# every suite is a ratchet: a case that passed before (a listed one, where a
# suite has a baseline list) fails the suite when it fails
run_suite malformed env BASELINE=tests/malformed/baseline.txt tests/malformed/run.sh "$build/bin/sdy_opt"
run_suite stress python3 tests/stress/stress.py --tool "$build/bin/sdy_opt"
run_suite differential env BASELINE=tests/differential/baseline.txt tests/differential/run.sh "$build/bin/sdy_opt"
run_suite differential_dominance env COUNT=150 tests/differential/dominance.sh "$build/bin/sdy_opt"
# the flag-focused inputs only (flags_cases/, every check listed): the whole
# corpus (cases/ and generated modules, ~2,600 checks) takes ~6 min, mostly
# mlir-opt-22's; run it by hand after a printer change
run_suite differential_flags python3 tests/differential/flags.py "$build/bin/sdy_opt" \
  --filter /flags_cases/ --ngen 0 --baseline tests/differential/baseline_flags.txt
# the command line's value parsers and messages (~440 command lines)
run_suite differential_cli python3 tests/differential/cli.py "$build/bin/sdy_opt"
# the parser's diagnostics on ~460 seeded mutations of the differential
# inputs (mlir-opt-22's time, mostly: ~1.5 min of CPU); every listed case
run_suite differential_diag python3 tests/differential/diag.py "$build/bin/sdy_opt" \
  --per-input 5 --ngen 4 --baseline tests/differential/baseline_diag.txt
run_suite malformed_sharc tests/malformed/sharc/run.sh "$build/bin/sharc"
run_suite auto python3 tests/auto/check_auto.py "${SHARC_RELEASE_BUILD:-$build}/bin"
# sharc verify on a fixed sample of generated sharded programs (the Release
# sharc when there is one: a few seconds instead of a minute)
run_suite verify_sample tests/verify/run_sample.sh "${SHARC_RELEASE_BUILD:-$build}/bin/sharc" "$shared"
run_suite verify_partitioner tests/partitioner/run_verify_sample.sh "${SHARC_RELEASE_BUILD:-$build}/bin/sharc"
run_suite malformed_vhlo env CASES_DIR=tests/malformed/vhlo tests/malformed/run.sh "$build/bin/stablehlo-opt"
run_suite malformed_interpret tests/malformed/interpret/run.sh "$build/bin/stablehlo-translate"
run_suite malformed_bytecode tests/malformed/bytecode/run.sh "$build/bin/sdy_opt"
run_suite malformed_vhlo_bytecode env VHLO_TARGET=current tests/malformed/bytecode/run.sh "$build/bin/stablehlo-translate"
run_suite malformed_stablehlo_bytecode env SEED=stablehlo_seed.mlir TRUNC_STEP=5 FLIPS=150 \
  tests/malformed/bytecode/run.sh "$build/bin/stablehlo-opt"
run_suite differential_bytecode env BASELINE=tests/differential/baseline_bytecode.txt \
  tests/differential/bytecode.sh "$build/bin/sdy_opt"
run_suite mpmd_fixpoint python3 tests/mpmd/fixpoint.py "$build/bin/mpmd_opt" "$shared"
run_suite mpmd_generated python3 tests/mpmd/gen_programs.py "$build/bin/mpmd_opt" --count 2 --seed 7
run_suite stablehlo_roundtrip python3 tests/stablehlo/roundtrip.py --tool "$build/bin/mpmd_opt" \
  --corpus "$shared/conformance" --whole-baseline tests/stablehlo/roundtrip_whole.txt
run_suite partitioner_programs python3 tests/partitioner/gen_partition.py --tools "$build/bin" \
  --seeds 40 --quick --baseline tests/partitioner/baseline.txt
run_suite partitioner_programs_gen2 python3 tests/partitioner/gen_partition.py --tools "$build/bin" \
  --first 240 --seeds 40 --quick --baseline tests/partitioner/baseline.txt
if [ -f "$shared/conformance/run.py" ]; then
  run_suite conformance python3 "$shared/conformance/run.py" --tool-dir "$build/bin" \
    --baseline tests/conformance/baseline.txt --quiet
  run_suite conformance_stablehlo python3 "$shared/conformance/run.py" --tool-dir "$build/bin" \
    --corpus stablehlo --baseline tests/conformance/baseline_stablehlo.txt --quiet
  run_suite conformance_stablehlo_interpret python3 "$shared/conformance/run.py" --tool-dir "$build/bin" \
    --corpus stablehlo_interpret --baseline tests/conformance/baseline_stablehlo_interpret.txt --quiet
  # JAX's 800 exported programs take ~15 min under ASan on this machine: they
  # run on the Release tree (`make test` builds it too)
  run_suite conformance_stablehlo_testdata python3 "$shared/conformance/run.py" \
    --tool-dir "${SHARC_RELEASE_BUILD:-build}/bin" \
    --corpus stablehlo_testdata --baseline tests/conformance/baseline_stablehlo_testdata.txt --quiet
  run_suite conformance_stablehlo_vhlo python3 "$shared/conformance/run.py" --tool-dir "$build/bin" \
    --corpus stablehlo_vhlo --baseline tests/conformance/baseline_stablehlo_vhlo.txt --quiet
  run_suite conformance_stablehlo_serialize python3 "$shared/conformance/run.py" \
    --tool-dir "${SHARC_RELEASE_BUILD:-build}/bin" \
    --corpus stablehlo_testdata --filter serialize/ \
    --baseline tests/conformance/baseline_stablehlo_serialize.txt --quiet
  run_suite conformance_xla_shardy python3 "$shared/conformance/run.py" --tool-dir "$build/bin" \
    --corpus xla_shardy --baseline tests/conformance/baseline_xla_shardy.txt --quiet
else
  echo "!! $shared/conformance/run.py not found"; failed=$((failed + 1))
fi
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
