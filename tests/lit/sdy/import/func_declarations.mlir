// RUN: sdy_opt %s -sdy-flatten-call-graph | FileCheck %s --check-prefix=FLAT
// RUN: sdy_opt %s -sdy-add-func-data-flow-edges | FileCheck %s --check-prefix=EDGES
// RUN: sdy_opt %s -sdy-pre-order-funcs | FileCheck %s --check-prefix=ORDER
// RUN: sdy_opt %s -sdy-propagate-sharding-from-func-to-call | FileCheck %s --check-prefix=PROP
// RUN: sdy_opt %s -sdy-import-func-calls -verify-diagnostics -split-input-file

// Calls to functions without a body (MLIR's call graph sees them as
// external): flattening clones the declaration like any function, the
// declaration gets no argument edges, keeps its place ahead of the functions
// with a body, and gives its result shardings to its calls. Importing the
// calls leaves named computations without a body, which the verifier
// rejects as it does after Shardy's pass.

sdy.mesh @mesh = <["a"=2]>

// FLAT-LABEL: func.func @main
// FLAT-NEXT:    call @ext(%arg0)
// FLAT-NEXT:    call @ext_0(%0)
// FLAT:       func.func private @ext(tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>})
// FLAT:       func.func private @ext_0(tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) attributes {sdy.original_func_name = "ext"}

// EDGES-LABEL: func.func @main(%arg0: tensor<8xf32>)
// EDGES-NEXT:    %[[C0:.*]] = call @ext(%arg0)
// EDGES-NEXT:    %[[E0:.*]] = sdy.func_data_flow_edge %[[C0]] : tensor<8xf32>
// EDGES-NEXT:    %[[C1:.*]] = call @ext(%[[E0]])
// EDGES-NEXT:    %[[E1:.*]] = sdy.func_data_flow_edge %[[C1]] : tensor<8xf32>
// EDGES-NEXT:    return %[[E1]]
// EDGES:       func.func private @ext(tensor<8xf32>)

// ORDER:       sdy.mesh @mesh
// ORDER-NEXT:  func.func private @ext
// ORDER-NEXT:  func.func @main

// PROP-LABEL: func.func @main
// PROP-NEXT:    call @ext(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
// PROP-NEXT:    call @ext(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = call @ext(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  // expected-warning @+2 {{function @ext has multiple call ops, we need to clone the function body for each call}}
  // expected-error @+1 {{'sdy.named_computation' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %1 = call @ext(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @ext(%arg0: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>})
