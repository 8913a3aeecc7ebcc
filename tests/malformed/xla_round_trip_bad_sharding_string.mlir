// ERROR: 5:3: 'func.func' op cannot parse the frontend attribute 'xla.sdy.sharding': #sdy.sharding<@mesh, [{"a"}
// ARGS: -xla-sdy-round-trip-import-shardy-attrs
// NO-UNREGISTERED
// A round-tripped argument sharding whose text is cut short.
  func.func @main(%arg0: tensor<8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}"}}) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
