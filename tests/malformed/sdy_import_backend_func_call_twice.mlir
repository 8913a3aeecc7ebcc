// ERROR: 5:8: failed to legalize operation 'func.call' that was explicitly marked illegal
// ARGS: -sdy-import-backend-func-calls
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @foo(%arg0) {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
  %1 = call @foo(%0) {mhlo.frontend_attributes = {backend_config = ""}} : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
