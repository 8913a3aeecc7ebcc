// ERROR: 5:1: 'builtin.module' op expected 'xla.sdy.meshes' to hold a dictionary of meshes
// ARGS: -xla-sdy-round-trip-import-pipeline
// NO-UNREGISTERED
// Round-trip meshes that are not meshes.
module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = 5 : i64}"}} {
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
}
