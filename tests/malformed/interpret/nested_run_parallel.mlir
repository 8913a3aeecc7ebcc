// ERROR: 6:8: interpreter.run_parallel cannot run inside a device
func.func @inner(%x: tensor<i32>) -> tensor<i32> {
  func.return %x : tensor<i32>
}
func.func @outer(%x: tensor<i32>) -> tensor<i32> {
  %r = "interpreter.run_parallel"(%x) {programs = [[@inner]]} : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
func.func @main() -> tensor<i32> {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %r = "interpreter.run_parallel"(%x) {programs = [[@outer]]} : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}
