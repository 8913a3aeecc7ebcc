// RUN: mpmd_opt %s -sdy-update-non-divisible-input-output-shardings | FileCheck %s

// mpmd.transfer results and mpmd.fragment edge owners must stay divisible;
// mesh tensors are shaped like their global tensor.

sdy.mesh @mesh = <["x"=4]>

func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<6xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<6xf32>>
  attributes {"topology"=#mpmd.topology<<"m1": <["x"=4]>>, <"m2": <["x"=4]>>>} {
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} %arg0 : (!mpmd.mesh_tensor<"m1", tensor<6xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<6xf32>>
  %1 = mpmd.fragment<mesh="m2", origin=[], in_shardings=[<@mesh, [{"x"}]>], out_shardings=[<@mesh, [{"x", ?}]>]> (%0) (%arg1: tensor<6xf32>) {
    mpmd.return %arg1 : tensor<6xf32>
  } : (!mpmd.mesh_tensor<"m2", tensor<6xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<6xf32>>
  return %1 : !mpmd.mesh_tensor<"m2", tensor<6xf32>>
}

// CHECK:      mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x":(1)2}]>]>}
// CHECK-NEXT: mpmd.fragment<mesh="m2", origin=[], in_shardings=[<@mesh, [{"x":(1)2}]>], out_shardings=[<@mesh, [{"x":(1)2, ?}]>]>
