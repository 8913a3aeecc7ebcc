// Inferred fragments move right before their first user, a chain of them
// as a whole, user fragments stay; one without users stays; a private
// function or one without topology is left as it is.

// RUN: mpmd_opt %s -mpmd-delay-inferred-fragments | FileCheck %s

!m = !mpmd.mesh_tensor<"m1", tensor<4xf32>>

// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[U1:.*]] = mpmd.fragment<mesh="m1", origin=["u1"]> (%arg0)
// CHECK-NEXT:   stablehlo.abs
// CHECK:      %[[U2:.*]] = mpmd.fragment<mesh="m1", origin=["u2"]> (%[[U1]])
// CHECK:      %[[I1:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0)
// CHECK:      %[[I2:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%[[I1]])
// CHECK:      %[[U3:.*]] = mpmd.fragment<mesh="m1", origin=["u3"]> (%[[I2]], %[[U2]])
// CHECK:      %[[UNUSED:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0)
// CHECK:      %[[I3:.*]] = mpmd.fragment<mesh="m1", origin=[]> (%arg0)
// CHECK:      return %[[U3]], %[[I3]]
func.func @chain(%arg0: !m) -> (!m, !m) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  %1 = mpmd.fragment<mesh="m1", origin=[]> (%0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  %2 = mpmd.fragment<mesh="m1", origin=["u1"]> (%arg0) (%a: tensor<4xf32>) {
    %x = stablehlo.abs %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!m) -> !m
  %3 = mpmd.fragment<mesh="m1", origin=["u2"]> (%2) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  // used by the return only: moved right before it
  %4 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  %5 = mpmd.fragment<mesh="m1", origin=["u3"]> (%1, %3) (%a: tensor<4xf32>, %b: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m, !m) -> !m
  // unused: stays
  %6 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  func.return %5, %4 : !m, !m
}

// CHECK-LABEL: func.func private @private_function
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=[]>
// CHECK: mpmd.fragment<mesh="m1", origin=["u"]>
func.func private @private_function(%arg0: !m) -> (!m, !m) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m1", origin=[]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  %1 = mpmd.fragment<mesh="m1", origin=["u"]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!m) -> !m
  func.return %0, %1 : !m, !m
}
