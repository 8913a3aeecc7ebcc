// RUN: sdy_opt %s -sdy-import-backend-func-calls -verify-diagnostics

// The first call takes the callee's body; the second finds it gone and
// stays illegal, so the conversion fails.

func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @foo(%arg0) {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{failed to legalize operation 'func.call' that was explicitly marked illegal}}
  %1 = call @foo(%0) {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
