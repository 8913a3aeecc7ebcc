// The module tests/malformed/bytecode/run.sh writes as bytecode with
// SEED=stablehlo_seed.mlir: every attribute and type StableHLO and CHLO give
// an encoding of their own (StablehloBytecode.cpp, ChloBytecode.cpp), beside
// op properties and attributes that go as text (#chlo<precision>).
module {
  func.func private @mesh()
  func.func private @future(!stablehlo.future<tensor<f32>, tensor<2xi32>>) -> !stablehlo.token
  func.func @main(%a: tensor<4xf32>, %b: tensor<4x?xf32, #stablehlo.bounds<?, 8>>, %m: tensor<4x4xf32>,
                  %c: tensor<2x4xcomplex<f32>>, %img: tensor<1x4x4x2xf32>, %k: tensor<2x2x2x3xf32>,
                  %g: tensor<3x4xf32>, %idx: tensor<2x1xi32>, %u: tensor<2x4xf32>, %st: tensor<2xui64>, %r: tensor<1x4x4xf32>) -> tensor<4xi1> {
    %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %1 = stablehlo.compare EQ, %a, %a, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %2 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %3 = chlo.broadcast_add %a, %a {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = stablehlo.cosine %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-05, rtol = 2.5e-01, ulps = 3, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %sh = stablehlo.constant dense<4> : tensor<1xi64>
    %5 = "stablehlo.rng"(%z, %z, %sh) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
    %6:2 = "stablehlo.rng_bit_generator"(%st) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %7 = "stablehlo.all_reduce"(%a) ({
      ^bb0(%x: tensor<f32>, %y: tensor<f32>):
        %s = stablehlo.add %x, %y : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<4xf32>) -> tensor<4xf32>
    %8 = stablehlo.dot_general %m, %m, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
    %9 = stablehlo.dot %m, %m, precision = [HIGH, HIGHEST] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %10 = stablehlo.fft %c, type = IFFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
    %11 = "stablehlo.triangular_solve"(%m, %m) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %12 = stablehlo.convolution(%img, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x3x3x3xf32>
    %13 = "stablehlo.gather"(%g, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>, indices_are_sorted = false} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
    %14 = "stablehlo.scatter"(%g, %idx, %u) ({
      ^bb0(%x: tensor<f32>, %y: tensor<f32>):
        stablehlo.return %y : tensor<f32>
    }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = true, unique_indices = false} : (tensor<3x4xf32>, tensor<2x1xi32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %15 = "stablehlo.custom_call"(%a) {call_target_name = "foo", output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf32>
    %16 = "stablehlo.custom_call"(%a) {call_target_name = "test", replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @mesh, axes = [#stablehlo.axis_ref<name = "foo">, #stablehlo.axis_ref<name = "bar", sub_axis_info = (2)4>]>} : (tensor<4xf32>) -> tensor<4xf32>
    %17 = "stablehlo.custom_call"(%a) {call_target_name = "mesh", mesh = #stablehlo.mesh<axes=[<name = "x", size = 2>, <name = "y", size = 4>], device_ids=dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi64>>} : (tensor<4xf32>) -> tensor<4xf32>
    %18 = "chlo.ragged_dot"(%m, %r, %sh) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]} : (tensor<4x4xf32>, tensor<1x4x4xf32>, tensor<1xi64>) -> tensor<4x4xf32>
    %19:2 = chlo.top_k(%a, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
    return %0 : tensor<4xi1>
  }
}
