// An MLP block as JAX exports it with Shardy enabled (jax.jit(mlp).lower(...)
// on a 4x2 mesh of 8 devices): an sdy.mesh, user shardings on the input and
// the two weight matrices, one sdy.sharding_constraint on the hidden
// activations (jax.lax.with_sharding_constraint); the biases are left to
// propagation. `make run` shows what `sharc propagate` makes of it.
#loc1 = loc("x")
#loc2 = loc("w1")
#loc3 = loc("b1")
#loc4 = loc("w2")
#loc5 = loc("b2")
module @jit_mlp attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=4, "model"=2]>
  func.func public @main(%arg0: tensor<32x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>} loc("x"),
                         %arg1: tensor<512x2048xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>} loc("w1"),
                         %arg2: tensor<2048xf32> loc("b1"),
                         %arg3: tensor<2048x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>} loc("w2"),
                         %arg4: tensor<512xf32> loc("b2"))
      -> (tensor<32x512xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x512xf32>, tensor<512x2048xf32>) -> tensor<32x2048xf32> loc(#loc11)
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<2048xf32>) -> tensor<32x2048xf32> loc(#loc12)
    %2 = stablehlo.add %0, %1 : tensor<32x2048xf32> loc(#loc12)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32> loc(#loc13)
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x2048xf32> loc(#loc13)
    %4 = stablehlo.maximum %2, %3 : tensor<32x2048xf32> loc(#loc13)
    %5 = sdy.sharding_constraint %4 <@mesh, [{"data"}, {"model"}]> : tensor<32x2048xf32> loc(#loc14)
    %6 = stablehlo.dot_general %5, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x2048xf32>, tensor<2048x512xf32>) -> tensor<32x512xf32> loc(#loc15)
    %7 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<512xf32>) -> tensor<32x512xf32> loc(#loc16)
    %8 = stablehlo.add %6, %7 : tensor<32x512xf32> loc(#loc16)
    return %8 : tensor<32x512xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc6 = loc("mlp.py":9:0)
#loc7 = loc("mlp.py":10:0)
#loc8 = loc("mlp.py":11:0)
#loc9 = loc("mlp.py":12:0)
#loc10 = loc("mlp.py":13:0)
#loc11 = loc("jit(mlp)/jit(main)/dot_general"(#loc6))
#loc12 = loc("jit(mlp)/jit(main)/add"(#loc6))
#loc13 = loc("jit(mlp)/jit(main)/max"(#loc7))
#loc14 = loc("jit(mlp)/jit(main)/sharding_constraint"(#loc8))
#loc15 = loc("jit(mlp)/jit(main)/dot_general"(#loc9))
#loc16 = loc("jit(mlp)/jit(main)/add"(#loc9))
