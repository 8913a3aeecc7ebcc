// Reserved memory in bytes rounded up (i1 elements count one eighth of a
// byte each); ops other than fragments, transfers and the return are
// refused, each one reported.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-mark-fragment-reserved-memory | FileCheck %s

!b = !mpmd.mesh_tensor<"m1", tensor<3xi1>>
!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!c = !mpmd.mesh_tensor<"m1", tensor<2xcomplex<f32>>>

// CHECK-LABEL: func.func @fractional_bytes
// CHECK-NEXT: mpmd.fragment{{.*}}reserved_hbm_bytes = 17 : i64
func.func @fractional_bytes(%arg0: !b, %arg1: !t, %arg2: !c) -> (!t, !b, !c) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg1) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  func.return %0, %arg0, %arg2 : !t, !b, !c
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

func.func private @callee(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4xf32>
}

func.func @other_ops(%arg0: !t) -> (!t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-error @+1 {{Expected only TransferOp, FragmentOp, FragmentCallOp and ReturnOp in the function body.}}
  %0 = mpmd.fragment_call<mesh="m1", origin=["f"]> @callee(%arg0) : (!t) -> !t
  // expected-error @+1 {{Expected only TransferOp, FragmentOp, FragmentCallOp and ReturnOp in the function body.}}
  %1 = mpmd.fragment_call<mesh="m1", origin=["g"]> @callee(%0) : (!t) -> !t
  func.return %0, %1 : !t, !t
}
