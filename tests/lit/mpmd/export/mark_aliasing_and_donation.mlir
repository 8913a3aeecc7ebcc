// Donation and aliasing: a donated program argument is donated even when a
// result could alias it; an aliased one takes the fragment result its
// function result comes from through a transfer; an argument used after
// (by the return) or not marked (or marked donor = false) is left; a value
// passed twice is only considered at its last operand.

// RUN: mpmd_opt %s -mpmd-mark-aliasing-and-donation | FileCheck %s

!t = !mpmd.mesh_tensor<"m1", tensor<4xf32>>
!u = !mpmd.mesh_tensor<"m2", tensor<4xf32>>

// CHECK-LABEL: func.func @main
// CHECK-NEXT: mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1, %arg2, %arg2, %arg3) {arg_attrs = [{jax.buffer_donor = true}, {tf.aliasing_output = 1 : i32}, {}, {}, {}]}
// CHECK: mpmd.fragment<mesh="m1", origin=["g"]> (%0#0, %0#0) {arg_attrs = [{}, {tf.aliasing_output = 0 : i32}]}
func.func @main(%arg0: !t {jax.buffer_donor = true}, %arg1: !t {tf.aliasing_output = 1 : i32}, %arg2: !t, %arg3: !t {jax.buffer_donor = false}) -> (!t, !u, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  %0:2 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0, %arg1, %arg2, %arg2, %arg3) (%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) {
    mpmd.return %a, %b : tensor<4xf32>, tensor<4xf32>
  } : (!t, !t, !t, !t, !t) -> (!t, !t)
  %1 = mpmd.transfer %0#1 : (!t) -> !u
  %2 = mpmd.fragment<mesh="m1", origin=["g"]> (%0#0, %0#0) (%a: tensor<4xf32>, %b: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t, !t) -> !t
  func.return %2, %1, %arg2 : !t, !u, !t
}

// Intermediate values alias the first free result of their type and
// layout, not on host, in result order; the rest are donated.
// CHECK-LABEL: func.func @first_free_result
// CHECK: mpmd.fragment<mesh="m1", origin=["g"]> (%0#0, %0#1, %0#2, %0#3, %0#4) {arg_attrs = [{tf.aliasing_output = 0 : i32}, {mhlo.layout_mode = "x", tf.aliasing_output = 3 : i32}, {tf.aliasing_output = 4 : i32}, {jax.buffer_donor = true}, {jax.buffer_donor = true}], res_attrs = [{}, {mhlo.memory_kind = "pinned_host"}, {mhlo.layout_mode = "y"}, {mhlo.layout_mode = "x"}, {}]}
func.func @first_free_result(%arg0: !t) -> (!t, !t, !t, !t, !t) attributes {topology = #mpmd.topology<<"m1": <["x"=2]>>, <"m2": <["x"=2]>>>} {
  %0:5 = mpmd.fragment<mesh="m1", origin=["f"]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a, %a, %a, %a, %a : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } : (!t) -> (!t, !t, !t, !t, !t)
  %1:5 = mpmd.fragment<mesh="m1", origin=["g"]> (%0#0, %0#1, %0#2, %0#3, %0#4)
      {arg_attrs = [{}, {mhlo.layout_mode = "x"}, {}, {}, {}],
       res_attrs = [{}, {mhlo.memory_kind = "pinned_host"}, {mhlo.layout_mode = "y"}, {mhlo.layout_mode = "x"}, {}]}
      (%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>, %d: tensor<4xf32>, %e: tensor<4xf32>) {
    mpmd.return %a, %b, %c, %d, %e : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  } : (!t, !t, !t, !t, !t) -> (!t, !t, !t, !t, !t)
  func.return %1#0, %1#1, %1#2, %1#3, %1#4 : !t, !t, !t, !t, !t
}
