// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s
// The interpreter dialect stablehlo-opt registers (Shardy's sdy_opt does not).

// CHECK-LABEL: func @main
// CHECK: interpreter.print %arg0 : tensor<2xf32>
// CHECK: interpreter.probe %arg0, probe_id = "p0" : tensor<2xf32>
module @ok {
  func.func @foo(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func @main(%a: tensor<2xf32>) {
    interpreter.print %a : tensor<2xf32>
    %0 = interpreter.probe %a, probe_id = "p0" : tensor<2xf32>
    %1 = "interpreter.run_parallel"(%a) {programs = [[@foo]]} : (tensor<2xf32>) -> tensor<2xf32>
    return
  }
}

// -----

module @not_func {
  "test.symbol"() {sym_name = "foo"} : () -> ()
  func.func @main() {
    // expected-error @below {{Function "foo" not found}}
    "interpreter.run_parallel"() {programs = [[@foo]]} : () -> ()
    return
  }
}

// -----

func.func @probe_types(%a: tensor<2xf32>) {
  // expected-error @below {{'interpreter.probe' op requires the same type for all operands and results}}
  %0 = "interpreter.probe"(%a) {probe_id = "p"} : (tensor<2xf32>) -> tensor<3xf32>
  return
}
