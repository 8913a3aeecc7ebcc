// RUN: not stablehlo-translate --interpret -split-input-file %s 2>&1 | FileCheck %s

// A failed check names the op, the values and the index.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK: errors.mlir:[[@LINE+1]]:3: error: check.expect_eq_const: Element values don't match: 2 (actual) vs 5 (expected) at index [1]
  check.expect_eq_const %a, dense<[1, 5, 3]> : tensor<3xi32>
  func.return
}

// -----

// An op the interpreter does not know is an error at the op.
func.func @main() {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: Unsupported custom call: my.target
  %b = stablehlo.custom_call @my.target(%a) : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

// A collective whose groups leave a device out.
func.func @device(%x: tensor<i32>) -> tensor<i32> {
  // CHECK: errors.mlir:[[@LINE+1]]:8: error: replica_groups: id 2 is out of range for 2 devices
  %s = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<i32>) -> tensor<i32>
  func.return %s : tensor<i32>
}
func.func @main() {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@device], [@device]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  func.return
}

// -----

// No entry function.
// CHECK: error: module must have entry func with name main
func.func @first() {
  func.return
}
func.func @second() {
  func.return
}
