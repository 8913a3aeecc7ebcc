// ERROR: 6:8: 'stablehlo.custom_call' op cannot parse mhlo.sharding "{devices=[2,2]<=[5]}"
// ARGS: -xla-sdy-stablehlo-import-pipeline
// NO-UNREGISTERED
// A @Sharding custom call whose GSPMD sharding names more devices than its iota has.
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,2]<=[5]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
