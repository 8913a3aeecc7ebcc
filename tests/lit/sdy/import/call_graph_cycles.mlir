// RUN: sdy_opt %s -split-input-file -sdy-flatten-call-graph -verify-diagnostics
// RUN: sdy_opt %s -split-input-file -sdy-import-func-calls -verify-diagnostics
// RUN: sdy_opt %s -split-input-file -sdy-pre-order-funcs | FileCheck %s --check-prefix=ORDER
// RUN: sdy_opt %s -split-input-file -sdy-propagate-sharding-from-func-to-call | FileCheck %s --check-prefix=PROP

// Cycles in the call graph: Shardy would clone a cyclic function forever
// (flattening) or inline a function into itself (importing calls); sharc
// reports the call that closes the cycle. Passes that only follow the call
// graph's order take cycles as MLIR's traversal does.

sdy.mesh @mesh = <["a"=2]>

// ORDER-LABEL: func.func @main
// ORDER:       func.func private @f
// ORDER:       func.func private @g
// PROP-LABEL: func.func @main
// PROP:       call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
// PROP:       call @f(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
// PROP:       call @g(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// PROP:       call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @f(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @f(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @f(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
  %0 = call @g(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

func.func private @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.call' op calls @f recursively; cycles in the call graph are not supported}}
  %0 = call @f(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A function calling itself.

// ORDER-LABEL: func.func @main
// ORDER:       func.func private @self
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @self(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @self(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @self(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.call' op calls @self recursively; cycles in the call graph are not supported}}
  %0 = call @self(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
