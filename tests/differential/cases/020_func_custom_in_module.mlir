module @m attributes {sdy.x = 1 : i32} {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8xi32> {foo.sharding = "s"}) -> (tensor<4x8xf32>, tensor<8xi32>) {
    %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0, %arg1 : tensor<4x8xf32>, tensor<8xi32>
  }
  func.func private @helper(%x: f32) -> f32 {
    %r = call @main2(%x) : (f32) -> f32
    return %r : f32
  }
  func.func private @main2(f32) -> f32
}
