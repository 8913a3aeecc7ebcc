// ERROR: 4:8: stablehlo.all_reduce: device (replica 0, partition 0) waited
// Only replica 0 reaches the all_reduce: it must not wait forever.
func.func @waits(%x: tensor<i32>) -> tensor<i32> {
  %s = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<i32>) -> tensor<i32>
  func.return %s : tensor<i32>
}
func.func @leaves(%x: tensor<i32>) -> tensor<i32> {
  func.return %x : tensor<i32>
}
func.func @main() -> (tensor<i32>, tensor<i32>) {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@waits], [@leaves]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  func.return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
