// ERROR: 6:8: stablehlo.dynamic_broadcast_in_dim: operand dimension 0 (2) cannot broadcast
func.func @main() -> tensor<?x?xi64> {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %c = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %d = stablehlo.add %c, %c : tensor<2xi64>
  %r = "stablehlo.dynamic_broadcast_in_dim"(%x, %d) {broadcast_dimensions = array<i64: 1>} : (tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  func.return %r : tensor<?x?xi64>
}
