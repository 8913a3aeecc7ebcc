// RUN: sdy_opt %s -sdy-convert-global-to-local | FileCheck %s

// A scatter whose updates are sharded on a reduction axis starts from the
// reduction's identity on all but one device of each group: for maximum the
// lowest finite value (APFloat::getLargest negated, the signed minimum of an
// integer of any signedness), for minimum the largest, for every float type.

sdy.mesh @mesh = <["x"=2]>

// CHECK-LABEL: func.func @scatter_maximum_f8E4M3FN
// CHECK: %cst = stablehlo.constant dense<-4.480000e+02> : tensor<f8E4M3FN>
func.func @scatter_maximum_f8E4M3FN(%arg0: tensor<4xf8E4M3FN>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf8E4M3FN> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf8E4M3FN> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f8E4M3FN>, %b: tensor<f8E4M3FN>):
    %1 = stablehlo.maximum %a, %b : tensor<f8E4M3FN>
    stablehlo.return %1 : tensor<f8E4M3FN>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E4M3FN>, tensor<2x1xi64>, tensor<2xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf8E4M3FN>
  return %2 : tensor<4xf8E4M3FN>
}

// CHECK-LABEL: func.func @scatter_minimum_f8E5M2
// CHECK: %cst = stablehlo.constant dense<5.734400e+04> : tensor<f8E5M2>
func.func @scatter_minimum_f8E5M2(%arg0: tensor<4xf8E5M2>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf8E5M2> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf8E5M2> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f8E5M2>, %b: tensor<f8E5M2>):
    %1 = stablehlo.minimum %a, %b : tensor<f8E5M2>
    stablehlo.return %1 : tensor<f8E5M2>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E5M2>, tensor<2x1xi64>, tensor<2xf8E5M2>) -> tensor<4xf8E5M2>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf8E5M2>
  return %2 : tensor<4xf8E5M2>
}

// CHECK-LABEL: func.func @scatter_maximum_f64
// CHECK: %cst = stablehlo.constant dense<-1.7976931348623157E+308> : tensor<f64>
func.func @scatter_maximum_f64(%arg0: tensor<4xf64>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf64> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %1 = stablehlo.maximum %a, %b : tensor<f64>
    stablehlo.return %1 : tensor<f64>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf64>, tensor<2x1xi64>, tensor<2xf64>) -> tensor<4xf64>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf64>
  return %2 : tensor<4xf64>
}

// CHECK-LABEL: func.func @scatter_minimum_bf16
// CHECK: %cst = stablehlo.constant dense<3.389530e+38> : tensor<bf16>
func.func @scatter_minimum_bf16(%arg0: tensor<4xbf16>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xbf16> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %1 = stablehlo.minimum %a, %b : tensor<bf16>
    stablehlo.return %1 : tensor<bf16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xbf16>, tensor<2x1xi64>, tensor<2xbf16>) -> tensor<4xbf16>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xbf16>
  return %2 : tensor<4xbf16>
}

// CHECK-LABEL: func.func @scatter_maximum_f16
// CHECK: %cst = stablehlo.constant dense<-6.550400e+04> : tensor<f16>
func.func @scatter_maximum_f16(%arg0: tensor<4xf16>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf16> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %1 = stablehlo.maximum %a, %b : tensor<f16>
    stablehlo.return %1 : tensor<f16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf16>, tensor<2x1xi64>, tensor<2xf16>) -> tensor<4xf16>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf16>
  return %2 : tensor<4xf16>
}

// CHECK-LABEL: func.func @scatter_maximum_i8
// CHECK: %c = stablehlo.constant dense<-128> : tensor<i8>
func.func @scatter_maximum_i8(%arg0: tensor<4xi8>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xi8> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xi8> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %1 = stablehlo.maximum %a, %b : tensor<i8>
    stablehlo.return %1 : tensor<i8>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi8>, tensor<2x1xi64>, tensor<2xi8>) -> tensor<4xi8>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xi8>
  return %2 : tensor<4xi8>
}

// CHECK-LABEL: func.func @scatter_minimum_ui16
// CHECK: %c = stablehlo.constant dense<32767> : tensor<ui16>
func.func @scatter_minimum_ui16(%arg0: tensor<4xui16>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xui16> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xui16> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %1 = stablehlo.minimum %a, %b : tensor<ui16>
    stablehlo.return %1 : tensor<ui16>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xui16>, tensor<2x1xi64>, tensor<2xui16>) -> tensor<4xui16>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xui16>
  return %2 : tensor<4xui16>
}

// CHECK-LABEL: func.func @scatter_maximum_i1
// CHECK: %c = stablehlo.constant dense<true> : tensor<i1>
func.func @scatter_maximum_i1(%arg0: tensor<4xi1>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xi1> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %1 = stablehlo.maximum %a, %b : tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xi1>, tensor<2x1xi64>, tensor<2xi1>) -> tensor<4xi1>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xi1>
  return %2 : tensor<4xi1>
}

// CHECK-LABEL: func.func @scatter_minimum_f8E8M0FNU
// CHECK: %cst = stablehlo.constant dense<1.701410e+38> : tensor<f8E8M0FNU>
func.func @scatter_minimum_f8E8M0FNU(%arg0: tensor<4xf8E8M0FNU>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf8E8M0FNU> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf8E8M0FNU> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f8E8M0FNU>, %b: tensor<f8E8M0FNU>):
    %1 = stablehlo.minimum %a, %b : tensor<f8E8M0FNU>
    stablehlo.return %1 : tensor<f8E8M0FNU>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E8M0FNU>, tensor<2x1xi64>, tensor<2xf8E8M0FNU>) -> tensor<4xf8E8M0FNU>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf8E8M0FNU>
  return %2 : tensor<4xf8E8M0FNU>
}

// CHECK-LABEL: func.func @scatter_maximum_f8E4M3FNUZ
// CHECK: %cst = stablehlo.constant dense<-2.400000e+02> : tensor<f8E4M3FNUZ>
func.func @scatter_maximum_f8E4M3FNUZ(%arg0: tensor<4xf8E4M3FNUZ>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf8E4M3FNUZ> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf8E4M3FNUZ> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f8E4M3FNUZ>, %b: tensor<f8E4M3FNUZ>):
    %1 = stablehlo.maximum %a, %b : tensor<f8E4M3FNUZ>
    stablehlo.return %1 : tensor<f8E4M3FNUZ>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf8E4M3FNUZ>, tensor<2x1xi64>, tensor<2xf8E4M3FNUZ>) -> tensor<4xf8E4M3FNUZ>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf8E4M3FNUZ>
  return %2 : tensor<4xf8E4M3FNUZ>
}

// CHECK-LABEL: func.func @scatter_maximum_f4E2M1FN
// CHECK: %cst = stablehlo.constant dense<-6.000000e+00> : tensor<f4E2M1FN>
func.func @scatter_maximum_f4E2M1FN(%arg0: tensor<4xf4E2M1FN>, %arg1: tensor<2x1xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<2xf4E2M1FN> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf4E2M1FN> {
  %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) ({
  ^bb0(%a: tensor<f4E2M1FN>, %b: tensor<f4E2M1FN>):
    %1 = stablehlo.maximum %a, %b : tensor<f4E2M1FN>
    stablehlo.return %1 : tensor<f4E2M1FN>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<4xf4E2M1FN>, tensor<2x1xi64>, tensor<2xf4E2M1FN>) -> tensor<4xf4E2M1FN>
  %2 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}]> : tensor<4xf4E2M1FN>
  return %2 : tensor<4xf4E2M1FN>
}
