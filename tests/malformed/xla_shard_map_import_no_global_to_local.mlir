// ERROR: 6:8: 'func.call' op expected at least one operand of @xla.sdy.manual_computation_body to be produced by a xla.sdy.GlobalToLocalShape CustomCallOp
// ARGS: -xla-sdy-round-trip-shard-map-import
// NO-UNREGISTERED
// The call's operand does not come from the custom call the export puts there.
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = call @xla.sdy.manual_computation_body(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
func.func @xla.sdy.manual_computation_body(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}
