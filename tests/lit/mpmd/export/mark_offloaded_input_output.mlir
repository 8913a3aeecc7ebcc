// Host placement of fragment results: through a call to the function that
// annotates it, computed on host, annotated to host; a compute type other
// than host settles it as on device. A host result feeding another
// fragment makes that operand a host one. Results the function returns
// without saying so are refused.

// RUN: mpmd_opt %s -split-input-file -verify-diagnostics -mpmd-mark-offloaded-input-output | FileCheck %s

!m1 = !mpmd.mesh_tensor<"m1", tensor<16xf32>>
#topology = #mpmd.topology<<"m1": <["x"=8]>>>

func.func private @to_host(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.custom_call @annotate_device_placement(%arg0) {mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// CHECK-LABEL: func.func @main
// CHECK: mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {arg_attrs = [{}], res_attrs = [{mhlo.memory_kind = "pinned_host"}, {}, {mhlo.memory_kind = "pinned_host"}, {mhlo.memory_kind = "pinned_host"}]}
// CHECK: mpmd.fragment<mesh="m1", origin=["g"]> (%0#0, %0#1) {arg_attrs = [{mhlo.memory_kind = "pinned_host"}, {}], res_attrs = [{}]}
func.func @main(%arg0: !m1) -> (!m1 {mhlo.memory_kind = "pinned_host"}, !m1, !m1 {mhlo.memory_kind = "pinned_host"}, !m1 {mhlo.memory_kind = "pinned_host"}) attributes {topology = #topology} {
  %f:4 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<16xf32>) {
    %0 = func.call @to_host(%a) : (tensor<16xf32>) -> tensor<16xf32>
    %1 = stablehlo.abs %0 {mhlo.frontend_attributes = {_xla_compute_type = "device"}} : tensor<16xf32>
    %2 = stablehlo.custom_call @annotate_device_placement(%a) {mhlo.frontend_attributes = {_xla_compute_type = "host", _xla_buffer_placement = "device"}} : (tensor<16xf32>) -> tensor<16xf32>
    %3 = stablehlo.custom_call @annotate_device_placement(%a) {mhlo.frontend_attributes = {other = "x", _xla_buffer_placement = "pinned_host"}} : (tensor<16xf32>) -> tensor<16xf32>
    mpmd.return %0, %1, %2, %3 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  } : (!m1) -> (!m1, !m1, !m1, !m1)
  %g = mpmd.fragment<mesh="m1", origin=["g"]> (%f#0, %f#1) (%a: tensor<16xf32>, %b: tensor<16xf32>) {
    mpmd.return %b : tensor<16xf32>
  } : (!m1, !m1) -> !m1
  func.return %f#0, %g, %f#2, %f#3 : !m1, !m1, !m1, !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<16xf32>>
#topology = #mpmd.topology<<"m1": <["x"=8]>>>

// A function returning what calling itself returns: not on host (and no
// endless walk).
func.func private @recursive(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  %0 = func.call @recursive(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// CHECK-LABEL: func.func @recursion
// CHECK: mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) {arg_attrs = [{}], res_attrs = [{}]}
func.func @recursion(%arg0: !m1) -> !m1 attributes {topology = #topology} {
  %f = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<16xf32>) {
    %0 = func.call @recursive(%a) : (tensor<16xf32>) -> tensor<16xf32>
    mpmd.return %0 : tensor<16xf32>
  } : (!m1) -> !m1
  func.return %f : !m1
}

// -----

!m1 = !mpmd.mesh_tensor<"m1", tensor<16xf32>>
#topology = #mpmd.topology<<"m1": <["x"=8]>>>

func.func @unmarked_results(%arg0: !m1) -> (!m1, !m1) attributes {topology = #topology} {
  %f:2 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<16xf32>) {
    %0 = stablehlo.custom_call @annotate_device_placement(%a) {mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<16xf32>) -> tensor<16xf32>
    mpmd.return %0, %0 : tensor<16xf32>, tensor<16xf32>
  } : (!m1) -> (!m1, !m1)
  // expected-error @+2 {{Memory kind mismatch between result 0 and defining op: <<NULL ATTRIBUTE>> vs "pinned_host"}}
  // expected-error @+1 {{Memory kind mismatch between result 1 and defining op: <<NULL ATTRIBUTE>> vs "pinned_host"}}
  func.return %f#0, %f#1 : !m1, !m1
}
