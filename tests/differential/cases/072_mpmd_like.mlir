"builtin.module"() ({
  "func.func"() <{function_type = (!xmpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !xmpmd.mesh_tensor<"m2", tensor<4x8xf32>>, sym_name = "main"}> ({
  ^bb0(%arg0: !xmpmd.mesh_tensor<"m1", tensor<4x8xf32>>):
    %0 = "xmpmd.fragment"(%arg0) <{origin = [#xmpmd.user_origin<"f1"(0)>], mesh_name = "m1"}> ({
    ^bb0(%arg1: tensor<4x8xf32>):
      %2 = "xstablehlo.multiply"(%arg1, %arg1) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
      "xmpmd.return"(%2) : (tensor<4x8xf32>) -> ()
    }) : (!xmpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !xmpmd.mesh_tensor<"m1", tensor<4x8xf32>>
    %1 = "xmpmd.transfer"(%0) : (!xmpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !xmpmd.mesh_tensor<"m2", tensor<4x8xf32>>
    "func.return"(%1) : (!xmpmd.mesh_tensor<"m2", tensor<4x8xf32>>) -> ()
  }) {topology = #xmpmd.topology<<"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>>} : () -> ()
}) : () -> ()
