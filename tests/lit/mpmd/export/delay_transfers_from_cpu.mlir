// Transfers from a CPU mesh or from pinned host memory move before their
// first user, in program order: the first of a chain of two stays before
// the second, which had not moved yet; other transfers stay, and so does
// everything in a function that is not an entry point.

// RUN: mpmd_opt %s -mpmd-delay-transfers-from-cpu | FileCheck %s

!d = !mpmd.mesh_tensor<"m", tensor<4xf32>>
!d2 = !mpmd.mesh_tensor<"m2", tensor<4xf32>>
!cpu = !mpmd.mesh_tensor<"m/cpu", tensor<4xf32>>
!host = !mpmd.mesh_tensor<"m", tensor<4xf32>, memory_kind = "pinned_host">
#topology = #mpmd.topology<<"m": <["x"=2]>>, <"m2": <["x"=2]>>, <"m/cpu": <["x"=2]>>>

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[T0:.*]] = mpmd.transfer %arg0
// CHECK-NEXT: %[[D:.*]] = mpmd.transfer %arg1 : {{.*}}"m2"{{.*}} -> {{.*}}"m"
// CHECK-NEXT: %[[F:.*]] = mpmd.fragment
// CHECK:      %[[T1:.*]] = mpmd.transfer %[[T0]]
// CHECK-NEXT: %[[G:.*]] = mpmd.fragment{{.*}} (%[[T1]], %[[D]])
func.func @chain(%arg0: !cpu, %arg1: !d2) -> (!d, !d) attributes {topology = #topology} {
  %t0 = mpmd.transfer %arg0 : (!cpu) -> !host
  %t1 = mpmd.transfer %t0 : (!host) -> !d
  %d = mpmd.transfer %arg1 : (!d2) -> !d
  %f = mpmd.fragment<mesh="m", origin=["f"]> (%d) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!d) -> !d
  %g = mpmd.fragment<mesh="m", origin=["g"]> (%t1, %d) (%a: tensor<4xf32>, %b: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!d, !d) -> !d
  func.return %f, %g : !d, !d
}

// CHECK-LABEL: func.func private @not_entry_point
// CHECK-NEXT: mpmd.transfer
// CHECK-NEXT: mpmd.fragment
func.func private @not_entry_point(%arg0: !cpu, %arg1: !d) -> (!d, !d) attributes {topology = #topology} {
  %t = mpmd.transfer %arg0 : (!cpu) -> !d
  %f = mpmd.fragment<mesh="m", origin=["f"]> (%arg1) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!d) -> !d
  func.return %f, %t : !d, !d
}
