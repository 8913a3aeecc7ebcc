// A shard_map over "y" in a function called from the body of one over "x":
// the inner one must see "x" as manual (the chain of running bodies, not
// its parent ops), so each device assembles only its own block of "x".
sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func private @inner(%a: tensor<4x8xi32>) -> tensor<4x8xi32> {
  %1 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>] manual_axes={"y"} (%b: tensor<4x4xi32>) {
    %2 = stablehlo.partition_id : tensor<ui32>
    %3 = stablehlo.convert %2 : (tensor<ui32>) -> tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %5 = stablehlo.multiply %b, %4 : tensor<4x4xi32>
    sdy.return %5 : tensor<4x4xi32>
  } : (tensor<4x8xi32>) -> tensor<4x8xi32>
  return %1 : tensor<4x8xi32>
}

func.func @main(%arg0: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<8x8xi32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xi32>) {
    %1 = func.call @inner(%a) : (tensor<4x8xi32>) -> tensor<4x8xi32>
    %6 = stablehlo.add %1, %a : tensor<4x8xi32>
    sdy.return %6 : tensor<4x8xi32>
  } : (tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
