// -inline leaves MPMD's calls alone: mpmd.call and mpmd.fragment_call
// belong to mpmd, whose inliner interface refuses to inline calls (Shardy
// inlines mpmd.call with a pass of its own).
// RUN: mpmd_opt -inline %s | FileCheck %s

// CHECK-LABEL: func.func private @mpmd_callee
// CHECK-LABEL: func.func @mpmd_caller
// CHECK-NEXT:    mpmd.call @mpmd_callee(%arg0)
func.func private @mpmd_callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @mpmd_caller(%a: tensor<4xf32>) -> tensor<4xf32> {
  %m = mpmd.call @mpmd_callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
