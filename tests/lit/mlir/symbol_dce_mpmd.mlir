// -symbol-dce looks inside types too: a sharding in an mpmd.mesh_tensor of a
// function's type refers to its mesh (MLIR walks the function_type attribute
// down to the sharding).
// RUN: mpmd_opt -symbol-dce %s | FileCheck %s

// CHECK-LABEL: module
// CHECK-NEXT:    sdy.mesh @in_type
// CHECK-NEXT:    func.func @main
// CHECK-NOT:     @unused
sdy.mesh @in_type = <["x"=2]> {sym_visibility = "private"}
sdy.mesh @unused = <["x"=2]> {sym_visibility = "private"}
func.func @main(%arg0: !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@in_type, [{"x"}, {}]>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@in_type, [{"x"}, {}]>> attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>>} {
  return %arg0 : !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@in_type, [{"x"}, {}]>>
}
