"builtin.module"() <{sym_name = "sdy_module"}> ({
  "xsdy.mesh"() <{mesh = #xsdy.mesh<["x"=2, "y"=2]>, sym_name = "mesh"}> : () -> ()
  "func.func"() <{arg_attrs = [{xsdy.sharding = #xsdy.sharding<@mesh, [{"x"}, {}]>}, {}], function_type = (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>, res_attrs = [{xsdy.sharding = #xsdy.sharding<@mesh, [{}, {"y"}]>}], sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>):
    %0 = "xstablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #xstablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> {xsdy.sharding = #xsdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = "xsdy.sharding_constraint"(%0) <{sharding = #xsdy.sharding<@mesh, [{}, {"y"}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %2 = "xsdy.manual_computation"(%1) <{in_shardings = #xsdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, manual_axes = #sdy<manual_axes{"x"}>, out_shardings = #xsdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}> ({
    ^bb0(%arg2: tensor<4x8xf32>):
      %3 = "xstablehlo.add"(%arg2, %arg2) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      "xsdy.return"(%3) : (tensor<4x8xf32>) -> ()
    }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
    "func.return"(%2) : (tensor<8x8xf32>) -> ()
  }) : () -> ()
}) {mhlo.frontend_attributes = {xla.xsdy.meshes = "{mesh = #xsdy.mesh<[\"x\"=2, \"y\"=2]>}"}} : () -> ()
