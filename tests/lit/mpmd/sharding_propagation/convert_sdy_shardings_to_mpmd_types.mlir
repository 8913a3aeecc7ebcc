// -mpmd-convert-sdy-shardings-to-mpmd-types: shardings move from op
// attributes into mesh tensor types, in program order (a consumer's
// in-sharding of a value wins over its producer's out-sharding); other
// sdy.sharding attributes go (send/recv keep theirs); functions that are
// neither MPMD nor SPMD are left alone. Transfers within one sdy mesh that
// reshard are reported, the first only, without failing the pass.

// RUN: mpmd_opt %s -mpmd-convert-sdy-shardings-to-mpmd-types -split-input-file 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --input-file %t.err

!t1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>, <"m2": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func @consumer_in_sharding_wins
// CHECK-SAME: (%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>)
// CHECK-SAME: -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>)
func.func @consumer_in_sharding_wins(%arg0: !t1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (!t1 {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, !t1) attributes {topology = #topology} {
  // CHECK: %[[P:.*]] = mpmd.fragment<mesh="m1", origin=["p"]> (%arg0)
  // CHECK: } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>
  %0 = mpmd.fragment<mesh="m1", origin=["p"], out_shardings=[<@mesh, [{"x"}, {}]>]> (%arg0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (!t1) -> !t1
  // CHECK: mpmd.fragment<mesh="m1", origin=["c"]> (%[[P]])
  // CHECK: } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{}, {"y"}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>
  %1 = mpmd.fragment<mesh="m1", origin=["c"], in_shardings=[<@mesh, [{}, {"y"}]>], out_shardings=[<@mesh, [{"y"}, {}]>]> (%0) (%arg1: tensor<4x8xf32>) {
    %2 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x8xf32>
    mpmd.return %2 : tensor<4x8xf32>
  } : (!t1) -> !t1
  return %0, %1 : !t1, !t1
}

// A transfer's operand takes the sharding of its producer only while the
// producer still holds it: a fragment's out-shardings are gone by then.
// CHECK-LABEL: func @transfer_of_fragment_result
func.func @transfer_of_fragment_result(%arg0: !t1) -> !t2 attributes {topology = #topology} {
  // CHECK: -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
  // CHECK-NEXT: mpmd.transfer %{{.*}} : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
  %0 = mpmd.fragment<mesh="m1", origin=["p"], out_shardings=[<@mesh, [{"x"}, {}]>]> (%arg0) (%arg1: tensor<4x8xf32>) {
    mpmd.return %arg1 : tensor<4x8xf32>
  } : (!t1) -> !t1
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %0 : (!t1) -> !t2
  return %1 : !t2
}

// CHECK-LABEL: func @chained_transfers
func.func @chained_transfers(%arg0: !t1 {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> !t1 attributes {topology = #topology} {
  // CHECK-NEXT: %[[A:.*]] = mpmd.transfer %arg0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>) -> !mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>
  // CHECK-NEXT: mpmd.transfer %[[A]] : (!mpmd.mesh_tensor<"m2", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"y"}, {}]>>
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} %arg0 : (!t1) -> !t2
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} %0 : (!t2) -> !t1
  return %1 : !t1
}

// An SPMD function (a mesh_shape, no topology) is distributed too.
// CHECK-LABEL: func @spmd_function
// CHECK-SAME: (%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>)
// CHECK-NOT: sdy.sharding
func.func @spmd_function(%arg0: !t1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x8xf32>
    attributes {mesh_shape = #sdy.mesh<["x"=2, "y"=2]>} {
  %0 = stablehlo.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} dense<1.0> : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func @not_distributed
// CHECK-SAME: {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK-NEXT: stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
func.func @not_distributed(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x8xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

!t1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A loop's operand shardings type its block arguments too; its results
// take the loop's own shardings.
// CHECK-LABEL: func @for_loop
func.func @for_loop(%arg0: !t1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> !t1 attributes {topology = #topology} {
  // CHECK: mpmd.for (%arg0) {iterations = 2 : ui32, unroll_factor = 1 : ui32}
  // CHECK-SAME: (%arg1: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>, %index: tensor<ui32>)
  // CHECK: } : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {}]>>
  %0 = mpmd.for (%arg0) {iterations = 2 : ui32, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, unroll_factor = 1 : ui32} (%arg1: !t1, %index: tensor<ui32>) {
    %1 = mpmd.fragment<mesh="m1", origin=["f"], out_shardings=[<@mesh, [{"x"}, {}]>]> (%arg1) (%arg2: tensor<4x8xf32>) {
      mpmd.return %arg2 : tensor<4x8xf32>
    } : (!t1) -> !t1
    mpmd.return %1 : !t1
  } : !t1
  return %0 : !t1
}

// -----

!t1 = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
!t2 = !mpmd.mesh_tensor<"m2", tensor<4x8xf32>>
#topology = #mpmd.topology<<"m1": <["x"=2, "y"=2]>>, <"m2": <["x"=2, "y"=2]>>>

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Only the first resharding transfer is reported, and the module is still
// printed.
// ERR: :[[@LINE+5]]:8: error: Transfer op has different shardings for the operand and result on the same mesh, operand sharding: #sdy.sharding<@mesh, [{"x"}, {}]>, result sharding: #sdy.sharding<@mesh, [{}, {"x"}]>
// ERR-NOT: error
// CHECK-LABEL: func @two_resharding_transfers
func.func @two_resharding_transfers(%arg0: !t1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (!t2, !t2) attributes {topology = #topology} {
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} %arg0 : (!t1) -> !t2
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} %arg0 : (!t1) -> !t2
  // No report without a sharding on one side, or for shardings that only
  // differ in being open.
  %2 = mpmd.transfer %arg0 : (!t1) -> !t2
  %3 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}]>]>} %arg0 : (!t1) -> !t2
  return %0, %1 : !t2, !t2
}
