// A small JAX-style program in generic form with a GSPMD sharding
// (`mhlo.sharding`) and no sdy.mesh: `sharc propagate` imports it first
// (XLA's -xla-sdy-stablehlo-import-pipeline) and says so.
module @jit_matmul attributes {mhlo.num_partitions = 8 : i32} {
  func.func public @main(%x: tensor<8x16xf32> {mhlo.sharding = "{devices=[4,1]<=[4]}"},
                         %w: tensor<16x32xf32>) -> (tensor<8x32xf32> {jax.result_info = ""}) {
    %y = "stablehlo.dot_general"(%x, %w) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %c = "stablehlo.constant"() {value = dense<1.0> : tensor<8x32xf32>} : () -> tensor<8x32xf32>
    %z = "stablehlo.add"(%y, %c) : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
    return %z : tensor<8x32xf32>
  }
}
