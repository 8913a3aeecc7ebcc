"builtin.module"() <{sym_name = "sdy_module"}> ({
  "sdy.mesh"() <{mesh = #sdy.mesh<["x"=2, "y"=2]>, sym_name = "mesh"}> : () -> ()
  "func.func"() <{arg_attrs = [{sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, {}], function_type = (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>, res_attrs = [{sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}], sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = "sdy.sharding_constraint"(%0) <{sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = "sdy.manual_computation"(%1) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}> ({
    ^bb0(%arg2: tensor<4x8xf32>):
      %3 = "stablehlo.add"(%arg2, %arg2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      "sdy.return"(%3) : (tensor<4x8xf32>) -> ()
    }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%2) : (tensor<8x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\"x\"=2, \"y\"=2]>}"}} : () -> ()
