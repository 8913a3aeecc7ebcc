// Reshard-only fragment calls: every operand and result described (the
// sharding or "Replicated", the shape, the operand's location and the
// result_info of each function result returning it); a user fragment doing
// only that is an internal error; a callee with more than a return, one
// returning something else than its arguments, or a declaration is fine.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-validate-no-reshards
// RUN: not mpmd_opt %s -split-input-file -mpmd-validate-no-reshards 2>&1 | FileCheck %s

!m = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!s = !mpmd.mesh_tensor<"m1", tensor<f32>, sharding=<@mesh, []>>
!x = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>

sdy.mesh @mesh = <["x"=2]>

func.func private @reshard(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> (tensor<4x8xf32>, tensor<f32>, tensor<4x8xf32>) attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0, %arg1, %arg0 : tensor<4x8xf32>, tensor<f32>, tensor<4x8xf32>
}

func.func private @compute(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  %0 = stablehlo.abs %arg0 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

func.func private @declared(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>}

// CHECK: warning: Detected reshard-only fragment 'reshard'. This usually indicates an unexpected reshard. Operands: Replicated <4x8xf32> loc("in"), #sdy.sharding<@mesh, []> <xf32> loc("{{.*}}validate_no_reshards.mlir":[[@LINE+3]]:{{[0-9]+}}). Results: #sdy.sharding<@mesh, [{"x"}, {}]> <4x8xf32> loc("b") loc("a"), #sdy.sharding<@mesh, []> <xf32>, Replicated <4x8xf32>
// CHECK-NOT: warning
func.func @main(%arg0: !m loc("in"),
                %arg1: !s) -> (!x {jax.result_info = "a"}, !x {jax.result_info = "b"}, !s, !m, !m)
    attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %c = mpmd.fragment_call<mesh="m1", origin=[]> @compute(%arg0) : (!m) -> !m
  %d = mpmd.fragment_call<mesh="m1", origin=[]> @declared(%arg0) : (!m) -> !m
  // expected-warning @+1 {{Detected reshard-only fragment 'reshard'.}}
  %0:3 = mpmd.fragment_call<mesh="m1", origin=[]> @reshard(%arg0, %arg1) : (!m, !s) -> (!x, !s, !m)
  func.return %0#0, %0#0, %0#1, %c, %d : !x, !x, !s, !m, !m
}

// -----

!m = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>

func.func private @reshard(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {mesh_shape = #sdy.mesh<["x"=2]>} {
  return %arg0 : tensor<4x8xf32>
}

func.func @user_fragment(%arg0: !m) -> !m attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  // expected-error @+1 {{Internal error: reshard-only fragment 'reshard' is not an inferred fragment}}
  %0 = mpmd.fragment_call<mesh="m1", origin=["f"]> @reshard(%arg0) : (!m) -> !m
  func.return %0 : !m
}
