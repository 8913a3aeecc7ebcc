// ERROR: 5:1: 'func.func' op cannot import a GSPMD tile assignment that is not an iota over a common factorization of its devices
// ARGS: -xla-sdy-import-shardings
// NO-UNREGISTERED
// An explicit device order no iota mesh describes.
func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]0,2,1,3}"}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}
