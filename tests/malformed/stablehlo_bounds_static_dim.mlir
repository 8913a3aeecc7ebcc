// ERROR: 2:35: Static dimension 0 cannot have a bound, use ShapedType::kDynamic to indicate a missing bound in tensor 'tensor<3xf32>'
func.func @bound_on_static(%arg0: tensor<3xf32, #stablehlo.type_extensions<bounds = [3]>>) {
  return
}
