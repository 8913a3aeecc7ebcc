// RUN: sdy_opt %s -split-input-file -sdy-manual-axes-cleanup | FileCheck %s

sdy.mesh @mesh = <["c"=2, "a"=2, "b"=2]>

// An empty body, or no manual axes, needs no in/out shardings: nothing changes.
// CHECK-LABEL: func @no_inputs_outputs
func.func @no_inputs_outputs() {
  // CHECK-NEXT: sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
  // CHECK-NEXT:   sdy.return
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"a"} () {
    sdy.return
  } : () -> ()
  // CHECK:      sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
  // CHECK-NEXT:   stablehlo.constant
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}

// Nested manual computations are each cleaned up; the replicated axes a sub-axis
// already covers are split around it and merged back where they meet.
// CHECK-LABEL: func @nested
func.func @nested(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // CHECK:               sdy.manual_computation(%arg0)
  // CHECK-SAME{LITERAL}: in_shardings=[<@mesh, [{"c"}], replicated={"a"}>]
  // CHECK-SAME{LITERAL}: out_shardings=[<@mesh, [{"c"}], replicated={"a"}>]
  // CHECK-SAME{LITERAL}: manual_axes={"c", "a"}
  // CHECK:               sdy.manual_computation(%arg1)
  // CHECK-SAME{LITERAL}: in_shardings=[<@mesh, [{}], replicated={"b"}>]
  // CHECK-SAME{LITERAL}: out_shardings=[<@mesh, [{"b"}]>]
  // CHECK-SAME{LITERAL}: manual_axes={"b"}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c"}]>] out_shardings=[<@mesh, [{"c"}]>] manual_axes={"a", "c"} (%arg1: tensor<8xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%arg2: tensor<8xf32>) {
      %2 = stablehlo.slice %arg2 [0:4] : (tensor<8xf32>) -> tensor<4xf32>
      sdy.return %2 : tensor<4xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// Sub-axes of a manual axis in a sharding leave the rest of the axis to be
// replicated; sorted axes and fully used shardings stay as they are.
// CHECK-LABEL: func @sub_axes_and_untouched
func.func @sub_axes_and_untouched(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
  // CHECK:               sdy.manual_computation(%arg0, %arg1)
  // CHECK-SAME{LITERAL}: in_shardings=[<@mesh, [{"x":(2)2}], replicated={"x":(1)2, "y"}>, <@mesh, [{"x", "y"}]>]
  // CHECK-SAME{LITERAL}: out_shardings=[<@mesh, [{"y"}], unreduced={"x"}>]
  // CHECK-SAME{LITERAL}: manual_axes={"x", "y"}
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x":(2)2}]>, <@mesh, [{"x", "y"}]>] out_shardings=[<@mesh, [{"y"}], unreduced={"x"}>] manual_axes={"x", "y"} (%arg2: tensor<8xf32>, %arg3: tensor<2xf32>) {
    sdy.return %arg2 : tensor<8xf32>
  } : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
