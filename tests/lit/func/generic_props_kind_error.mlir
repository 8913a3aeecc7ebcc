// RUN: not sdy_opt %s 2>&1 | FileCheck %s
// An inherent attribute of the wrong kind in a generic op's `{...}`, with no
// `<{...}>`: MLIR rejects it as it reads the op (verifyInherentAttrs), so
// the error has no "see current operation" note, which the verifier's has.
// (Output is mlir-opt-22's.)

func.func private @g(i32) -> i32
func.func @f(%a: i32) -> i32 {
  // CHECK: error: 'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute
  // CHECK-NOT: note:
  %0 = "func.call"(%a) {callee = "wrong"} : (i32) -> i32
  return %0 : i32
}
