// ERROR: 7:8: 'stablehlo.custom_call' op expected a #sdy.sharding_per_value in 'xla.sdy.sharding'
// ARGS: -xla-sdy-round-trip-import-pipeline
// NO-UNREGISTERED
// A function result's round-trip sharding that is one sharding, not one per value.
module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\"x\"=2]>}"}} {
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%arg0) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\"x\"}]>"}} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
}
