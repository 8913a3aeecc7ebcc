// RUN: sdy_opt %s -sdy-pad-for-divisibility | FileCheck %s

// A converted op's results take, dimension by dimension, the larger of the
// padded type and what StableHLO's type inference gives from the padded
// operands (reverse, select, sort, gather, concatenate ...). Where a retyped value is still
// used by an op the conversion leaves alone (func.return, func.call, a legal
// StableHLO op), one unrealized_conversion_cast back to the original type
// follows its definition, as the dialect conversion's source materialization.

sdy.mesh @mesh = <["x"=4]>

func.func private @callee(tensor<7xf32>) -> tensor<7xf32>

// CHECK-LABEL: func.func @reverse_result_unsharded(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.reverse %1, dims = [0] : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: return %3 : tensor<7xf32>
func.func @reverse_result_unsharded(%arg0: tensor<7xf32>) -> tensor<7xf32> {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = stablehlo.reverse %0, dims = [0] : tensor<7xf32>
  return %1 : tensor<7xf32>
}

// CHECK-LABEL: func.func @call_and_return_users(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: %4 = call @callee(%3) : (tensor<7xf32>) -> tensor<7xf32>
// CHECK-NEXT{LITERAL}: %5 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xf32>
// CHECK-NEXT{LITERAL}: return %4, %3 : tensor<7xf32>, tensor<7xf32>
func.func @call_and_return_users(%arg0: tensor<7xf32>) -> (tensor<7xf32>, tensor<7xf32>) {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<7xf32>
  %2 = func.call @callee(%1) : (tensor<7xf32>) -> tensor<7xf32>
  %3 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<7xf32>
  return %2, %1 : tensor<7xf32>, tensor<7xf32>
}

// CHECK-LABEL: func.func @broadcast_and_select(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.select %arg1, %1, %1 : tensor<i1>, tensor<8xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.broadcast %3, sizes = [2] : (tensor<7xf32>) -> tensor<2x7xf32>
// CHECK-NEXT{LITERAL}: return %4 : tensor<2x7xf32>
func.func @broadcast_and_select(%arg0: tensor<7xf32>, %arg1: tensor<i1>) -> tensor<2x7xf32> {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = stablehlo.select %arg1, %0, %0 : tensor<i1>, tensor<7xf32>
  %2 = stablehlo.broadcast %1, sizes = [2] : (tensor<7xf32>) -> tensor<2x7xf32>
  return %2 : tensor<2x7xf32>
}

// CHECK-LABEL: func.func @reduce_window_and_sort(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst_0, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = "stablehlo.sort"(%1) <{dimension = 0 : i64}> ({
// CHECK-NEXT{LITERAL}: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT{LITERAL}: %5 = stablehlo.compare  GT, %arg1, %arg2 : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT{LITERAL}: stablehlo.return %5 : tensor<i1>
// CHECK-NEXT{LITERAL}: }) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: %4 = "stablehlo.reduce_window"(%3, %cst) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
// CHECK-NEXT{LITERAL}: ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
// CHECK-NEXT{LITERAL}: %5 = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT{LITERAL}: stablehlo.return %5 : tensor<f32>
// CHECK-NEXT{LITERAL}: }) : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT{LITERAL}: return %4 : tensor<3xf32>
func.func @reduce_window_and_sort(%arg0: tensor<7xf32>) -> tensor<3xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = "stablehlo.sort"(%0) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<7xf32>) -> tensor<7xf32>
  %2 = "stablehlo.reduce_window"(%1, %cst) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  return %2 : tensor<3xf32>
}

// CHECK-LABEL: func.func @gather_indices_padded(
// CHECK-NEXT{LITERAL}: %c = stablehlo.constant dense<0> : tensor<i64>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg1, %c, low = [0, 0], high = [1, 0], interior = [0, 0] : (tensor<7x1xi64>, tensor<i64>) -> tensor<8x1xi64>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x1xi64>
// CHECK-NEXT{LITERAL}: %2 = "stablehlo.gather"(%arg0, %1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<8x1xi64>) -> tensor<8x4xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8x4xf32> to tensor<7x4xf32>
// CHECK-NEXT{LITERAL}: return %3 : tensor<7x4xf32>
func.func @gather_indices_padded(%arg0: tensor<5x4xf32>, %arg1: tensor<7x1xi64>) -> tensor<7x4xf32> {
  %0 = sdy.all_slice [{"x"}, {}] %arg1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<7x1xi64>
  %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<7x1xi64>) -> tensor<7x4xf32>
  return %1 : tensor<7x4xf32>
}

// CHECK-LABEL: func.func @mismatched_operands_keep_padded_type(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.concatenate %1, %arg0, dim = 0 : (tensor<8xf32>, tensor<7xf32>) -> tensor<15xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<15xf32> to tensor<14xf32>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.slice %3 [0:8] : (tensor<14xf32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: return %4 : tensor<8xf32>
func.func @mismatched_operands_keep_padded_type(%arg0: tensor<7xf32>) -> tensor<8xf32> {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = stablehlo.concatenate %0, %arg0, dim = 0 : (tensor<7xf32>, tensor<7xf32>) -> tensor<14xf32>
  %2 = stablehlo.slice %1 [0:8] : (tensor<14xf32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// CHECK-LABEL: func.func @direct_users(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst_0, low = [0], high = [1], interior = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.broadcast %1, sizes = [2] : (tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<2x8xf32> to tensor<2x7xf32>
// CHECK-NEXT{LITERAL}: %4 = "stablehlo.reduce_window"(%1, %cst) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
// CHECK-NEXT{LITERAL}: ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
// CHECK-NEXT{LITERAL}: %10 = stablehlo.add %arg3, %arg4 : tensor<f32>
// CHECK-NEXT{LITERAL}: stablehlo.return %10 : tensor<f32>
// CHECK-NEXT{LITERAL}: }) : (tensor<8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT{LITERAL}: %5 = builtin.unrealized_conversion_cast %4 : tensor<4xf32> to tensor<3xf32>
// CHECK-NEXT{LITERAL}: %6 = stablehlo.dynamic_update_slice %1, %arg1, %arg2 : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %7 = builtin.unrealized_conversion_cast %6 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: %8 = stablehlo.optimization_barrier %1 : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %9 = builtin.unrealized_conversion_cast %8 : tensor<8xf32> to tensor<7xf32>
// CHECK-NEXT{LITERAL}: return %3, %5, %7, %9 : tensor<2x7xf32>, tensor<3xf32>, tensor<7xf32>, tensor<7xf32>
func.func @direct_users(%arg0: tensor<7xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> (tensor<2x7xf32>, tensor<3xf32>, tensor<7xf32>, tensor<7xf32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<7xf32>
  %1 = stablehlo.broadcast %0, sizes = [2] : (tensor<7xf32>) -> tensor<2x7xf32>
  %2 = "stablehlo.reduce_window"(%0, %cst) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<7xf32>, tensor<f32>) -> tensor<3xf32>
  %3 = stablehlo.dynamic_update_slice %0, %arg1, %arg2 : (tensor<7xf32>, tensor<2xf32>, tensor<i32>) -> tensor<7xf32>
  %4 = stablehlo.optimization_barrier %0 : tensor<7xf32>
  return %1, %2, %3, %4 : tensor<2x7xf32>, tensor<3xf32>, tensor<7xf32>, tensor<7xf32>
}

// CHECK-LABEL: func.func @fft_and_convert(
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0], high = [2], interior = [0] : (tensor<6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xcomplex<f32>>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.fft %1, type =  FFT, length = [6] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT{LITERAL}: %3 = builtin.unrealized_conversion_cast %2 : tensor<8xcomplex<f32>> to tensor<6xcomplex<f32>>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.convert %1 : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f64>>
// CHECK-NEXT{LITERAL}: %5 = builtin.unrealized_conversion_cast %4 : tensor<8xcomplex<f64>> to tensor<6xcomplex<f64>>
// CHECK-NEXT{LITERAL}: return %3, %5 : tensor<6xcomplex<f32>>, tensor<6xcomplex<f64>>
func.func @fft_and_convert(%arg0: tensor<6xcomplex<f32>>) -> (tensor<6xcomplex<f32>>, tensor<6xcomplex<f64>>) {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<6xcomplex<f32>>
  %1 = stablehlo.fft %0, type = FFT, length = [6] : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>>
  %2 = stablehlo.convert %0 : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f64>>
  return %1, %2 : tensor<6xcomplex<f32>>, tensor<6xcomplex<f64>>
}
