// ERROR: 5:1: 'func.func' op cannot read the sharding '{mesh['a'=2, [{'a'}]}'
// ARGS: -xla-sdy-round-trip-import-pipeline=enable-hlo-sharding-v3=true
// NO-UNREGISTERED
// An HloShardingV3 mesh whose axis list never closes.
func.func @main(%arg0: tensor<8xf32> {mhlo.sharding = "{mesh['a'=2, [{'a'}]}"}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
