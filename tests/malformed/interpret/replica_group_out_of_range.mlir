// ERROR: 4:8: replica_groups: id 2 is out of range for 2 devices
// A collective whose replica groups name a device that does not exist.
func.func @device(%x: tensor<i32>) -> tensor<i32> {
  %s = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) {replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<i32>) -> tensor<i32>
  func.return %s : tensor<i32>
}
func.func @main() -> (tensor<i32>, tensor<i32>) {
  %x = stablehlo.constant dense<1> : tensor<i32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@device], [@device]]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  func.return %r#0, %r#1 : tensor<i32>, tensor<i32>
}
