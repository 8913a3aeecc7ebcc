// ERROR: 5:1: 'func.func' op arg 0 - unknown axis name: "y"
// ARGS: -xla-sdy-round-trip-import-pipeline=enable-hlo-sharding-v3=true
// NO-UNREGISTERED
// An HloShardingV3 sharding on an axis its mesh does not have.
func.func @main(%arg0: tensor<8xf32> {mhlo.sharding = "{mesh['x'=2], [{'y'}]}"}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
