// RUN: stablehlo-translate --interpret -split-input-file %s

// while: sum of 1..10, with a value captured from above the loop.
func.func @while_sum() {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r:2 = stablehlo.while(%i = %one, %acc = %zero) : tensor<i64>, tensor<i64>
    cond {
      %c = stablehlo.compare LE, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %a = stablehlo.add %acc, %i : tensor<i64>
      %n = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %n, %a : tensor<i64>, tensor<i64>
    }
  check.expect_eq_const %r#1, dense<55> : tensor<i64>
  func.return
}

// -----

// case: an index out of range takes the last branch.
func.func @case_default() {
  %idx = stablehlo.constant dense<7> : tensor<i32>
  %r = "stablehlo.case"(%idx) ({
    %a = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }, {
    %b = stablehlo.constant dense<2> : tensor<i32>
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<2> : tensor<i32>
  func.return
}

// -----

func.func @callee(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = stablehlo.multiply %x, %x : tensor<2xf32>
  func.return %y : tensor<2xf32>
}

func.func @main() {
  %x = stablehlo.constant dense<[3.0, -2.0]> : tensor<2xf32>
  %p = stablehlo.constant dense<false> : tensor<i1>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<2xf32>
  }, {
    %c = func.call @callee(%x) : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %c : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[9.0, 4.0]> : tensor<2xf32>
  func.return
}

// -----

// sort: stable, by the comparator over both operands' elements.
func.func @sort_stable() {
  %k = stablehlo.constant dense<[[3, 1, 3, 2], [0, 0, 1, 0]]> : tensor<2x4xi32>
  %v = stablehlo.constant dense<[[10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<2x4xi32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x4xi32>, tensor<2x4xi32>)
  check.expect_eq_const %r#0, dense<[[3, 3, 2, 1], [1, 0, 0, 0]]> : tensor<2x4xi32>
  check.expect_eq_const %r#1, dense<[[10, 12, 13, 11], [22, 20, 21, 23]]> : tensor<2x4xi32>
  func.return
}

// -----

// reduce with two values at once (argmax), which runs the body region.
func.func @argmax() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 2.0], [7.0, 0.0, 7.0]]> : tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %gt = stablehlo.compare GT, %c, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %c, %a : tensor<i1>, tensor<f32>
      %j = stablehlo.select %gt, %d, %b : tensor<i1>, tensor<i32>
      stablehlo.return %v, %j : tensor<f32>, tensor<i32>
    }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

// reduce_window with padding and base dilation: padded positions count as
// the init value.
func.func @reduce_window_sum() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 2>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<3xi32>, tensor<i32>) -> tensor<6xi32>
  check.expect_eq_const %r, dense<[1, 1, 2, 2, 3, 3]> : tensor<6xi32>
  func.return
}
