// fuzz_pass seeds in generic form, where every inherent attribute is in
// the dictionary for libFuzzer to swap for one of another kind (mlir.dict
// has some). The RUN line is not lit's: split_seeds.py heads each piece
// with the pass it names.
// RUN: stablehlo-opt --chlo-legalize-to-stablehlo

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi64>, tensor<2x3xi1>, tensor<*xf32>) -> tensor<2x3xf32>, sym_name = "forms"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xi64>, %arg3: tensor<2x3xi1>, %arg4: tensor<*xf32>):
    %0 = "chlo.broadcast_add"(%arg0, %arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "chlo.broadcast_multiply"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %2 = "chlo.broadcast_compare"(%arg0, %arg0) <{compare_type = #chlo<comparison_type FLOAT>, comparison_direction = #chlo<comparison_direction LT>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %3 = "chlo.broadcast_select"(%arg3, %arg0, %arg1) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %4 = "chlo.broadcast_complex"(%arg0, %arg0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
    %5 = "chlo.next_after"(%arg0, %arg0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = "chlo.is_inf"(%arg1) : (tensor<3xf32>) -> tensor<3xi1>
    %7:2 = "chlo.top_k"(%arg1) <{is_stable = false, k = 2 : i64}> : (tensor<3xf32>) -> (tensor<2xf32>, tensor<2xi32>)
    %8:2 = "chlo.top_k"(%arg1) <{is_stable = true, k = 1 : i64}> : (tensor<3xf32>) -> (tensor<1xf32>, tensor<1xi32>)
    %9 = "chlo.constant"() <{value = dense<1.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
    %10 = "chlo.constant_like"(%arg0) <{value = 1.000000e+00 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %11 = "chlo.ragged_dot"(%arg0, %arg0, %arg2) <{precision_config = [#chlo<precision DEFAULT>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
    %12 = "chlo.broadcast_subtract"(%arg4, %arg0) : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %13:2 = "chlo.scan"(%arg0, %arg1) <{dimension = 0 : i64, is_reverse = true, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg5: tensor<3xf32>, %arg6: tensor<3xf32>):
      %14 = "stablehlo.add"(%arg5, %arg6) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      "stablehlo.return"(%14, %14) : (tensor<3xf32>, tensor<3xf32>) -> ()
    }) : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>, sym_name = "bcast_add"}> ({
  ^bb0(%arg15: tensor<2x3xf32>, %arg16: tensor<3xf32>):
    %13 = "chlo.broadcast_add"(%arg15, %arg16) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    "func.return"(%13) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>, sym_name = "same_shape"}> ({
  ^bb0(%arg13: tensor<4xi32>, %arg14: tensor<4xi32>):
    %12 = "chlo.broadcast_shift_left"(%arg13, %arg14) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    "func.return"(%12) : (tensor<4xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>, sym_name = "compare"}> ({
  ^bb0(%arg11: tensor<2x3xf32>, %arg12: tensor<f32>):
    %11 = "chlo.broadcast_compare"(%arg11, %arg12) <{compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction LT>}> : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
    "func.return"(%11) : (tensor<2x3xi1>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>, sym_name = "select"}> ({
  ^bb0(%arg8: tensor<3xi1>, %arg9: tensor<2x3xf32>, %arg10: tensor<f32>):
    %10 = "chlo.broadcast_select"(%arg8, %arg9, %arg10) : (tensor<3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    "func.return"(%10) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2xf64>) -> tensor<2xf64>, sym_name = "constant_like"}> ({
  ^bb0(%arg7: tensor<2xf64>):
    %9 = "chlo.constant_like"(%arg7) <{value = 2.500000e+00 : f64}> : (tensor<2xf64>) -> tensor<2xf64>
    "func.return"(%9) : (tensor<2xf64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xf32>, tensor<2xcomplex<f32>>) -> (tensor<4xi1>, tensor<4xf32>, tensor<2xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>), sym_name = "unary"}> ({
  ^bb0(%arg5: tensor<4xf32>, %arg6: tensor<2xcomplex<f32>>):
    %4 = "chlo.is_inf"(%arg5) : (tensor<4xf32>) -> tensor<4xi1>
    %5 = "chlo.tan"(%arg5) : (tensor<4xf32>) -> tensor<4xf32>
    %6 = "chlo.conj"(%arg6) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
    %7 = "chlo.atan"(%arg5) : (tensor<4xf32>) -> tensor<4xf32>
    %8 = "chlo.conj"(%arg5) : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%4, %5, %6, %7, %8) : (tensor<4xi1>, tensor<4xf32>, tensor<2xcomplex<f32>>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xbf16>) -> tensor<4xbf16>, sym_name = "upcast"}> ({
  ^bb0(%arg4: tensor<4xbf16>):
    %3 = "chlo.lgamma"(%arg4) : (tensor<4xbf16>) -> tensor<4xbf16>
    "func.return"(%3) : (tensor<4xbf16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>, sym_name = "mulhi"}> ({
  ^bb0(%arg2: tensor<3xi16>, %arg3: tensor<3xi16>):
    %2 = "chlo.mulhi"(%arg2, %arg3) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
    "func.return"(%2) : (tensor<3xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>), sym_name = "top_k"}> ({
  ^bb0(%arg1: tensor<2x5xf32>):
    %1:2 = "chlo.top_k"(%arg1) <{k = 3 : i64}> : (tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
    "func.return"(%1#0, %1#1) : (tensor<2x3xf32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<f32>) -> tensor<f32>, sym_name = "asin_order"}> ({
  ^bb0(%arg0: tensor<f32>):
    %0 = "chlo.asin"(%arg0) : (tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()
