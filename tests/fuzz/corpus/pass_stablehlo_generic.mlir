// fuzz_pass seeds in generic form, where every inherent attribute is in
// the dictionary for libFuzzer to swap for one of another kind (mlir.dict
// has some). The RUN line is not lit's: split_seeds.py heads each piece
// with the pass it names.
// RUN: stablehlo-opt -stablehlo-aggressive-simplification

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi32>, tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>), sym_name = "binary"}> ({
  ^bb0(%arg0: tensor<4xi32>, %arg1: tensor<4xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %3 = "stablehlo.add"(%0, %arg0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %4 = "stablehlo.multiply"(%1, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %5 = "stablehlo.multiply"(%arg0, %0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %6 = "stablehlo.multiply"(%arg1, %2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %7 = "stablehlo.subtract"(%arg1, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %8 = "stablehlo.subtract"(%arg0, %arg0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %9 = "stablehlo.or"(%arg0, %0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    "func.return"(%3, %4, %5, %6, %7, %8, %9) : (tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i32>, tensor<f32>) -> (tensor<i1>, tensor<i1>, tensor<i1>), sym_name = "compare"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<f32>):
    %0 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.compare"(%arg0, %arg0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = "stablehlo.compare"(%0, %arg0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = "stablehlo.compare"(%arg1, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "func.return"(%1, %2, %3) : (tensor<i1>, tensor<i1>, tensor<i1>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xf32>, tensor<2x3xf32>) -> (tensor<3xf32>, tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<3x2xf32>), sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<3xf32>, %arg1: tensor<2x3xf32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>) -> tensor<3xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>) -> tensor<3x4xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
    %3 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3xf32>
    %4 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    "func.return"(%0, %2, %3, %4) : (tensor<3xf32>, tensor<2x3x4xf32>, tensor<1x3xf32>, tensor<3x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<1x4xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x1xf32>, tensor<2x3xf32>), sym_name = "shapes"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<1x4xf32>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "stablehlo.reshape"(%arg0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %2 = "stablehlo.reshape"(%1) : (tensor<3x2xf32>) -> tensor<6xf32>
    %3 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %4 = "stablehlo.transpose"(%3) <{permutation = array<i64: 1, 0>}> : (tensor<3x2xf32>) -> tensor<2x3xf32>
    %5 = "stablehlo.transpose"(%arg1) <{permutation = array<i64: 1, 0>}> : (tensor<1x4xf32>) -> tensor<4x1xf32>
    %6 = "stablehlo.convert"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %2, %4, %5, %6) : (tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4x1xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>), sym_name = "select"}> ({
  ^bb0(%arg0: tensor<4xi1>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>):
    %0 = "stablehlo.constant"() <{value = dense<false> : tensor<4xi1>}> : () -> tensor<4xi1>
    %1 = "stablehlo.select"(%arg0, %arg1, %arg1) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "stablehlo.select"(%0, %arg1, %arg2) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = "stablehlo.not"(%arg0) : (tensor<4xi1>) -> tensor<4xi1>
    %4 = "stablehlo.select"(%3, %arg1, %arg2) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1, %2, %4) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>, tensor<3xf32>, tensor<0xf32>) -> (tensor<2xf32>, tensor<7xf32>, tensor<1xf32>), sym_name = "concatenate"}> ({
  ^bb0(%arg0: tensor<2xf32>, %arg1: tensor<3xf32>, %arg2: tensor<0xf32>):
    %0 = "stablehlo.concatenate"(%arg0) <{dimension = 0 : i64}> : (tensor<2xf32>) -> tensor<2xf32>
    %1 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 0 : i64}> : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    %2 = "stablehlo.concatenate"(%1, %arg0) <{dimension = 0 : i64}> : (tensor<5xf32>, tensor<2xf32>) -> tensor<7xf32>
    %3 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 0 : i64}> : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
    %4 = "stablehlo.slice"(%3) <{limit_indices = array<i64: 3>, start_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<5xf32>) -> tensor<1xf32>
    "func.return"(%0, %2, %4) : (tensor<2xf32>, tensor<7xf32>, tensor<1xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "merge_attributes"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %1 = "stablehlo.abs"(%arg0) {mhlo.frontend_attributes = {a = "1"}} : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "stablehlo.add"(%1, %0) {mhlo.frontend_attributes = {b = "2"}, other = 3 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i64>, tensor<i64>, tensor<4xf32>, tensor<f32>, tensor<4xi32>, tensor<i32>) -> (tensor<i64>, tensor<f32>), sym_name = "loops"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<4xf32>, %arg3: tensor<f32>, %arg4: tensor<4xi32>, %arg5: tensor<i32>):
    %0:2 = "stablehlo.while"(%arg0, %arg1) ({
    ^bb0(%arg12: tensor<i64>, %arg13: tensor<i64>):
      %5 = "stablehlo.compare"(%arg12, %arg13) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%5) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg10: tensor<i64>, %arg11: tensor<i64>):
      %4 = "stablehlo.add"(%arg10, %arg11) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%4, %arg11) : (tensor<i64>, tensor<i64>) -> ()
    }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
    %1:2 = "stablehlo.reduce"(%arg2, %arg4, %arg3, %arg5) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<i32>, %arg8: tensor<f32>, %arg9: tensor<i32>):
      %2 = "stablehlo.add"(%arg6, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %3 = "stablehlo.add"(%arg7, %arg9) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2, %3) : (tensor<f32>, tensor<i32>) -> ()
    }) : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    "func.return"(%0#0, %1#0) : (tensor<i64>, tensor<f32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<0x4xf32>) -> (tensor<0x4xf32>, tensor<2x3xi32>), sym_name = "zero_extent_and_iota"}> ({
  ^bb0(%arg0: tensor<0x4xf32>):
    %0 = "stablehlo.abs"(%arg0) : (tensor<0x4xf32>) -> tensor<0x4xf32>
    %1 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x3xi32>
    "func.return"(%0, %1) : (tensor<0x4xf32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xindex>, tensor<2xi32>, tensor<1xi64>) -> (tensor<3xi64>, tensor<?x6xf32>, tensor<2x?xi32>), sym_name = "iota"}> ({
  ^bb0(%arg0: tensor<2xindex>, %arg1: tensor<2xi32>, %arg2: tensor<1xi64>):
    %0 = "stablehlo.dynamic_iota"(%arg2) <{iota_dimension = 0 : i64}> : (tensor<1xi64>) -> tensor<3xi64>
    %1 = "stablehlo.dynamic_iota"(%arg1) <{iota_dimension = 0 : i64}> : (tensor<2xi32>) -> tensor<?x6xf32>
    %2 = "stablehlo.dynamic_iota"(%arg0) <{iota_dimension = 1 : i64}> : (tensor<2xindex>) -> tensor<2x?xi32>
    "func.return"(%0, %1, %2) : (tensor<3xi64>, tensor<?x6xf32>, tensor<2x?xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x4xf32>, tensor<f32>, tensor<2x1xi32>, tensor<2xi64>) -> (tensor<4x9xf32>, tensor<2x4xf32>, tensor<1x2xf32>, tensor<2x3xf32>), sym_name = "constant_operands"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<2x1xi32>, %arg3: tensor<2xi64>):
    %0 = "stablehlo.constant"() <{value = dense<[1, 0]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %1 = "stablehlo.constant"() <{value = dense<[0, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %2 = "stablehlo.constant"() <{value = dense<[0, 1]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %3 = "stablehlo.dynamic_pad"(%arg0, %arg1, %0, %1, %2) {mhlo.frontend_attributes = {a = "1"}} : (tensor<3x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x9xf32>
    %4 = "stablehlo.constant"() <{value = dense<[1, 4]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %5 = "stablehlo.dynamic_gather"(%arg0, %arg2, %4) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x4xf32>
    %6 = "stablehlo.constant"() <{value = dense<[1, 0]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %7 = "stablehlo.constant"() <{value = dense<[3, 4]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %8 = "stablehlo.constant"() <{value = dense<[2, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %9 = "stablehlo.real_dynamic_slice"(%arg0, %6, %7, %8) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
    %10 = "stablehlo.constant"() <{value = dense<[2, 3]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %11 = "stablehlo.constant"() <{value = dense<1> : tensor<2xi64>}> : () -> tensor<2xi64>
    %12 = "stablehlo.add"(%10, %arg3) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %13 = "stablehlo.real_dynamic_slice"(%arg0, %arg3, %12, %11) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x3xf32>
    "func.return"(%3, %5, %9, %13) : (tensor<4x9xf32>, tensor<2x4xf32>, tensor<1x2xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x4xf32>, tensor<2xi64>) -> tensor<1x2xf32>, sym_name = "strided_limit"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<2xi64>):
    %0 = "stablehlo.constant"() <{value = dense<[1, 2]> : tensor<2xi64>}> : () -> tensor<2xi64>
    %1 = "stablehlo.constant"() <{value = dense<2> : tensor<2xi64>}> : () -> tensor<2xi64>
    %2 = "stablehlo.add"(%arg1, %0) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    %3 = "stablehlo.real_dynamic_slice"(%arg0, %arg1, %2, %1) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<1x2xf32>
    "func.return"(%3) : (tensor<1x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<2xi32>, tensor<2xi32>) -> (tensor<2x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>), sym_name = "reshape"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi32>):
    %0 = "stablehlo.dynamic_reshape"(%arg0, %arg1) : (tensor<?xf32>, tensor<2xi32>) -> tensor<2x2xf32>
    %1 = "stablehlo.dynamic_reshape"(%arg0, %arg1) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %2 = "stablehlo.dynamic_reshape"(%1, %arg2) {mhlo.frontend_attributes = {b = "2"}} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    %3 = "stablehlo.negate"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
    %4 = "stablehlo.dynamic_reshape"(%3, %arg1) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    "func.return"(%0, %2, %4) : (tensor<2x2xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xf32>, tensor<?xf32>, tensor<2xindex>, tensor<3xindex>) -> (tensor<3x5xf32>, tensor<?x3xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>), sym_name = "broadcast"}> ({
  ^bb0(%arg0: tensor<3xf32>, %arg1: tensor<?xf32>, %arg2: tensor<2xindex>, %arg3: tensor<3xindex>):
    %0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg2) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>, tensor<2xindex>) -> tensor<3x5xf32>
    %1 = "shape.const_shape"() <{shape = dense<[2, 3]> : tensor<2xindex>}> : () -> tensor<2xindex>
    %2 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>, tensor<2xindex>) -> tensor<?x3xf32>
    %3 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %4 = "stablehlo.dynamic_broadcast_in_dim"(%3, %arg3) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
    %5 = "stablehlo.dynamic_reshape"(%arg1, %arg2) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %6 = "stablehlo.dynamic_broadcast_in_dim"(%5, %arg2) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %7 = "shape.shape_of"(%arg1) : (tensor<?xf32>) -> tensor<1xindex>
    %8 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %7) <{broadcast_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
    %9 = "stablehlo.dynamic_broadcast_in_dim"(%arg1, %7) <{broadcast_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>}> : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>
    "func.return"(%0, %2, %4, %6, %8, %9) : (tensor<3x5xf32>, tensor<?x3xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----

"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<7x7xf32>) -> (tensor<2xindex>, tensor<?xindex>), sym_name = "shape_of"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<7x7xf32>):
    %0 = "shape.const_shape"() <{shape = dense<[4, 2]> : tensor<2xindex>}> : () -> tensor<2xindex>
    %1 = "stablehlo.dynamic_reshape"(%arg0, %0) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %2 = "shape.shape_of"(%1) {mhlo.frontend_attributes = {c = "3"}} : (tensor<?x?xf32>) -> tensor<2xindex>
    %3 = "shape.shape_of"(%arg1) : (tensor<7x7xf32>) -> tensor<?xindex>
    "func.return"(%2, %3) : (tensor<2xindex>, tensor<?xindex>) -> ()
  }) : () -> ()
}) : () -> ()
