//!assign s0@m0/0,s1@m1/1,s2@m0/2,s3@m1/3
//!microbatches 4
//!schedule Circular
module @pipeline {
  func.func public @main(%w0: tensor<8x8xf32>, %w1: tensor<8x8xf32>, %w2: tensor<8x8xf32>, %w3: tensor<8x8xf32>, %x: tensor<4x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>) attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>, <"m1" : <["x"=2]>>>} {
    %f0:2 = mpmd.named_computation<"s0"> (%x, %w0) (%a: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %h0 = stablehlo.tanh %z0 : tensor<4x8xf32>
      mpmd.return %h0, %z0 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %f1:2 = mpmd.named_computation<"s1"> (%f0#0, %w1) (%a: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %h0 = stablehlo.tanh %z0 : tensor<4x8xf32>
      mpmd.return %h0, %z0 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %f2:2 = mpmd.named_computation<"s2"> (%f1#0, %w2) (%a: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %h0 = stablehlo.tanh %z0 : tensor<4x8xf32>
      mpmd.return %h0, %z0 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %f3:2 = mpmd.named_computation<"s3"> (%f2#0, %w3) (%a: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %h0 = stablehlo.tanh %z0 : tensor<4x8xf32>
      mpmd.return %h0, %z0 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
    %b3:2 = mpmd.named_computation<"s3"(1)> (%f3#0, %f3#1, %f2#0, %w3) (%g: tensor<4x8xf32>, %y0: tensor<4x8xf32>, %hin: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<4x8xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %dx0, %dw0 : tensor<4x8xf32>, tensor<8x8xf32>
    } : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>)
    %b2:2 = mpmd.named_computation<"s2"(1)> (%b3#0, %f2#1, %f1#0, %w2) (%g: tensor<4x8xf32>, %y0: tensor<4x8xf32>, %hin: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<4x8xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %dx0, %dw0 : tensor<4x8xf32>, tensor<8x8xf32>
    } : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>)
    %b1:2 = mpmd.named_computation<"s1"(1)> (%b2#0, %f1#1, %f0#0, %w1) (%g: tensor<4x8xf32>, %y0: tensor<4x8xf32>, %hin: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<4x8xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %dx0, %dw0 : tensor<4x8xf32>, tensor<8x8xf32>
    } : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>)
    %b0:2 = mpmd.named_computation<"s0"(1)> (%b1#0, %f0#1, %x, %w0) (%g: tensor<4x8xf32>, %y0: tensor<4x8xf32>, %hin: tensor<4x8xf32>, %p0: tensor<8x8xf32>) {
      %d0 = stablehlo.multiply %g, %y0 : tensor<4x8xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %dx0, %dw0 : tensor<4x8xf32>, tensor<8x8xf32>
    } : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<8x8xf32>)
    return %b0#1, %b1#1, %b2#1, %b3#1, %b0#0 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<4x8xf32>
  }
}
