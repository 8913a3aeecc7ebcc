// ERROR: 7:8: 'stablehlo.add' op has no mesh common to its operand and result shardings
// ARGS: -sdy-per-instruction-partitioning
// NO-UNREGISTERED
sdy.mesh @a = <["x"=2]>
sdy.mesh @b = <["y"=4]>
func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@a, [{"x"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@b, [{"y"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
