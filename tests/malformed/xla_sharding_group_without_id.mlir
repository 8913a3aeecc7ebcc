// ERROR: 5:3: 'stablehlo.custom_call' op expected CustomCallOp with a sharding group id.
// ARGS: -xla-sdy-import-sdy-custom-calls
// NO-UNREGISTERED
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  stablehlo.custom_call @xla.sdy.ShardingGroup(%arg0) {has_side_effect = true} : (tensor<8xf32>) -> ()
  return %arg0 : tensor<8xf32>
}
