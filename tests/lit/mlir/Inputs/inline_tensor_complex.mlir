// Callees of tensor, complex and arith ops (inline_dialects.mlir).
func.func private @t() -> tensor<?xf32> {
  %0 = tensor.empty() : tensor<2xf32>
  %1 = tensor.cast %0 : tensor<2xf32> to tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func private @c() -> complex<f32> {
  %0 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  return %0 : complex<f32>
}
func.func private @i(%a: index) -> i64 {
  %0 = arith.index_cast %a : index to i64
  return %0 : i64
}
func.func @f(%a: index) -> (tensor<?xf32>, complex<f32>, i64) {
  %0 = func.call @t() : () -> tensor<?xf32>
  %1 = func.call @c() : () -> complex<f32>
  %2 = func.call @i(%a) : (index) -> i64
  return %0, %1, %2 : tensor<?xf32>, complex<f32>, i64
}
