// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s > %t.1 && sdy_opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: sdy_opt %s -mlir-print-op-generic > %t.g && mlir-opt-22 --allow-unregistered-dialect -mlir-print-op-generic %t.g | diff %t.g -
// RUN: sdy_opt %t.g | diff %t.1 -
// Ops with regions: while, if, case, reduce (compact and region forms),
// sort, reduce_window, select_and_scatter, map; optimization_barrier.

// CHECK-LABEL: func.func @loops
func.func @loops(%a: tensor<8xf32>, %n: tensor<i32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  // CHECK: %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg0) : tensor<i32>, tensor<8xf32>
  // CHECK-NEXT: cond {
  // CHECK-NEXT:   %2 = stablehlo.compare  LT, %iterArg, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK-NEXT:   stablehlo.return %2 : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT:   %2 = stablehlo.add %iterArg, %c : tensor<i32>
  // CHECK-NEXT:   stablehlo.return %2, %iterArg_0 : tensor<i32>, tensor<8xf32>
  // CHECK-NEXT: }
  %0:2 = stablehlo.while(%i = %n, %x = %a) : tensor<i32>, tensor<8xf32>
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %j = stablehlo.add %i, %c : tensor<i32>
    stablehlo.return %j, %x : tensor<i32>, tensor<8xf32>
  }
  // CHECK: stablehlo.while(%iterArg = %arg1) : tensor<i32> attributes {foo = 1 : i64}
  %1 = stablehlo.while(%i = %n) : tensor<i32> attributes {foo = 1}
    cond {
    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %i : tensor<i32>
  }
  return %0#1 : tensor<8xf32>
}

// CHECK-LABEL: func.func @branches
func.func @branches(%p: tensor<i1>, %k: tensor<i32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: "stablehlo.if"(%arg0) ({
  // CHECK-NEXT:   stablehlo.return %arg2 : tensor<4xf32>
  // CHECK-NEXT: }, {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    %n = stablehlo.negate %a : tensor<4xf32>
    stablehlo.return %n : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  // CHECK: "stablehlo.case"(%arg1) ({
  %1 = "stablehlo.case"(%k) ({
    stablehlo.return %0 : tensor<4xf32>
  }, {
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%a: tensor<4x8xf32>, %b: tensor<4x8xi32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // A body that is a lone commutative op prints compactly.
  // CHECK: stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%a init: %z) across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  // Two inputs, a non-commutative body: the region form.
  // CHECK: %2:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  // CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg4: tensor<f32>) (%arg3: tensor<i32>, %arg5: tensor<i32>)  {
  // CHECK-NEXT:   %7 = stablehlo.subtract %arg2, %arg4 : tensor<f32>
  // CHECK-NEXT:   %8 = stablehlo.add %arg3, %arg5 : tensor<i32>
  // CHECK-NEXT:   stablehlo.return %7, %8 : tensor<f32>, tensor<i32>
  // CHECK-NEXT: }
  %2:2 = stablehlo.reduce(%a init: %z), (%b init: %zi) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%u: tensor<i32>, %v: tensor<i32>)  {
    %s = stablehlo.subtract %x, %y : tensor<f32>
    %t = stablehlo.add %u, %v : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  // CHECK: "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 1>}> ({
  %3 = "stablehlo.reduce_window"(%a, %z) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  %4 = "stablehlo.sort"(%a) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.compare GT, %x, %y, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.select_and_scatter"(%arg0, %arg0, %cst)
  %5 = "stablehlo.select_and_scatter"(%a, %a, %z) <{window_dimensions = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  // CHECK: "stablehlo.map"(%arg0, %arg0) <{dimensions = array<i64: 0, 1>}> ({
  %6 = "stablehlo.map"(%a, %a) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @barrier
func.func @barrier(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> {
  // CHECK: %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4xf32>, !stablehlo.token
  %0:2 = stablehlo.optimization_barrier %a, %t : tensor<4xf32>, !stablehlo.token
  // CHECK: stablehlo.optimization_barrier()
  stablehlo.optimization_barrier()
  // CHECK: stablehlo.composite "my.op" %arg0 {decomposition = @my_op} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.composite "my.op" %a {decomposition = @my_op, version = 0 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0#0 : tensor<4xf32>
}

func.func private @my_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// CHECK-LABEL: func.func @async
// CHECK-SAME: !stablehlo.future<tensor<4xf32>, tensor<f32>>
// CHECK-SAME: -> !stablehlo.future<tensor<2xf32>>
func.func @async(%a: tensor<4xf32>, %f: !stablehlo.future<tensor<4xf32>, tensor<f32>>) -> !stablehlo.future<tensor<2xf32>> {
  // CHECK: "stablehlo.async_start"(%arg0) ({
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    %n = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<2xf32>>
  return %0 : !stablehlo.future<tensor<2xf32>>
}
