// Two stages on two meshes, forward and backward (tests/pipeline/gen_mpmd.py emit
// --stages 2 --meshes 2 --batch 8 --width 16).
module @pipeline {
  func.func public @main(%w0: tensor<16x16xf32>, %w1: tensor<16x16xf32>, %x: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>) attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>, <"m1" : <["x"=2]>>>} {
    %f0:2 = mpmd.named_computation<"s0"> (%x, %w0) (%a: tensor<8x16xf32>, %p0: tensor<16x16xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %h0 = stablehlo.tanh %z0 : tensor<8x16xf32>
      mpmd.return %h0, %z0 : tensor<8x16xf32>, tensor<8x16xf32>
    } : (tensor<8x16xf32>, tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
    %f1:2 = mpmd.named_computation<"s1"> (%f0#0, %w1) (%a: tensor<8x16xf32>, %p0: tensor<16x16xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %h0 = stablehlo.tanh %z0 : tensor<8x16xf32>
      mpmd.return %h0, %z0 : tensor<8x16xf32>, tensor<8x16xf32>
    } : (tensor<8x16xf32>, tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>)
    %b1:2 = mpmd.named_computation<"s1"(1)> (%f1#0, %f1#1, %f0#0, %w1) (%g: tensor<8x16xf32>, %y0: tensor<8x16xf32>, %hin: tensor<8x16xf32>, %p0: tensor<16x16xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<8x16xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      mpmd.return %dx0, %dw0 : tensor<8x16xf32>, tensor<16x16xf32>
    } : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<16x16xf32>)
    %b0:2 = mpmd.named_computation<"s0"(1)> (%b1#0, %f0#1, %x, %w0) (%g: tensor<8x16xf32>, %y0: tensor<8x16xf32>, %hin: tensor<8x16xf32>, %p0: tensor<16x16xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<8x16xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
      mpmd.return %dx0, %dw0 : tensor<8x16xf32>, tensor<16x16xf32>
    } : (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<16x16xf32>) -> (tensor<8x16xf32>, tensor<16x16xf32>)
    return %b0#1, %b1#1, %b0#0 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<8x16xf32>
  }
}
