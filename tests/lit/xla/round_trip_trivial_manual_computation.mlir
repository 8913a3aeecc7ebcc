// RUN: sdy_opt %s -split-input-file -xla-sdy-round-trip-shard-map-export | FileCheck %s

// A manual computation whose manual axes all have size 1 hides nothing
// from the partitioner: its body is inlined rather than exported as a call
// between GlobalToLocalShape / LocalToGlobalShape custom calls.
sdy.mesh @mesh = <["a"=1, "b"=1, "c"=2]>

// CHECK-LABEL: func @trivial
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg0
// CHECK-NEXT: return %0
// CHECK-NOT: xla.sdy.manual_computation_body
func.func @trivial(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a", "b"} (%arg1: tensor<8x16xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// One axis of size 2 among them: exported as usual.
sdy.mesh @mesh = <["a"=1, "c"=2]>

// CHECK-LABEL: func @not_trivial
// CHECK: stablehlo.custom_call @xla.sdy.GlobalToLocalShape
// CHECK: call @xla.sdy.manual_computation_body
func.func @not_trivial(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "c"}, {}]>] out_shardings=[<@mesh, [{"a", "c"}, {}]>] manual_axes={"a", "c"} (%arg1: tensor<4x16xf32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Manual over no axis, without operands or results: still a call.
// CHECK-LABEL: func @no_axes
// CHECK-NEXT: call @xla.sdy.manual_computation_body() : () -> ()
func.func @no_axes() {
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return
}
