// RUN: mpmd_opt %s -mpmd-map-named-ops-to-mpmd-ops='assignment=t@m1#pinned_host/3' | FileCheck %s
// A named tensor the assignment does not name is dropped (it is unused by
// the user's program); an assigned one keeps its memory kind and loses
// its stage.

// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[A:.*]] = mpmd.assign {origin = "t"} %arg0 : (tensor<4x8xf32>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, memory_kind="pinned_host">
// CHECK-NEXT: %[[U:.*]] = mpmd.unassign {origin = "t"} %[[A]]
// CHECK-NEXT: return %[[U]], %arg0
func.func @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    attributes {topology = #mpmd.topology<<"m1" : <["x"=2]>>>} {
  %0 = mpmd.named_tensor %arg0 name="t" : tensor<4x8xf32>
  %1 = mpmd.named_tensor %arg0 name="u" : tensor<4x8xf32>
  func.return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}
