// Names of the functions fragments are lowered to (call counter summaries,
// stage ids, most frequent origin names with counters, phases, the module
// name without "jit_", truncation), the verbose schedule log, shardings of
// manual computations moved to the fragment's mesh.

// RUN: mpmd_opt %s -split-input-file -mpmd-lower-to-fragment-calls=verbose-logging=true 2>&1 | FileCheck %s

!t = !mpmd.mesh_tensor<"m", tensor<4xf32>>
!u = !mpmd.mesh_tensor<"n", tensor<4xf32>>

// The log names the module as it is, the functions drop "jit_".
// CHECK: I{{[0-9]+}} {{.*}} shardy/dialect/mpmd/transforms/export/lower_to_fragment_calls.cc:316] Module jit_prog on mesh m will execute the following XLA programs:
// CHECK-NEXT: lower_to_fragment_calls.cc:337] - p0_f.prog from program with origins [f], call counter 0.
// CHECK-NEXT: - p0_f.prog from program with origins [f], call counter 1.
// CHECK-NEXT: - p1_g_call3.prog from program with origins [g], call counter 3.
// CHECK-NEXT: - p2_block_1:3....prog from program with origins [block_1, block_2, block_3, loss].
// CHECK-NEXT: - p3_stage3.prog from program with origins [b, a], stage id 3.
// CHECK-NEXT: - p4_a....prog from program with origins [b, a].
// CHECK-NEXT: - p5_inferred.prog from program with origins [].
// CHECK-NEXT: - p6_h_-1:7....prog from program with origins [h_2, h_007, x_1a, h_-1].
// CHECK-NEXT: - p0_f.prog from program with origins [f], call counter 5.
// CHECK-NEXT: Module jit_prog on mesh n will execute the following XLA programs:
// CHECK-NEXT: - p7_f_call0.prog from program with origins [f], call counter 0.
// CHECK-LABEL: module @jit_prog
// CHECK: fragment_call<mesh="m", origin=["f"]> @p0_f.prog(%arg0)
// CHECK: fragment_call<mesh="m", origin=["f"]> @p0_f.prog(%0)
// CHECK: fragment_call<mesh="m", origin=["g"]> @p1_g_call3.prog(%1)
// CHECK: @"p2_block_1:3....prog"(%2)
// CHECK: @p3_stage3.prog(%3)
// CHECK: @p4_a....prog(%4)
// CHECK: @p5_inferred.prog(%5)
// CHECK: @"p6_h_-1:7....prog"(%6)
// CHECK: fragment_call<mesh="n", origin=["f"]> @p7_f_call0.prog(%arg1)
// CHECK: @p0_f.prog(%7)
// CHECK: func.func @p0_f.prog(
// CHECK: func.func @p1_g_call3.prog(
// CHECK: func.func @"p2_block_1:3....prog"(
// CHECK: func.func @p3_stage3.prog(
// CHECK: func.func @p4_a....prog(
// CHECK: func.func @p5_inferred.prog(
// CHECK: func.func @"p6_h_-1:7....prog"(
// CHECK: func.func @p7_f_call0.prog(
module @jit_prog {
func.func @main(%arg0: !t, %arg1: !u) -> (!t, !t, !t, !t, !t, !t, !t, !t, !u, !t) attributes {topology = #mpmd.topology<<"m": <["x"=2]>>, <"n": <["x"=2]>>>} {
  // Call counters 0, 1 and 5 on one mesh: not contiguous, no summary.
  %0 = mpmd.fragment<mesh="m", origin=["f"]> (%arg0) {call_counter = 0 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %1 = mpmd.fragment<mesh="m", origin=["f"]> (%0) {call_counter = 1 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %2 = mpmd.fragment<mesh="m", origin=["g"]> (%1) {call_counter = 3 : ui32} (%a: tensor<4xf32>) {
    %x = stablehlo.abs %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %3 = mpmd.fragment<mesh="m", origin=["block_1", "block_2", "block_3", "loss"]> (%2) (%a: tensor<4xf32>) {
    %x = stablehlo.negate %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %4 = mpmd.fragment<mesh="m", origin=["b", "a"], stage=3> (%3) (%a: tensor<4xf32>) {
    %x = stablehlo.sine %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  // A tie between names: the smallest one.
  %5 = mpmd.fragment<mesh="m", origin=["b", "a"]> (%4) (%a: tensor<4xf32>) {
    %x = stablehlo.cosine %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %6 = mpmd.fragment<mesh="m", origin=[]> (%5) (%a: tensor<4xf32>) {
    %x = stablehlo.exponential %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  // Counters with leading zeros and a sign; "x_1a" has none.
  %7 = mpmd.fragment<mesh="m", origin=["h_2", "h_007", "x_1a", "h_-1"]> (%6) (%a: tensor<4xf32>) {
    %x = stablehlo.log %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  // The same body on another mesh: another function.
  %8 = mpmd.fragment<mesh="n", origin=["f"]> (%arg1) {call_counter = 0 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!u) -> !u
  %9 = mpmd.fragment<mesh="m", origin=["f"]> (%7) {call_counter = 5 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : !t, !t, !t, !t, !t, !t, !t, !t, !u, !t
}
}

// -----

!t = !mpmd.mesh_tensor<"m", tensor<4xf32>>

// Phases, backward counters from largest to smallest, descending call
// counters, transpose counts above one; remat kept on every call.
// CHECK-LABEL: Module main on mesh m
// CHECK-NEXT: - p0_block_1:2_fwd_call2.main from program with origins [block_1(fwd), block_2(fwd)], call counter 2.
// CHECK-NEXT: - p1_block_2:1_bwd_calls2from1.main from program with origins [block_2(bwd), block_1(bwd)], call counter 2.
// CHECK-NEXT: - p1_block_2:1_bwd_calls2from1.main from program with origins [block_2(bwd), block_1(bwd)], call counter 1.
// CHECK-NEXT: - p2_w..._fwd_bwd_transpose2.main from program with origins [w(TransposeCount=2), w(fwd), v(bwd)].
// CHECK: @"p1_block_2:1_bwd_calls2from1.main"(%0) {remat}
// CHECK: @"p1_block_2:1_bwd_calls2from1.main"(%1) {remat}
func.func @main(%arg0: !t) -> (!t, !t, !t, !t) attributes {topology = #mpmd.topology<<"m": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m", origin=["block_1", "block_2"]> (%arg0) {call_counter = 2 : ui32} (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  %1 = mpmd.fragment<mesh="m", origin=["block_2"(1), "block_1"(1)]> (%0) {call_counter = 2 : ui32, remat} (%a: tensor<4xf32>) {
    %x = stablehlo.abs %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %2 = mpmd.fragment<mesh="m", origin=["block_2"(1), "block_1"(1)]> (%1) {call_counter = 1 : ui32, remat} (%a: tensor<4xf32>) {
    %x = stablehlo.abs %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  %3 = mpmd.fragment<mesh="m", origin=["w"(2), "w"(0), "v"(1)]> (%2) (%a: tensor<4xf32>) {
    %x = stablehlo.negate %a : tensor<4xf32>
    mpmd.return %x : tensor<4xf32>
  } : (!t) -> !t
  func.return %0, %1, %2, %3 : !t, !t, !t, !t
}

// -----

!t = !mpmd.mesh_tensor<"m", tensor<4xf32>>

// A name longer than 200 bytes is cut, the module name added after.
// CHECK-LABEL: func.func @long_name
// CHECK: @"p0_aaaaaaaaaa{{a+}}aaaa<...>.main"(%arg0)
func.func @long_name(%arg0: !t) -> !t attributes {topology = #mpmd.topology<<"m": <["x"=2]>>>} {
  %0 = mpmd.fragment<mesh="m", origin=["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"]> (%arg0) (%a: tensor<4xf32>) {
    mpmd.return %a : tensor<4xf32>
  } : (!t) -> !t
  func.return %0 : !t
}

// -----

!t = !mpmd.mesh_tensor<"m1", tensor<4x8xf32>, sharding=<@mesh, [{"x"}, {?}]>>

// Shardings of a manual computation (and of the ops inside it) that name
// another mesh symbol now name the fragment's mesh, which has a symbol
// already; inline meshes and shardings outside manual computations stay.
// Functions are named ".main" when the module has no name and no main.
// CHECK: sdy.mesh @mesh
// CHECK-NEXT: sdy.mesh @m1
// CHECK-NOT: sdy.mesh
// CHECK-LABEL: func.func @p0_f1.main
// CHECK-NEXT: sdy.manual_computation(%arg0) in_shardings=[<@m1, [{"x"}, {}]>] out_shardings=[<mesh<["x"=2]>, [{"x"}, {}]>]
// CHECK-NEXT: stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@m1, [{}, {}]>]>}
// CHECK: stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>}
// CHECK-LABEL: func.func @p1_f2.main
// CHECK-NEXT: sdy.manual_computation(%arg0) in_shardings=[<@m1, [{"x"}, {}]>] out_shardings=[<@m1, [{"x"}, {}]>]
module {
  sdy.mesh @mesh = <["x"=2]>
  sdy.mesh @m1 = <["x"=2]>
  func.func @f(%arg0: !t) -> (!t, !t) attributes {"topology"=#mpmd.topology< <"m1": <["x"=2]>>>} {
    %0 = mpmd.fragment<mesh="m1", origin=["f1"]> (%arg0) (%arg1: tensor<4x8xf32>) {
      %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<mesh<["x"=2]>, [{"x"}, {}]>] manual_axes={"x"} (%arg2: tensor<2x8xf32>) {
        %2 = stablehlo.add %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<2x8xf32>
        sdy.return %2 : tensor<2x8xf32>
      } : (tensor<4x8xf32>) -> tensor<4x8xf32>
      %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : tensor<4x8xf32>
      mpmd.return %3 : tensor<4x8xf32>
    } : (!t) -> (!t)
    %5 = mpmd.fragment<mesh="m1", origin=["f2"]> (%arg0) (%arg1: tensor<4x8xf32>) {
      %1 = sdy.manual_computation(%arg1) in_shardings=[<@m1, [{"x"}, {}]>] out_shardings=[<@m1, [{"x"}, {}]>] manual_axes={"x"} (%arg2: tensor<2x8xf32>) {
        sdy.return %arg2 : tensor<2x8xf32>
      } : (tensor<4x8xf32>) -> tensor<4x8xf32>
      mpmd.return %1 : tensor<4x8xf32>
    } : (!t) -> (!t)
    func.return %0, %5 : !t, !t
  }
}
