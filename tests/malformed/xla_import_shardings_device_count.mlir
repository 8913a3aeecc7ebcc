// ERROR: 6:8: 'stablehlo.abs' op cannot parse mhlo.sharding "{devices=[2,2]0,1,2}": expected as many devices as the tile assignment has tiles at offset 19
// ARGS: -xla-sdy-import-shardings
// NO-UNREGISTERED
// An explicit device list shorter than the tile assignment.
func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.abs %arg0 {mhlo.sharding = "{devices=[2,2]0,1,2}"} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
