// ERROR: 4:8: Unsupported custom call: foo
func.func @main() -> tensor<f32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.custom_call @foo(%a) : (tensor<f32>) -> tensor<f32>
  func.return %b : tensor<f32>
}
