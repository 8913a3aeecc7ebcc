// Both tools list the upstream passes with MLIR 22's summaries and options,
// and parse their options as LLVM does.
// RUN: sdy_opt --help | FileCheck %s
// RUN: mpmd_opt --help | FileCheck %s
// RUN: not sdy_opt -inline=max-iterations=x %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not sdy_opt -cse=foo %s 2>&1 | FileCheck %s --check-prefix=NOOPT
// CHECK:      --cse - Eliminate common sub-expressions
// CHECK-NEXT: --inline - Inline function calls
// CHECK-NEXT:   --default-pipeline - The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList
// CHECK-NEXT:   --inlining-threshold - If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it
// CHECK-NEXT:   --max-iterations - Maximum number of iterations when inlining within an SCC
// CHECK-NEXT:   --op-pipelines - Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)
// CHECK:      --symbol-dce - Eliminate dead symbols
// BAD: for the --max-iterations option: 'x' value invalid for uint argument!
// NOOPT: no such option foo
func.func @f() {
  return
}
