"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<8xf32>):
    %0 = "xdy.manual_computation"(%arg0) ({
    ^bb0(%arg1: tensor<2xf32>):
      %1 = "foo.work"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
      "foo.nested"() ({
        %2 = "foo.deeper"(%1) : (tensor<2xf32>) -> tensor<2xf32>
        "foo.yield"(%2) : (tensor<2xf32>) -> ()
      }) : () -> ()
      "xdy.return"(%1) : (tensor<2xf32>) -> ()
    }) {in_shardings = [1], manual_axes = ["x"]} : (tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%0) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
