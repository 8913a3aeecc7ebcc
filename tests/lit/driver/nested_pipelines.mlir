// Nested pass managers run on the ops directly inside their parent's
// regions (mlir-opt-22's behaviour): a manual_computation inside a function
// needs func.func(sdy.manual_computation(...)).
// RUN: sdy_opt %s -pass-pipeline='builtin.module(func.func(sdy.manual_computation(canonicalize)))' -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=INNER
// RUN: sdy_opt %s -pass-pipeline='builtin.module(sdy.manual_computation(canonicalize))' -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOP --allow-empty
// Adjacent nested pass managers merge: ops in order, each through its own.
// RUN: sdy_opt %s -pass-pipeline='builtin.module(func.func(canonicalize), builtin.module(canonicalize), func.func(canonicalize))' -mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=MERGED
// RUN: sdy_opt %s -pass-pipeline='builtin.module(func.func(canonicalize), builtin.module(canonicalize))' -mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING

// INNER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// INNER-NEXT: sdy.manual_computation(
// INNER-NOT: IR Dump

// TOP-NOT: IR Dump

// MERGED: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MERGED-NEXT: func.func @f(
// MERGED: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MERGED-NEXT: func.func @f(
// MERGED: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MERGED-NEXT: module @inner {
// MERGED: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MERGED-NEXT: func.func @g(
// MERGED: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// MERGED-NEXT: func.func @g(
// MERGED-NOT: IR Dump

// TIMING: Parser
// TIMING-NEXT: Pipeline Collection : ['builtin.module', 'func.func']
// TIMING-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)    }}'func.func' Pipeline
// TIMING-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)      }}Canonicalizer
// TIMING-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)    }}'builtin.module' Pipeline
// TIMING-NEXT: {{^ +[0-9.]+ \( *[0-9.]+%\)      }}Canonicalizer
// TIMING-NEXT: Output

sdy.mesh @mesh = <["a"=2]>
func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
module @inner {
}
func.func @g() {
  return
}
